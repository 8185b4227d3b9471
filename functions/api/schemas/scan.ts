import { z } from 'zod';
import { markerResultsSchema, scanIdSchema, scoreSchema, timestampSchema, userIdSchema } from './common';

export const scanStatusSchema = z
  .enum(['processing', 'completed', 'failed'])
  .meta({ description: '`processing` until the analysis ends; then `completed`, or `failed` with `error`.' });

export const qualityCheckSchema = z.object({
  value: z.number(),
  threshold: z.number(),
  passed: z.boolean(),
});

/** A scan (functions/scans/scan.ts `Scan`): the seed's fields, then DESIGN.md section 3's. */
export const scanSchema = z
  .object({
    scan_id: scanIdSchema,
    status: scanStatusSchema,
    user_id: userIdSchema.nullable(),
    skin_score: scoreSchema
      .nullable()
      .meta({ description: 'Integer 0 to 100, the weighted mean of the returned markers; null until completed.' }),
    markers: markerResultsSchema.meta({ description: 'One entry per requested marker; `{}` while processing.' }),
    created_at: timestampSchema,
    completed_at: timestampSchema.nullable(),
    model: z.object({ name: z.string(), version: z.string() }).nullable(),
    image: z
      .object({ width: z.number().int(), height: z.number().int(), format: z.string() })
      .meta({ description: 'The upright image as analysed (after EXIF rotation).' }),
    face: z
      .object({
        box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
        confidence: z.number(),
        landmarks: z.number().int(),
        perceived_age: z
          .object({
            years: z.number().int().meta({ description: 'How old the face looks, in whole years.' }),
            expected_error_years: z
              .number()
              .meta({ description: "The age model's published mean absolute error, in years: a plain estimate, not a measurement." }),
          })
          .optional()
          .meta({
            description:
              'Perceived age from a learned model (HSE FaceRes), on completed scans only; a description of the photo, never part of a score. See docs/analysis.md.',
          }),
      })
      .nullable()
      .meta({ description: 'The analysed face: its box in image pixels, detector confidence, landmark count, perceived age.' }),
    quality: z
      .record(z.string(), qualityCheckSchema)
      .nullable()
      .meta({
        description:
          'Each quality check with its measured value and threshold: face_count, face_dominance, face_size, yaw, pitch, eye_openness, mouth_width, darkness, brightness, clipping, sharpness, colour, skin_chroma, skin_hue, resolution. `resolution` is a flag, not a refusal: when it has not passed (a face below about 160 px) the scan completes, but wrinkles, pores, texture and hydration are measured at a lower resolution than the floor and read smoother than the skin is.',
      }),
    error: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .meta({ description: 'Why a `failed` scan failed (e.g. `no_face`); null otherwise.' }),
    spots: z
      .array(
        z.object({
          marker: z.enum(['acne', 'pigmentation']),
          x: z.number().meta({ description: 'Centre, in pixels of the upright image (`image`), from its left edge.' }),
          y: z.number().meta({ description: 'Centre, in pixels of the upright image, from its top edge.' }),
          radius: z.number().meta({ description: 'Radius in pixels of the upright image.' }),
        }),
      )
      .meta({
        description:
          'The acne and pigmentation spots the analysis counted (for the markers requested), positioned on the upright image so an app can mark them on its own photo; `[]` until completed. `GET /v1/scans/{scan_id}/overlay?style=spots` draws them.',
      }),
  })
  .meta({ description: 'A face scan and its results.' });

/** GET /v1/scans: one page, newest first. */
export const scanListSchema = z.object({
  data: z.array(scanSchema),
  has_more: z.boolean(),
  next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
});
