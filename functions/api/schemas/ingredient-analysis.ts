/**
 * The response of POST /v1/ingredients/analyze (functions/ingredients/types.ts `IngredientAnalysis`). The route
 * types its answer with this schema's output type, and test/openapi checks real analyses against it.
 */
import { z } from 'zod';
import { ACTIVE_CLASSES, FLAG_NAMES, FREE_OF_TAGS } from '../../ingredients/contract';
import { markerNameSchema, severitySchema } from './common';

const ratingRange = z.object({
  min: z.number(),
  max: z.number(),
  sources: z.array(z.string()),
  note: z.string().optional(),
});

const irritancy = z.union([ratingRange, z.object({ level: severitySchema, sources: z.array(z.string()), note: z.string().optional() })]);

const flagDetail = z.object({
  source: z.string(),
  note: z.string().optional(),
  annex_ref: z.string().optional().meta({ description: 'EU annex and entry, e.g. "V/29".' }),
  limit: z.string().optional().meta({ description: 'eu_restricted: the limit in words.' }),
  labelling_threshold_percent: z.object({ leave_on: z.number(), rinse_off: z.number() }).optional(),
});

const activeClass = z.enum(ACTIVE_CLASSES);
const concentration = z.object({ min: z.number().nullable(), max: z.number().nullable(), unit: z.literal('%') }).nullable();

export const analysedIngredientSchema = z.object({
  position: z.number().int().min(1),
  as_written: z.string().meta({ description: 'The item as written on the label, with whitespace, typographic characters and colour-index numbers ("CI77491" → "CI 77491") normalised.' }),
  name: z.string().nullable().meta({ description: 'Canonical INCI name; null when unknown.' }),
  match: z.object({
    type: z.enum(['exact', 'synonym', 'fuzzy', 'unknown']),
    confidence: z.number().min(0).max(1),
    suggestion: z.string().optional(),
  }),
  family: z.string().nullable(),
  functions: z.array(z.string()),
  comedogenic: ratingRange.nullable(),
  irritancy: irritancy.nullable(),
  flags: z.partialRecord(z.enum(FLAG_NAMES), flagDetail),
  benefits: z.array(z.object({ marker: markerNameSchema, source: z.string() })),
  active: z.object({ class: activeClass, usual_concentration: concentration, source: z.string() }).nullable(),
  active_level_likely: z.boolean().nullable(),
  optional_colourant: z.boolean(),
  percentage: z.number().nullable(),
  nano: z.boolean(),
  at_most_one_percent: z.boolean(),
  footnote: z.string().nullable(),
});

const sides = z.tuple([z.array(z.string()), z.array(z.string())]);

export const conflictSchema = z.object({
  id: z.string(),
  severity: z.enum(['avoid', 'caution']),
  evidence: z.enum(['strong', 'moderate', 'weak', 'extrapolated']),
  between: sides,
  reason: z.string(),
  advice: z.string(),
  sources: z.array(z.string()),
});

const suitabilityReason = z.object({ ingredient: z.string(), position: z.number().int(), reason: z.string(), sources: z.array(z.string()) });

const listAnalysisShape = {
  ingredients: z.array(analysedIngredientSchema),
  footnotes: z.array(z.string()),
  summary: z.object({
    count: z.number().int(),
    recognised: z.number().int(),
    fuzzy: z.number().int(),
    unknown: z.number().int(),
    optional_colourants: z.number().int(),
    eu_fragrance_allergens: z.array(z.string()),
    eu_banned: z.array(z.string()),
  }),
  actives: z.array(
    z.object({
      class: activeClass,
      ingredients: z.array(
        z.object({ name: z.string(), position: z.number().int(), percentage: z.number().nullable(), active_level_likely: z.boolean().nullable() }),
      ),
      usual_concentration: concentration,
    }),
  ),
  conflicts: z.array(conflictSchema),
  non_conflicts: z.array(z.object({ id: z.string(), between: sides, note: z.string(), sources: z.array(z.string()) })),
  suitability: z.array(
    z.object({
      marker: markerNameSchema,
      severity: severitySchema.nullable(),
      priority: z.number().int(),
      verdict: z.enum(['helps', 'may_worsen', 'mixed', 'neutral']),
      helps: z.array(suitabilityReason),
      may_worsen: z.array(suitabilityReason),
    }),
  ),
  free_of: z.array(z.enum(FREE_OF_TAGS)),
};

export const productAnalysisSchema = z.object({ ...listAnalysisShape, index: z.number().int(), name: z.string() });

const productRef = z.object({ index: z.number().int().nullable(), name: z.string() });

export const ingredientAnalysisSchema = z.object({
  ...listAnalysisShape,
  products: z.array(productAnalysisSchema),
  product_conflicts: z.array(conflictSchema.extend({ products: z.tuple([productRef, productRef]) })),
  sources: z.record(
    z.string(),
    z.object({ title: z.string(), url: z.string().optional(), kind: z.string(), checked: z.boolean(), note: z.string().optional() }),
  ),
  knowledge_base: z.object({ version: z.string(), entries: z.number().int() }),
});

export type IngredientAnalysisBody = z.output<typeof ingredientAnalysisSchema>;
