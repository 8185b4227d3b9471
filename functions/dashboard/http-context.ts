import type { Context } from 'hono';

// The dashboard's links and cookie paths start with the same prefix as the API's.
export { basePath } from '../http/base-path';

interface LambdaEnv {
  event?: { requestContext?: { identity?: { sourceIp?: string } } };
}
interface NodeEnv {
  incoming?: { socket?: { remoteAddress?: string } };
}

/** The caller's address: API Gateway's source IP, or the socket's locally. */
export function clientAddress(c: Context): string {
  const env = c.env as (LambdaEnv & NodeEnv) | undefined;
  return env?.event?.requestContext?.identity?.sourceIp ?? env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/** The origin the browser sees (scheme and host of this request). */
export function requestOrigin(c: Context): string {
  return new URL(c.req.url).origin;
}

/** Cookies are Secure everywhere but on plain http to the local machine (browsers drop Secure cookies there). */
export function secureCookies(c: Context): boolean {
  const url = new URL(c.req.url);
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  return !(url.protocol === 'http:' && local);
}
