import { Hono } from 'hono';
import { notFound } from '../../kernel/errors';
import { ApiError } from '../api-error';
import { requireScope } from '../../keys/authenticate';
import { analyzeIngredients, getKnowledgeBase, validateIngredientAnalysisRequest } from '../../ingredients';
import type { MarkerName, Severity } from '../../analysis/contract';
import { readJsonBody } from '../json-body';
import type { ApiDeps, ApiEnv } from '../deps';
import type { IngredientAnalysisBody } from '../schemas/ingredient-analysis';
import { tenantOf } from './scans';

export const INGREDIENTS_BODY_LIMIT = 64 * 1024;

/** POST /v1/ingredients/analyze: an INCI list (or several products) explained, flagged and judged per marker. */
export function ingredientRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  // Loaded and validated at start: bad data fails the deploy, not a request.
  getKnowledgeBase();

  app.post('/analyze', async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'ingredients:read');
    const validation = validateIngredientAnalysisRequest(await readJsonBody(c.req.raw, INGREDIENTS_BODY_LIMIT));
    if (!validation.success) {
      const first = validation.errors[0];
      throw new ApiError('invalid_request', first ? first.message : 'body: invalid request.', validation.errors);
    }
    const request = validation.data;
    let markerSeverities: Partial<Record<MarkerName, Severity>> | undefined;
    if (request.scan_id) {
      const scan = await deps.stores.scans.get(tenantOf(principal), request.scan_id);
      if (!scan) throw notFound(`Scan ${request.scan_id}`);
      markerSeverities = Object.fromEntries(Object.entries(scan.markers).map(([name, result]) => [name, result!.severity]));
    }
    // The module's output type is checked against the documented response schema.
    const body: IngredientAnalysisBody = analyzeIngredients(request, { markerSeverities });
    return c.json(body);
  });
  return app;
}
