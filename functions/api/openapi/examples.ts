/**
 * Response examples of the OpenAPI document, captured from the real local stack by test/openapi/examples.test.ts
 * (every operation and every documented error, ids and timestamps normalised) into examples.json next to this
 * file. The document shows them instead of samples made up from the schemas, so /docs shows what the API says.
 */
import captured from './examples.json' with { type: 'json' };

export interface CapturedExample {
  summary: string;
  value: unknown;
}

/** operationId → HTTP status → example name (a scenario, or the error code) → example. */
export type CapturedExamples = Record<string, Record<string, Record<string, CapturedExample>>>;

export const CAPTURED_EXAMPLES = captured as CapturedExamples;

/** The examples of one response, as an OpenAPI `examples` map (undefined when none were captured). */
export function responseExamples(operationId: string, status: number, only?: readonly string[]): Record<string, CapturedExample> | undefined {
  const byName = CAPTURED_EXAMPLES[operationId]?.[String(status)];
  if (!byName) return undefined;
  const entries = Object.entries(byName).filter(([name]) => !only || only.includes(name));
  return entries.length ? Object.fromEntries(entries) : undefined;
}
