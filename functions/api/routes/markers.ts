import { Hono } from 'hono';
import { markerCatalogue } from '../../analysis/contract';
import type { ApiEnv } from '../deps';
import { markerCatalogueSchema } from '../schemas/markers';

/** GET /v1/markers: what each marker measures, where, its score direction and severity bands. Any key. */
export function markerRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  // Checked once against the documented schema: a manifest that does not fit fails the start, not a request.
  const body = markerCatalogueSchema.parse({ data: markerCatalogue() });
  app.get('/', (c) => c.json(body));
  return app;
}
