/**
 * Dependency rules of functions/, run by `npm run check:deps` in npm test. docs/architecture.md explains them.
 * Layers: kernel (shared vocabulary) ← capabilities ← ports (the Stores bag) ← adapters ← the edge (api,
 * dashboard, http) ← runtime (composition roots). Nothing imports runtime; no capability imports adapters or the
 * edge; only adapters and runtime speak the AWS SDK.
 */
const EDGE_AND_ABOVE = '^functions/(api|dashboard|http|runtime)/';
const NOT_A_CAPABILITY = '^functions/(kernel|adapters|ports|runtime|api|dashboard|http)/';
/** Every other folder of functions/ is a capability (scans, webhooks, keys, …). */
const CAPABILITY = '^functions/(?!(kernel|adapters|ports|runtime|api|dashboard|http)/)[^/]+/';

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
      name: 'capabilities-through-their-contract',
      severity: 'error',
      comment:
        'Outside its own folder, a capability is used only through its contract.ts (its records, store ports, domain errors and use cases). ' +
        'The analysis has a second public file, analyzer.ts (its port); create-analyzer.ts and overlays/overlay-source.ts have rules of their own below.',
      from: { path: '^functions/([^/]+)/' },
      to: {
        path: CAPABILITY,
        pathNot: [
          '^functions/$1/',
          '^functions/[^/]+/contract\\.ts$',
          '^functions/analysis/(analyzer|create-analyzer)\\.ts$',
          '^functions/overlays/overlay-source\\.ts$',
        ],
      },
    },
    {
      name: 'only-runtime-builds-the-analyzer',
      severity: 'error',
      comment: 'create-analyzer.ts loads the models (onnxruntime, sharp): only the composition roots build it, so the API bundle stays small.',
      from: { path: '^functions/', pathNot: '^functions/(analysis|runtime)/' },
      to: { path: '^functions/analysis/create-analyzer\\.ts$' },
    },
    {
      name: 'overlay-source-only-from-the-analysis',
      severity: 'error',
      comment:
        'The analysis writes the overlay source (overlays/overlay-source.ts) directly, the one import past a contract: both folders are frozen ' +
        'this round (other work is changing them), and the file moves into analysis/ once that has landed. Everyone else uses overlays/contract.ts.',
      from: { path: '^functions/', pathNot: '^functions/(analysis|overlays)/' },
      to: { path: '^functions/overlays/overlay-source\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(clients|models/generated)/' },
  },
};
