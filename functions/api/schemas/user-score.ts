import { z } from 'zod';
import { markerNameSchema, markerResultsSchema, scanIdSchema, scoreSchema, timestampSchema, userIdSchema } from './common';

/** GET /v1/users/{user_id}/score (functions/scores/user-score.ts `UserScore`). */
export const userScoreSchema = z.object({
  user_id: userIdSchema,
  skin_score: scoreSchema.meta({ description: 'Smoothed over the latest scans.' }),
  markers: markerResultsSchema.meta({ description: 'Per-marker values, smoothed like the skin score.' }),
  trend: z.object({
    direction: z.enum(['improving', 'stable', 'worsening']),
    delta_30d: z.number().meta({ description: 'Change of the skin score over the last 30 days.' }),
  }),
  scan_count: z.number().int().min(0),
  history: z
    .array(
      z.object({
        scan_id: scanIdSchema,
        skin_score: scoreSchema,
        markers: z.partialRecord(markerNameSchema, scoreSchema),
        at: timestampSchema,
      }),
    )
    .meta({ description: 'The latest scans, oldest first.' }),
  updated_at: timestampSchema,
});
