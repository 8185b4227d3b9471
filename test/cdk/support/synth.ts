import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { FUNCTION_ENTRIES, PROJECT_ROOT } from '../../../lib/project-paths';
import { SkinAnalysisStack, type SkinAnalysisStackProps } from '../../../lib/skin-analysis-stack';

/** The feature flags and settings of cdk.json, so tests synthesize what `npx cdk synth` does. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  return cdkJson.context;
}

export interface SynthesizedStack {
  app: App;
  stack: SkinAnalysisStack;
  template: Template;
  outdir: string;
  /** Milliseconds of construction plus synthesis (bundling included). */
  synthMs: number;
}

/** Builds and synthesizes the stack with real bundling (esbuild, native packages, models) into a temp dir. */
export function synthesize(props: SkinAnalysisStackProps = {}): SynthesizedStack {
  return synthesizeWith(cdkJsonContext(), props);
}

/**
 * The same stack and template without running the bundling (CDK's `aws:cdk:bundling-stacks: []`): for the suites
 * that read only the template and the construct tree (IAM, cdk-nag, recovery, stack). The template is the one
 * `synthesize` gives except for the asset hashes in the functions' code keys; the bundles themselves are built
 * and checked by bundle.test.ts. A bundled synthesis takes about 17 s of CPU, this one about 3 s.
 */
function synthesizeTemplate(props: SkinAnalysisStackProps = {}): SynthesizedStack {
  return synthesizeWith({ ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] }, props);
}

/**
 * `synthesizeTemplate` once before the calling file's tests, its output folder removed after them. The fields are
 * filled in when the tests run, so read them inside tests and hooks, not at the file's top level.
 */
export function synthesizedTemplateForFile(props: SkinAnalysisStackProps = {}): SynthesizedStack {
  const synth = {} as SynthesizedStack;
  beforeAll(() => {
    Object.assign(synth, synthesizeTemplate(props));
  });
  afterAll(() => {
    if (synth.outdir) rmSync(synth.outdir, { recursive: true, force: true });
  });
  return synth;
}

function synthesizeWith(context: Record<string, unknown>, props: SkinAnalysisStackProps): SynthesizedStack {
  const started = Date.now();
  const outdir = mkdtempSync(join(tmpdir(), 'skin-cdk-test-'));
  const app = new App({ context, outdir });
  const stack = new SkinAnalysisStack(app, 'SkinAnalysisTest', { deliveryEntry: FUNCTION_ENTRIES.delivery, ...props });
  const template = Template.fromStack(stack);
  return { app, stack, template, outdir, synthMs: Date.now() - started };
}
