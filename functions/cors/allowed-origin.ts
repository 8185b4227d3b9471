import { DomainError } from '../kernel/errors';

/**
 * An origin a browser sends (`https://app.example.com`, `http://localhost:5173`): scheme, host and port only.
 * `*` and `null` are refused: an account names the pages it trusts one by one.
 */
export function parseOrigin(input: string): string {
  const refuse = (why: string) =>
    new DomainError('invalid_request', `origin: ${why}, received ${JSON.stringify(input.slice(0, 100))}.`, [{ param: 'origin', message: why }]);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw refuse('expected an origin such as https://app.example.com');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('expected an http or https origin');
  if (url.origin !== input.replace(/\/$/, '')) throw refuse('expected scheme, host and port only (no path, query or credentials)');
  return url.origin;
}
