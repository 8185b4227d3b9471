/** POST /v1/ingredients/analyze: an INCI list (or several products) explained, flagged and judged per marker. */
import { notFound } from '../../kernel/errors';
import { analyzeIngredients, getKnowledgeBase, ingredientAnalysisRequestSchema } from '../../ingredients/contract';
import type { MarkerName, Severity } from '../../analysis/contract';
import type { ApiDeps } from '../deps';
import { jsonBody } from '../json-body';
import { defineRoute } from '../route';
import { tenantOf } from '../tenant-of';
import { ingredientAnalysisSchema, type IngredientAnalysisBody } from '../schemas/ingredient-analysis';

export const INGREDIENTS_BODY_LIMIT = 64 * 1024;

export const analyzeIngredientsRoute = defineRoute(
  {
    method: 'post',
    path: '/v1/ingredients/analyze',
    operationId: 'analyzeIngredients',
    tag: 'Ingredients',
    summary: 'Analyse an ingredient list',
    description: [
      'Parses a pasted INCI list (a string, or an array with one ingredient per element) and explains each ingredient:',
      'canonical name, functions, comedogenic rating, irritancy, flags (EU fragrance allergen, drying alcohol, …) and',
      'benefits per marker; unknown ingredients are listed as unknown, never dropped. For the whole list: actives,',
      'conflicts between actives and a suitability summary for the given `markers` or a `scan_id`\'s results. Up to 20',
      `\`products\` are analysed alongside, with conflicts between them. The body is at most ${INGREDIENTS_BODY_LIMIT / 1024} KB.`,
    ].join('\n'),
    auth: 'ingredients:read',
    body: {
      description: '`ingredients` (required); `markers` (an array or a comma-separated string of marker names) or `scan_id`; optional `products`.',
      content: {
        'application/json': {
          schema: ingredientAnalysisRequestSchema,
          read: jsonBody(INGREDIENTS_BODY_LIMIT),
          example: { ingredients: 'Aqua, Glycerin, Niacinamide, Salicylic Acid, Parfum', markers: ['acne', 'redness'] },
        },
      },
    },
    responses: [{ status: 200, description: 'The analysis.', body: { contentType: 'application/json', schema: ingredientAnalysisSchema } }],
    errors: ['invalid_request', 'not_found', 'payload_too_large', 'unsupported_media_type'],
    curl: `curl "$SKIN_API_URL/v1/ingredients/analyze" -H "Authorization: Bearer $SKIN_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '{"ingredients": "Aqua, Glycerin, Niacinamide, Salicylic Acid, Parfum", "markers": ["acne", "redness"]}'`,
  },
  (deps: ApiDeps) => {
    // Loaded and validated at start: bad data fails the deploy, not a request.
    getKnowledgeBase();
    return async (c, { body: { value: request } }) => {
      let markerSeverities: Partial<Record<MarkerName, Severity>> | undefined;
      if (request.scan_id) {
        const scan = await deps.stores.scans.get(tenantOf(c.get('principal')), request.scan_id);
        if (!scan) throw notFound(`Scan ${request.scan_id}`);
        markerSeverities = Object.fromEntries(Object.entries(scan.markers).map(([name, result]) => [name, result!.severity]));
      }
      // The module's output type is checked against the documented response schema.
      const body: IngredientAnalysisBody = analyzeIngredients(request, { markerSeverities });
      return c.json(body);
    };
  },
);
