/** GET /v1/markers: what each marker measures, where, its score direction and severity bands. Any key. */
import { markerCatalogue } from '../../analysis/contract';
import { defineRoute } from '../route';
import { markerCatalogueSchema } from '../schemas/markers';

export const listMarkersRoute = defineRoute(
  {
    method: 'get',
    path: '/v1/markers',
    operationId: 'listMarkers',
    tag: 'Markers',
    summary: 'List the marker catalogue',
    description: 'What each marker measures, in which face regions, its score direction and severity bands. Any valid key may read it.',
    auth: 'any',
    responses: [{ status: 200, description: 'The marker catalogue.', body: { contentType: 'application/json', schema: markerCatalogueSchema } }],
    errors: [],
    curl: 'curl "$SKIN_API_URL/v1/markers" -H "Authorization: Bearer $SKIN_API_KEY"',
  },
  () => {
    // Checked once against the documented schema: a manifest that does not fit fails the start, not a request.
    const body = markerCatalogueSchema.parse({ data: markerCatalogue() });
    return (c) => c.json(body);
  },
);
