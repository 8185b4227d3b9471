/**
 * Dependency rules of functions/, run by `npm run check:deps` in npm test. docs/architecture.md explains them.
 * Layers: kernel (shared vocabulary) ← capabilities ← ports (the Stores bag) ← adapters ← the edge (api,
 * dashboard, http) ← runtime (composition roots). Nothing imports runtime; no capability imports adapters or the
 * edge; only adapters and runtime speak the AWS SDK.
 */
const EDGE_AND_ABOVE = '^functions/(api|dashboard|http|runtime)/';
const NOT_A_CAPABILITY = '^functions/(kernel|adapters|ports|runtime|api|dashboard|http)/';

module.exports = {
  forbidden: [
    {
      name: 'no-module-cycles',
      severity: 'error',
      comment: 'No import cycle between modules (a cycle made only of type imports is allowed).',
      from: { path: '^functions/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'kernel-imports-nothing-of-ours',
      severity: 'error',
      comment: 'The kernel is the shared vocabulary: it imports no capability, adapter, port, edge or runtime.',
      from: { path: '^functions/kernel/' },
      to: { path: '^functions/', pathNot: '^functions/kernel/' },
    },
    {
      name: 'capabilities-use-ports-not-adapters',
      severity: 'error',
      comment: 'A capability is given its stores and queues (ports); it never builds or imports an adapter, the edge or a runtime.',
      from: { path: '^functions/', pathNot: NOT_A_CAPABILITY },
      to: { path: '^functions/(adapters|api|dashboard|http|runtime)/' },
    },
    {
      name: 'ports-and-adapters-below-the-edge',
      severity: 'error',
      from: { path: '^functions/(ports|adapters)/' },
      to: { path: EDGE_AND_ABOVE },
    },
    {
      name: 'nothing-imports-a-runtime',
      severity: 'error',
      comment: 'functions/runtime holds the composition roots (Lambda entries, dependency builders); only local/, cli/, test/ and lib/ may use them.',
      from: { path: '^functions/', pathNot: '^functions/runtime/' },
      to: { path: '^functions/runtime/' },
    },
    {
      name: 'aws-sdk-only-in-adapters',
      severity: 'error',
      comment: 'DynamoDB, S3 and SQS are spoken by functions/adapters/aws (and wired by functions/runtime) only.',
      from: { path: '^functions/', pathNot: '^functions/(adapters|runtime)/' },
      to: { path: '^node_modules/@aws-sdk/' },
    },
    {
      name: 'analysis-through-its-contract',
      severity: 'error',
      comment:
        'Other folders use analysis/contract.ts (vocabulary, outcome types) and analysis/analyzer.ts (the port); runtime builds it with create-analyzer.ts. ' +
        'overlays/ is the known exception: it draws what the analysis packs (overlay-source.ts, to move into analysis once the analysis work of this round has landed).',
      from: { path: '^functions/', pathNot: '^functions/(analysis|overlays|runtime)/' },
      to: { path: '^functions/analysis/', pathNot: '^functions/analysis/(contract|analyzer)\\.ts$' },
    },
    {
      name: 'ingredients-through-its-index',
      severity: 'error',
      comment: 'Other folders use functions/ingredients/index.ts, the capability\'s declared surface.',
      from: { path: '^functions/', pathNot: '^functions/ingredients/' },
      to: { path: '^functions/ingredients/', pathNot: '^functions/ingredients/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(clients|models/generated)/' },
  },
};
