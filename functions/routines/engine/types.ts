/**
 * Types of the routine engine (the pure core of POST /v1/routines). JSON field names are snake_case, the API's
 * convention; `RoutinePlan` is what the response body carries.
 */
import type { MarkerName, Severity, SkinToneCategory } from '../../analysis/contract';
import type { ActiveClass, FreeOfTag } from '../../ingredients/contract';
import type { ProductCategory, SkinType, StepBudget } from '../request-schema';

export type { MarkerName, Severity } from '../../analysis/contract';
export type { ProductCategory, SkinType, StepBudget } from '../request-schema';

export const STEP_KINDS = ['cleanse', 'tone', 'treat', 'moisturise', 'protect', 'exfoliate', 'mask', 'eye_care'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/** Target frequency once any ramp-up is done. */
export const FREQUENCIES = ['daily', 'every_other_day', 'twice_weekly', 'weekly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** `weekly` holds entries that are each a slot of their own (an evening used for that step instead of the usual PM). */
export type SlotName = 'am' | 'pm' | 'weekly';

export interface MarkerInput {
  score: number;
  severity: Severity;
}

export interface RoutineProfile {
  skin_type?: SkinType;
  sensitive?: boolean;
  pregnant_or_breastfeeding?: boolean;
  preferences?: { fragrance_free?: boolean; steps?: StepBudget };
}

export interface RoutineProductInput {
  name: string;
  category?: ProductCategory;
  ingredients: string | readonly string[];
}

/** What a scan measured beside its markers (a routine from a scan_id carries it): skin type and tone. */
export interface MeasuredSkin {
  /** The scan's skin type: used when the profile gives none. */
  type?: SkinType;
  /** Redness in the moderate or high band: fragrance-free products, as for a redness concern. */
  sensitive_prone?: boolean;
  /** The ITA° category: shapes the sun-protection advice. */
  tone?: SkinToneCategory;
}

export interface RoutineInput {
  markers: Partial<Record<MarkerName, MarkerInput>>;
  profile?: RoutineProfile;
  /** From the scan a routine is made for (POST /v1/routines with scan_id); absent for marker results sent as they are. */
  skin?: MeasuredSkin;
  products?: readonly RoutineProductInput[];
}

export interface KeyIngredient {
  /** Canonical INCI name (as in the ingredient knowledge base) or a class name for basics, e.g. "broad-spectrum UV filters (SPF 30 or higher)". */
  name: string;
  reason: string;
  /** The marker this ingredient addresses here, or null for basics (cleansing, sun protection for everyone). */
  marker: MarkerName | null;
  /** Source id, resolved in `RoutinePlan.sources`. */
  source: string;
}

export interface ProductAnalysisSummary {
  /** Active classes present at a plausible active level. */
  actives: ActiveClass[];
  /** Markers the ingredient analysis says the product helps / may worsen. */
  helps: MarkerName[];
  may_worsen: MarkerName[];
  free_of: FreeOfTag[];
  eu_fragrance_allergens: string[];
  /** Ingredients the knowledge base does not know (they cannot be checked). */
  unknown_ingredients: number;
}

export interface ChosenProduct {
  name: string;
  /** Index in the request's `products`. */
  index: number;
  /** Why this product was chosen for this step. */
  reason: string;
  ingredient_analysis_summary?: ProductAnalysisSummary;
}

export interface Step {
  step: StepKind;
  /** What to use, in words (shaped by skin type and sensitivity). */
  description: string;
  key_ingredients: KeyIngredient[];
  frequency: Frequency;
  /** How to start a strong active, e.g. "start twice a week for two weeks, ...", or null. */
  ramp_up: string | null;
  product?: ChosenProduct;
}

export interface IntroductionEntry {
  order: number;
  /** Canonical INCI name of the active. */
  ingredient: string;
  slot: SlotName;
  step: StepKind;
  /** Week (1-based) in which to start it; basics (cleanser, moisturiser, sunscreen) start in week 1. */
  start_week: number;
}

export interface AppliedRule {
  id: string;
  rule: string;
  sources: string[];
}

export interface SourceSummary {
  title: string;
  url: string | null;
}

export interface RoutinePlan {
  am: Step[];
  pm: Step[];
  weekly: Step[];
  warnings: string[];
  notes: string[];
  /** The order in which to start the actives: one at a time, spaced (see notes). */
  introduction: IntroductionEntry[];
  /** The rules that shaped this plan, each with its sources. */
  rules_applied: AppliedRule[];
  /** Every source id cited in this plan. */
  sources: Record<string, SourceSummary>;
}
