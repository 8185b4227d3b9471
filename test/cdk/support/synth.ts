import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FUNCTION_ENTRIES, PROJECT_ROOT } from '../../../lib/project-paths';
import { SkinAnalysisStack, type SkinAnalysisStackProps } from '../../../lib/skin-analysis-stack';

/** The feature flags and settings of cdk.json, so tests synthesize what `npx cdk synth` does. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  return cdkJson.context;
}

/**
 * Stand-in for functions/delivery/handler.ts while that handler does not exist yet (it is written separately):
 * a real, bundled SQS handler, so the stack's delivery wiring (function, event source, grants) is tested.
 * Once the real handler exists, the tests use it instead.
 */
export const DELIVERY_STAND_IN = join(PROJECT_ROOT, 'test', 'cdk', 'fixtures', 'delivery-stand-in.ts');

export function deliveryEntryForTests(): { entry: string; standIn: boolean } {
  return existsSync(FUNCTION_ENTRIES.delivery)
    ? { entry: FUNCTION_ENTRIES.delivery, standIn: false }
    : { entry: DELIVERY_STAND_IN, standIn: true };
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
  const started = Date.now();
  const outdir = mkdtempSync(join(tmpdir(), 'skin-cdk-test-'));
  const app = new App({ context: cdkJsonContext(), outdir });
  const stack = new SkinAnalysisStack(app, 'SkinAnalysisTest', {
    deliveryEntry: deliveryEntryForTests().entry,
    ...props,
  });
  const template = Template.fromStack(stack);
  return { app, stack, template, outdir, synthMs: Date.now() - started };
}
