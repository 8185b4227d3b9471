import type { z } from 'zod';
import type { ParamError } from './errors';

/** `products[0].ingredients[3]`-style parameter name of a zod issue path; the whole body when empty. */
export function paramOf(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || 'body';
}

/**
 * A zod error as the API's `errors: [{ param, message }]`, without repeats. Messages written for every
 * element of a list ("products[] must …") name the element that failed ("products[2] must …").
 */
export function paramErrorsOf(error: z.ZodError): ParamError[] {
  const seen = new Set<string>();
  const errors: ParamError[] = [];
  for (const issue of error.issues) {
    const param = paramOf(issue.path);
    const element = /^([a-z_]+)\[\d+\]/.exec(param);
    const message = element ? issue.message.replace(new RegExp(`^${element[1]}\\[\\]`), element[0]) : issue.message;
    const key = `${param}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ param, message });
  }
  return errors;
}

/** How a received value is named in an error message: `"abc"`, `number 42`, `an array`, `null`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 40 ? `a string of ${value.length} characters` : `"${value}"`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return typeof value === 'object' ? 'an object' : typeof value;
}
