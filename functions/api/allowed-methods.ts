import type { Hono } from 'hono';
import { ApiError } from './api-error';

/**
 * The methods the app answers on a path, from its own route table (middleware, registered for ALL methods, does
 * not count): a request whose path exists under another method is a 405 with `Allow` (RFC 9110 §15.5.6), not a 404.
 * The table is read on first use, after every route is registered.
 */
// biome-ignore lint/suspicious/noExplicitAny: any app's routes will do; only their paths and methods are read.
export function allowedMethodsOf(app: Hono<any>): (path: string) => string[] {
  let table: { pattern: RegExp; method: string }[] | undefined;
  return (path) => {
    table ??= app.routes
      .filter((route) => route.method !== 'ALL')
      .map((route) => ({ pattern: pathPattern(route.path), method: route.method }));
    const methods = new Set(table.filter((route) => route.pattern.test(path)).map((route) => route.method));
    // Hono answers HEAD with the GET handler.
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}

/** `/v1/scans/:scan_id/overlay` → a regex matching one path segment per parameter. */
function pathPattern(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

export function methodNotAllowed(method: string, path: string, allowed: string[]): ApiError {
  return new ApiError('method_not_allowed', `${method} is not allowed on ${path.slice(0, 200)}; allowed: ${allowed.join(', ')}.`, [], {
    Allow: allowed.join(', '),
  });
}
