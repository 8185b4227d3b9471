import { configure } from 'safe-stable-stringify';

// Keys sorted at every depth; `bigint` and circular values cannot occur in a parsed JSON body.
const stableStringify = configure({ deterministic: true, circularValue: Error, bigint: false });

/**
 * One text per JSON value whatever the order of its object keys, for request fingerprints: `{"a":1,"b":2}` and
 * `{"b":2,"a":1}` are the same request, so a retry that re-serialised its body is still a retry. (Array order and
 * every value stay significant; JSON.parse already made the numbers canonical.)
 */
export function canonicalJson(value: unknown): string {
  return stableStringify(value) ?? 'null';
}
