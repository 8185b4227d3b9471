/** The webhook payloads (functions/webhooks/events.ts); the delivery body is exactly one of these. */
import { z } from 'zod';
import { markerResultsSchema, routineIdSchema, scanIdSchema, scoreSchema, timestampSchema, userIdSchema } from './common';

export const scanCompletedEventSchema = z.object({
  event: z.literal('scan.completed'),
  scan_id: scanIdSchema,
  user_id: userIdSchema.nullable(),
  skin_score: scoreSchema,
  timestamp: timestampSchema.meta({ description: "The scan's completed_at." }),
  markers: markerResultsSchema,
});

export const scanFailedEventSchema = z.object({
  event: z.literal('scan.failed'),
  scan_id: scanIdSchema,
  user_id: userIdSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }),
  timestamp: timestampSchema,
});

export const routineGeneratedEventSchema = z.object({
  event: z.literal('routine.generated'),
  routine_id: routineIdSchema,
  scan_id: scanIdSchema.nullable(),
  user_id: userIdSchema.nullable(),
  timestamp: timestampSchema,
});

export const scoreUpdatedEventSchema = z.object({
  event: z.literal('score.updated'),
  user_id: userIdSchema,
  skin_score: scoreSchema,
  previous_skin_score: scoreSchema.nullable(),
  scan_id: scanIdSchema,
  timestamp: timestampSchema,
});

export const webhookTestEventSchema = z.object({
  event: z.literal('webhook.test'),
  endpoint_id: z.string(),
  message: z.string(),
  timestamp: timestampSchema,
});
