import { Hono } from 'hono';
import { markerCatalogue } from '../../analysis/skin/manifest';
import type { ApiEnv } from '../deps';

/** GET /v1/markers: what each marker measures, where, its score direction and severity bands. Any key. */
export function markerRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const body = { data: markerCatalogue() };
  app.get('/', (c) => c.json(body));
  return app;
}
