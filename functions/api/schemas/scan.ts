import { z } from 'zod';
import { LESION_TYPES, RESULT_REGION_NAMES, SKIN_TONE_CATEGORY_NAMES, SKIN_TYPE_NAMES } from '../../analysis/contract';
import { markerNameSchema, markerResultSchema, markerResultsSchema, scanIdSchema, scoreSchema, timestampSchema, userIdSchema } from './common';

export const scanStatusSchema = z
  .enum(['processing', 'completed', 'failed'])
  .meta({ description: '`processing` until the analysis ends; then `completed`, or `failed` with `error`.' });

export const qualityCheckSchema = z.object({
  value: z.number(),
  threshold: z.number(),
  passed: z.boolean(),
});

export const resultRegionSchema = z
  .enum(RESULT_REGION_NAMES)
  .meta({ description: 'A face region (the subject\'s left and right); `glabella` is the T-zone between the brows.' });

export const lesionTypeSchema = z
  .enum(LESION_TYPES)
  .meta({ description: '`inflamed`: a red spot (more haemoglobin than melanin contrast: papule, pustule, fresh red mark); `dark_spot`: a brown spot (more melanin contrast).' });

const lesionTallySchema = z.object({
  total: z.number().int(),
  inflamed: z.number().int(),
  dark_spot: z.number().int(),
});

export const lesionCountsSchema = lesionTallySchema
  .extend({ by_region: z.partialRecord(resultRegionSchema, lesionTallySchema).meta({ description: 'Regions that hold lesions.' }) })
  .meta({ description: 'Distinct lesions by type and region (a spot counted by both acne and pigmentation counts once).' });

export const skinToneSchema = z
  .object({
    ita: z.number().meta({ description: 'Individual typology angle in degrees, arctan((L* − 50) / b*), of the face skin\'s median colour; higher is lighter.' }),
    category: z.enum(SKIN_TONE_CATEGORY_NAMES).meta({
      description: 'ITA° category (Chardon 1991, Del Bino 2013): very_light > 55, light 41 to 55, intermediate 28 to 41, tan 10 to 28, brown −30 to 10, dark ≤ −30.',
    }),
    hue_angle: z.number().meta({ description: 'CIELAB hue angle atan2(b*, a*) in degrees.' }),
    lab: z.object({ l: z.number(), a: z.number(), b: z.number() }).meta({ description: 'The median CIELAB (D65) colour of the face skin.' }),
  })
  .meta({ description: 'Skin tone: a description for fairness reporting and routine advice, never a score.' });

export const skinTypeSchema = z
  .object({
    type: z.enum(SKIN_TYPE_NAMES).meta({
      description: 'Shine on T-zone and cheeks: oily; on the T-zone only: combination; no shine but dryness marks on the cheeks: dry; otherwise normal.',
    }),
    sensitive_prone: z.boolean().meta({ description: 'Diffuse redness of cheeks and nose in the redness marker\'s moderate or high band.' }),
    measures: z
      .object({
        t_zone_shine: z.number().meta({ description: '% of the T-zone skin with specular sheen.' }),
        u_zone_shine: z.number().meta({ description: '% of the cheek and chin skin with specular sheen.' }),
        u_zone_dryness: z.number().meta({ description: '% of the cheeks with dryness marks (fine lines, flakes).' }),
        redness: z.number().meta({ description: 'Cheek and nose haemoglobin above the chin and under-eye skin, 100·OD.' }),
      })
      .meta({ description: 'The raw measures the rule read (docs/markers.md, "Skin type").' }),
  })
  .meta({ description: 'Skin type from T-zone against U-zone measurements.' });

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
          'Each quality check with its measured value and threshold: face_count, face_dominance, face_size, yaw, pitch, eye_openness, mouth_width, lip_gap, face_in_photo, darkness, brightness, clipping, sharpness, colour, skin_chroma, skin_hue, skin_hue_angle, skin_yellowness, eye_whites, resolution. `resolution` is a flag, not a refusal: when it has not passed (a face below about 160 px) the scan completes, but wrinkles, pores, texture and hydration are measured at a lower resolution than the floor and read smoother than the skin is.',
      }),
    error: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .meta({ description: 'Why a `failed` scan failed (e.g. `no_face`); null otherwise.' }),
    spots: z
      .array(
        z.object({
          marker: z.enum(['acne', 'pigmentation']),
          type: lesionTypeSchema,
          region: resultRegionSchema.nullable().meta({ description: 'The region its centre lies in.' }),
          x: z.number().meta({ description: 'Centre, in pixels of the upright image (`image`), from its left edge.' }),
          y: z.number().meta({ description: 'Centre, in pixels of the upright image, from its top edge.' }),
          radius: z.number().meta({ description: 'Radius in pixels of the upright image.' }),
        }),
      )
      .meta({
        description:
          'The acne and pigmentation spots the analysis counted (for the markers requested), typed, placed in their region and positioned on the upright image so an app can mark them on its own photo; `[]` until completed. `GET /v1/scans/{scan_id}/overlay?style=spots` draws them.',
      }),
    lesion_counts: lesionCountsSchema.nullable().meta({ description: 'Counts of `spots` by type and region; null until completed.' }),
    skin_tone: skinToneSchema.nullable().meta({ description: 'ITA° skin tone of every completed scan, whatever markers were asked for; null until completed.' }),
    skin_type: skinTypeSchema.nullable().meta({
      description: 'Skin type of every completed scan; null until completed (or when the T-zone or cheeks hold too little visible skin).',
    }),
    region_results: z
      .partialRecord(markerNameSchema, z.partialRecord(resultRegionSchema, markerResultSchema))
      .meta({
        description:
          'Score and severity per region, for each requested marker measured in two regions or more (regions with too little visible skin are left out); the whole-face result in `markers` is unchanged. `{}` until completed.',
        examples: [{ acne: { forehead: { score: 100, severity: 'low' }, left_cheek: { score: 74, severity: 'low' } } }],
      }),
  })
  .meta({ description: 'A face scan and its results.' });

/** GET /v1/scans: one page, newest first. */
export const scanListSchema = z.object({
  data: z.array(scanSchema),
  has_more: z.boolean(),
  next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
});
