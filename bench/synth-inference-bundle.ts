/**
 * `tsx bench/synth-inference-bundle.ts <checkout> <out dir>`: the checkout's stack synthesized with real bundling by
 * its own CDK code (x86_64) and its inference asset (index.mjs, node_modules, models) copied to `out dir`. Run in a
 * process of its own per checkout (bench/compare-cold-start.ts): two checkouts' test support cannot share one process.
 */
import { cpSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [checkout, out] = process.argv.slice(2);
if (!checkout || !out) throw new Error('usage: synth-inference-bundle.ts <checkout> <out dir>');
const load = (path: string) => import(pathToFileURL(join(resolve(checkout), path)).href);
const { synthesize } = (await load('test/cdk/support/synth.ts')) as typeof import('../test/cdk/support/synth');
const { assetDirOf } = (await load('test/cdk/support/bundle-files.ts')) as typeof import('../test/cdk/support/bundle-files');
const { logicalId } = (await load('test/cdk/support/template-queries.ts')) as typeof import('../test/cdk/support/template-queries');
const synth = synthesize({ architecture: 'x86_64' });
rmSync(out, { recursive: true, force: true });
cpSync(assetDirOf(synth.template, logicalId(synth.stack, synth.stack.inference.function), synth.outdir), out, { recursive: true });
rmSync(synth.outdir, { recursive: true, force: true });
