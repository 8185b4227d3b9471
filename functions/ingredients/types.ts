/**
 * Types of the ingredient analysis (POST /v1/ingredients/analyze). JSON field names are snake_case, the API's
 * convention; every type here is what the response body carries.
 */

// One marker catalogue for the whole service: the analysis defines it.
import type { MarkerName, Severity as MarkerSeverity } from '../analysis/contract';
export { MARKER_NAMES, type MarkerName } from '../analysis/contract';

export const SEVERITIES = ['low', 'moderate', 'high'] as const satisfies readonly MarkerSeverity[];
export type Severity = MarkerSeverity;

/** Classes of actives that conflict rules and the `actives` summary work with. */
export const ACTIVE_CLASSES = [
  'retinoid',
  'aha',
  'bha',
  'pha',
  'benzoyl_peroxide',
  'vitamin_c_l_ascorbic',
  'vitamin_c_derivative',
  'niacinamide',
  'azelaic_acid',
  'tranexamic_acid',
  'hydroquinone',
  'kojic_acid',
  'arbutin',
  'sulfur',
  'peptide',
  'topical_antibiotic',
] as const;
export type ActiveClass = (typeof ACTIVE_CLASSES)[number];

export const FLAG_NAMES = [
  'eu_fragrance_allergen',
  'drying_alcohol',
  'essential_oil',
  'fungal_acne_trigger',
  'pregnancy_caution',
  'eu_banned',
  'eu_restricted',
] as const;
export type FlagName = (typeof FLAG_NAMES)[number];

export const FREE_OF_TAGS = ['fragrance', 'alcohol', 'silicone', 'sulfate', 'paraben', 'essential_oils'] as const;
export type FreeOfTag = (typeof FREE_OF_TAGS)[number];

/** A 0-5 grade range (comedogenicity or irritancy), with the source ids it comes from. */
export interface RatingRange {
  min: number;
  max: number;
  sources: string[];
  note?: string;
}

/** Irritancy is either a 0-5 grade range or a qualitative level. */
export type Irritancy = RatingRange | { level: Severity; sources: string[]; note?: string };

export interface FlagDetail {
  source: string;
  note?: string;
  /** Annex and entry, e.g. "V/29" or "II/1339". */
  annex_ref?: string;
  /** eu_restricted: the limit in words, e.g. "1%" or "2% face creams; 0.5% body lotions". */
  limit?: string;
  /** eu_fragrance_allergen: concentrations above which the allergen must be named on the label. */
  labelling_threshold_percent?: { leave_on: number; rinse_off: number };
}

export type Flags = Partial<Record<FlagName, FlagDetail>>;

export interface Benefit {
  marker: MarkerName;
  source: string;
}

export interface ActiveInfo {
  class: ActiveClass;
  usual_concentration: { min: number | null; max: number | null; unit: '%' } | null;
  source: string;
}

export type MatchType = 'exact' | 'synonym' | 'fuzzy' | 'unknown';

export interface Match {
  type: MatchType;
  /** 1 for exact and synonym matches of the whole name, lower for parts, fuzzy matches and unknowns (0). */
  confidence: number;
  /** The canonical INCI name suggested for a near-miss spelling (fuzzy, or unknown with a weak candidate). */
  suggestion?: string;
}

export interface AnalysedIngredient {
  /** 1-based position in the list as parsed. */
  position: number;
  as_written: string;
  /** Canonical INCI name, or null when unknown. */
  name: string | null;
  match: Match;
  family: string | null;
  functions: string[];
  comedogenic: RatingRange | null;
  irritancy: Irritancy | null;
  flags: Flags;
  benefits: Benefit[];
  active: ActiveInfo | null;
  /** False when the ingredient is listed after an ingredient capped at 1% (so it is at most 1%) or its stated
   * percentage is below the usual range, and its usual range starts above that: present, probably not as an active. */
  active_level_likely: boolean | null;
  optional_colourant: boolean;
  percentage: number | null;
  nano: boolean;
  /** Provably at most 1% (listed after an ingredient whose EU limit is 1% or less). */
  at_most_one_percent: boolean;
  /** Text of the footnote this item points to (e.g. "Organic"), when the label has one. */
  footnote: string | null;
}

export interface ActiveFound {
  class: ActiveClass;
  ingredients: { name: string; position: number; percentage: number | null; active_level_likely: boolean | null }[];
  usual_concentration: ActiveInfo['usual_concentration'];
}

export type ConflictSeverity = 'avoid' | 'caution';
export type Evidence = 'strong' | 'moderate' | 'weak' | 'extrapolated';

export interface Conflict {
  id: string;
  severity: ConflictSeverity;
  evidence: Evidence;
  /** Canonical names on each side of the clash. */
  between: [string[], string[]];
  reason: string;
  advice: string;
  sources: string[];
}

export interface NonConflict {
  id: string;
  between: [string[], string[]];
  note: string;
  sources: string[];
}

export type Verdict = 'helps' | 'may_worsen' | 'mixed' | 'neutral';

export interface SuitabilityReason {
  ingredient: string;
  position: number;
  reason: string;
  sources: string[];
}

export interface MarkerSuitability {
  marker: MarkerName;
  /** From the scan, when severities were given. */
  severity: Severity | null;
  /** 1 = look at this first (highest severity first when severities are given). */
  priority: number;
  verdict: Verdict;
  helps: SuitabilityReason[];
  may_worsen: SuitabilityReason[];
}

export interface SourceRef {
  title: string;
  url?: string;
  kind: string;
  checked: boolean;
  note?: string;
}

export interface ListSummary {
  count: number;
  recognised: number;
  fuzzy: number;
  unknown: number;
  optional_colourants: number;
  eu_fragrance_allergens: string[];
  eu_banned: string[];
}

/** Analysis of one ingredient list. */
export interface ListAnalysis {
  ingredients: AnalysedIngredient[];
  footnotes: string[];
  summary: ListSummary;
  actives: ActiveFound[];
  conflicts: Conflict[];
  non_conflicts: NonConflict[];
  suitability: MarkerSuitability[];
  /** Tags the list is free of, judged on recognised ingredients and name patterns of unknown ones. */
  free_of: FreeOfTag[];
}

export interface ProductRef {
  /** Index in `products`, or null for the top-level `ingredients` list. */
  index: number | null;
  name: string;
}

export interface ProductConflict extends Omit<Conflict, 'between'> {
  products: [ProductRef, ProductRef];
  between: [string[], string[]];
}

export interface ProductAnalysis extends ListAnalysis {
  index: number;
  name: string;
}

export interface IngredientAnalysis extends ListAnalysis {
  products: ProductAnalysis[];
  /** Clashes between two lists: the top-level list and each product, and product pairs. */
  product_conflicts: ProductConflict[];
  /** The sources cited anywhere in this response, by id. */
  sources: Record<string, SourceRef>;
  knowledge_base: { version: string; entries: number };
}

export interface AnalysisContext {
  /** Marker severities from a scan (when the request named a scan_id). */
  markerSeverities?: Partial<Record<MarkerName, Severity>>;
}
