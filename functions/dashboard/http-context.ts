import type { Context } from 'hono';

interface LambdaEnv {
  event?: { path?: string; requestContext?: { path?: string; identity?: { sourceIp?: string } } };
}
interface NodeEnv {
  incoming?: { socket?: { remoteAddress?: string } };
}

/**
 * The path prefix in front of the app's routes: the stage (`/prod`) behind API Gateway's default URL, nothing
 * locally. API Gateway hands the function the path without the stage and keeps the full one in requestContext.
 */
export function basePath(c: Context): string {
  const event = (c.env as LambdaEnv | undefined)?.event;
  const full = event?.requestContext?.path;
  const routed = event?.path;
  if (!full || !routed || !full.endsWith(routed)) return '';
  return full.slice(0, full.length - routed.length).replace(/\/$/, '');
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
