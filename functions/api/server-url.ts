import type { Context } from 'hono';
import { basePath } from '../http/base-path';
import type { ApiEnv } from './deps';

/**
 * The API's base URL as the client reached it (origin plus the API Gateway stage or base path). Problem `type` URIs
 * and the `/` redirect are built from it, so a self-hosted stack never points at someone else's domain.
 */
export function serverUrl(c: Context): string {
  return `${new URL(c.req.url).origin}${basePath(c as Context<ApiEnv>)}`;
}
