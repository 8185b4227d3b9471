/**
 * The model manifest (models/manifest.json): model version and input, the marker catalogue, each marker's
 * calibration and the score weights. Validated once when loaded.
 */
import { z } from 'zod';
import manifestJson from '../../../models/manifest.json' with { type: 'json' };
import { MARKER_NAMES, SKIN_SCORE_MARKERS, type MarkerName, type Severity } from './markers.js';
import { REGION_NAMES } from '../types.js';
import { resultRegionsOf, type ResultRegion } from './result-regions.js';

const band = z.tuple([z.number().int().min(0).max(100), z.number().int().min(0).max(100)]);
const anchor = z.tuple([z.number(), z.number().min(0).max(100)]);

const calibrationSchema = z
  .object({
    method: z.literal('piecewise_linear'),
    /** [raw value, score] pairs, raw values strictly increasing; outside the range the end scores hold. */
    anchors: z.array(anchor).min(2),
    notes: z.string(),
  })
  .refine((c) => c.anchors.every((a, i) => i === 0 || a[0] > c.anchors[i - 1]![0]), {
    message: 'anchors must have strictly increasing raw values',
  });

const markerSchema = z.object({
  title: z.string(),
  measures: z.string(),
  regions: z.array(z.enum(REGION_NAMES)).min(1),
  feature: z.object({ name: z.string(), unit: z.string(), description: z.string() }),
  direction: z.string(),
  proxy: z.string().optional(),
  calibration: calibrationSchema,
});

const manifestSchema = z.object({
  schema_version: z.literal(1),
  models: z.object({
    skin: z.object({
      name: z.string(),
      version: z.string().regex(/^skin-v\d+\.\d+\.\d+$/),
      file: z.string(),
      builder: z.string(),
      opset: z.number().int(),
      input: z.object({
        name: z.string(),
        shape: z.tuple([z.literal(1), z.literal(3), z.number().int(), z.number().int()]),
        size: z.number().int().positive(),
        layout: z.literal('NCHW'),
        colour: z.string(),
        range: z.tuple([z.number(), z.number()]),
        crop: z.string(),
      }),
      outputs: z.record(z.string(), z.array(z.string())),
    }),
  }),
  severity_bands: z.object({ low: band, moderate: band, high: band }),
  /**
   * Weights of the skin score. The nine version 1 markers only: the markers added in skin-v1.5.0 are reported but
   * do not enter the skin score, so a user's skin score (and its trend) means what it meant before
   * (docs/markers.md, "Skin score").
   */
  score_weights: z.record(z.enum(SKIN_SCORE_MARKERS), z.number().positive()),
  markers: z.record(z.enum(MARKER_NAMES), markerSchema),
});

export type SkinManifest = z.infer<typeof manifestSchema>;
export type MarkerDefinition = SkinManifest['markers'][MarkerName];
export type Calibration = MarkerDefinition['calibration'];

export class ManifestError extends Error {
  override readonly name = 'ManifestError';
}

/** Validates a parsed manifest; throws ManifestError naming every problem. */
export function parseManifest(raw: unknown): SkinManifest {
  const result = manifestSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ManifestError(`Invalid model manifest: ${problems.join('; ')}`);
  }
  return result.data;
}

let cached: SkinManifest | undefined;

/** The manifest shipped with the code (models/manifest.json), validated once. */
export function getManifest(): SkinManifest {
  cached ??= parseManifest(manifestJson);
  return cached;
}

/** Severity for an integer score, from the manifest's bands. */
export function severityFor(score: number, manifest: SkinManifest): Severity {
  const b = manifest.severity_bands;
  if (score >= b.low[0]) return 'low';
  if (score >= b.moderate[0]) return 'moderate';
  return 'high';
}

export interface MarkerCatalogueEntry {
  name: MarkerName;
  title: string;
  measures: string;
  regions: string[];
  /** The regions a scan's `region_results` break this marker down into (empty: whole face only). */
  result_regions: ResultRegion[];
  direction: string;
  proxy?: string;
  /** Whether the marker enters the skin score (the nine version 1 markers only). */
  in_skin_score: boolean;
  severity_bands: SkinManifest['severity_bands'];
}

/** The public marker catalogue (GET /v1/markers): what each marker measures, direction and bands. */
export function markerCatalogue(manifest: SkinManifest = getManifest()): MarkerCatalogueEntry[] {
  return MARKER_NAMES.map((name) => {
    const m = manifest.markers[name];
    return {
      name,
      title: m.title,
      measures: m.measures,
      regions: m.regions,
      result_regions: resultRegionsOf(name),
      direction: m.direction,
      ...(m.proxy ? { proxy: m.proxy } : {}),
      in_skin_score: name in manifest.score_weights,
      severity_bands: manifest.severity_bands,
    };
  });
}
