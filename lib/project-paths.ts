import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: bundling runs from here (package-lock.json, node_modules, models). */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Lambda entry files, by function. */
export const FUNCTION_ENTRIES = {
  api: join(PROJECT_ROOT, 'functions', 'runtime', 'lambda', 'api.ts'),
  inference: join(PROJECT_ROOT, 'functions', 'runtime', 'lambda', 'inference.ts'),
  delivery: join(PROJECT_ROOT, 'functions', 'runtime', 'lambda', 'delivery.ts'),
  recovery: join(PROJECT_ROOT, 'functions', 'runtime', 'lambda', 'recovery.ts'),
} as const;

/** The delivery function's entry when its handler exists in this checkout, else undefined (see Webhooks). */
export function defaultDeliveryEntry(): string | undefined {
  return existsSync(FUNCTION_ENTRIES.delivery) ? FUNCTION_ENTRIES.delivery : undefined;
}
