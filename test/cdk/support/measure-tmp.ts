import { synthesize } from './synth';
const r = synthesize({ architecture: (process.env.ARCH as 'arm64') ?? 'arm64', inferenceEntry: '/work/main/test/cdk/fixtures/tmp-inference.ts', apiEntry: '/work/main/test/cdk/fixtures/tmp-api.ts' });
console.log('synth ms', r.synthMs, r.outdir);
