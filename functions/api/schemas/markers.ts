import { z } from 'zod';
import { REGION_NAMES, RESULT_REGION_NAMES } from '../../analysis/contract';
import { markerNameSchema } from './common';

const band = z.tuple([z.number().int().min(0).max(100), z.number().int().min(0).max(100)]);

/** One entry of the marker catalogue (functions/analysis/skin/manifest.ts `MarkerCatalogueEntry`). */
export const markerCatalogueEntrySchema = z.object({
  name: markerNameSchema,
  title: z.string(),
  measures: z.string().meta({ description: 'What the marker measures, in words.' }),
  regions: z.array(z.enum(REGION_NAMES)).meta({ description: 'The face regions it is measured in.' }),
  result_regions: z.array(z.enum(RESULT_REGION_NAMES)).meta({
    description: "The regions a scan's `region_results` break it down into (empty: whole face only; the regions it only compares against are not listed).",
  }),
  direction: z.string().meta({ description: 'Score direction: a higher score is always the healthier or more desirable skin (for radiance: more glow).' }),
  proxy: z.string().optional().meta({ description: 'The visual proxy, when the property cannot be seen directly (hydration).' }),
  in_skin_score: z.boolean().meta({
    description: 'Whether the marker enters skin_score. The nine version 1 markers do; those added later (eye_bags, uniformness, radiance, age_spots, blackheads) are reported but leave skin_score as it was.',
  }),
  severity_bands: z
    .object({ low: band, moderate: band, high: band })
    .meta({ description: 'Inclusive score ranges of each severity.' }),
});

/** GET /v1/markers. */
export const markerCatalogueSchema = z.object({ data: z.array(markerCatalogueEntrySchema) });
