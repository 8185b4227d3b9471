/**
 * Chooses, for each planned step, the best fitting product from the list the client sent, using the ingredient
 * analysis (`analyzeIngredients`) on each INCI list: the step's key active must be there (or the product suits the
 * basic step), no conflict with the other products and actives of the same slot (the analysis' cross-product
 * conflicts), no worsening of a high-severity marker, fragrance and pregnancy respected. Every choice says why;
 * a step without a fitting product gets a note that says why.
 */
import { MARKER_NAMES, type MarkerName, type Severity } from '../../analysis/contract';
import { analyzeIngredients } from '../../ingredients/contract';
import { getKnowledgeBase } from '../../ingredients/contract';
import type { ActiveClass, IngredientAnalysis, ProductConflict } from '../../ingredients/contract';
import type { Concern, Plan, PlannedStep, Profile } from './plan';
import { STRONG_CLASSES } from './rules';
import type { ProductAnalysisSummary, ProductCategory, RoutineInput, RoutineProductInput, SlotName, StepKind } from './types';

const STEP_CATEGORIES: Record<StepKind, readonly ProductCategory[]> = {
  cleanse: ['cleanser'],
  tone: ['toner'],
  treat: ['serum', 'treatment'],
  exfoliate: ['exfoliant', 'toner', 'serum', 'treatment'],
  eye_care: ['eye_cream'],
  moisturise: ['moisturiser'],
  protect: ['sunscreen'],
  mask: ['mask'],
};

/** When a product has no category: guessed from its name, first match wins (so "eye cream" is eye care, "gel cleanser" a cleanser). */
const NAME_CATEGORIES: readonly [RegExp, ProductCategory][] = [
  [/\b(?:spf\s*\d*|sunscreen|sun\s*(?:cream|screen|fluid|lotion|milk|block)|sunblock|uv\s*(?:fluid|defen[cs]e|shield))\b/i, 'sunscreen'],
  [/\beyes?\b/i, 'eye_cream'],
  [/\b(?:cleanser|cleansing|face\s*wash|wash|micellar|foaming)\b/i, 'cleanser'],
  [/\b(?:toner|tonic|essence|mist)\b/i, 'toner'],
  [/\bmasks?\b/i, 'mask'],
  [/\b(?:peel|peeling|exfoliant|exfoliator|exfoliating|aha|bha|pha)\b/i, 'exfoliant'],
  [/\b(?:serum|ampoule|booster|concentrate|drops)\b/i, 'serum'],
  [/\b(?:spot|treatment|gel)\b/i, 'treatment'],
  [/\b(?:cream|cr[eè]me|moisturi[sz]er|moisturi[sz]ing|lotion|balm|emulsion|hydrator)\b/i, 'moisturiser'],
  [/\boils?\b/i, 'oil'],
];

/** UV filters that cover UVA (long and short) well; a sunscreen without one cannot be broad spectrum. */
const UVA_FILTERS: ReadonlySet<string> = new Set([
  'Butyl Methoxydibenzoylmethane',
  'Bis-Ethylhexyloxyphenol Methoxyphenyl Triazine',
  'Methylene Bis-Benzotriazolyl Tetramethylbutylphenol',
  'Diethylamino Hydroxybenzoyl Hexyl Benzoate',
  'Terephthalylidene Dicamphor Sulfonic Acid',
  'Drometrizole Trisiloxane',
  'Disodium Phenyl Dibenzimidazole Tetrasulfonate',
  'Tris-Biphenyl Triazine',
  'Zinc Oxide',
  'Benzophenone-3',
]);

const SEVERITY_WEIGHT: Record<Exclude<Severity, 'low'>, number> = { high: 3, moderate: 2 };
const CLASS_WORDS: Partial<Record<ActiveClass, string>> = {
  retinoid: 'a retinoid',
  aha: 'an AHA',
  bha: 'a BHA',
  pha: 'a PHA',
  benzoyl_peroxide: 'benzoyl peroxide',
  vitamin_c_l_ascorbic: 'L-ascorbic acid (vitamin C)',
  niacinamide: 'niacinamide',
  azelaic_acid: 'azelaic acid',
};

interface Analysed {
  index: number;
  input: RoutineProductInput;
  category: ProductCategory | null;
  categoryGuessed: boolean;
  analysis: IngredientAnalysis;
}

interface Fit {
  product: Analysed;
  score: number;
  reason: string;
}

const list = (xs: readonly string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);
const ingredientsOf = (p: RoutineProductInput): string | string[] => (typeof p.ingredients === 'string' ? p.ingredients : [...p.ingredients]);
const slotWords = (slot: SlotName) => (slot === 'weekly' ? 'weekly' : slot.toUpperCase());

export function guessCategory(name: string): ProductCategory | null {
  for (const [re, category] of NAME_CATEGORIES) if (re.test(name)) return category;
  return null;
}

function summarise(a: IngredientAnalysis): ProductAnalysisSummary {
  return {
    actives: a.actives.filter((x) => x.ingredients.some((i) => i.active_level_likely !== false)).map((x) => x.class),
    helps: a.suitability.filter((s) => s.helps.length).map((s) => s.marker),
    may_worsen: a.suitability.filter((s) => s.may_worsen.length).map((s) => s.marker),
    free_of: [...a.free_of],
    eu_fragrance_allergens: [...a.summary.eu_fragrance_allergens],
    unknown_ingredients: a.summary.unknown,
  };
}

class ProductChooser {
  private readonly products: Analysed[];
  private readonly pairCache = new Map<string, ProductConflict[]>();
  private readonly activeCache = new Map<string, ProductConflict[]>();
  private readonly relevantCache = new Map<number, boolean>();
  private readonly severities: Partial<Record<MarkerName, Severity>>;

  constructor(
    products: readonly RoutineProductInput[],
    input: RoutineInput,
    private readonly profile: Profile,
    private readonly concerns: readonly Concern[],
  ) {
    this.severities = {};
    for (const m of MARKER_NAMES) {
      const r = input.markers[m];
      if (r) this.severities[m] = r.severity;
    }
    this.products = products.map((p, index) => {
      const guessed = p.category ? null : guessCategory(p.name);
      return {
        index,
        input: p,
        category: p.category ?? guessed,
        categoryGuessed: !p.category && guessed !== null,
        analysis: analyzeIngredients({ ingredients: ingredientsOf(p), markers: [...MARKER_NAMES] }, { markerSeverities: this.severities }),
      };
    });
  }

  /** Whether any ingredient of the product is on a side of a knowledge-base conflict rule (else it cannot clash). */
  private canConflict(p: Analysed): boolean {
    let hit = this.relevantCache.get(p.index);
    if (hit === undefined) {
      const rules = getKnowledgeBase().rules;
      hit = p.analysis.ingredients.some(
        (i) =>
          i.name !== null &&
          rules.some((r) => [r.a, r.b].some((side) => side.inci.has(i.name!) || (i.active !== null && side.classes.has(i.active.class)))),
      );
      this.relevantCache.set(p.index, hit);
    }
    return hit;
  }

  /** Cross-product conflicts between two products, from the ingredient analysis. */
  private pairConflicts(a: Analysed, b: Analysed): ProductConflict[] {
    if (!this.canConflict(a) || !this.canConflict(b)) return [];
    const key = a.index < b.index ? `${a.index}|${b.index}` : `${b.index}|${a.index}`;
    let hit = this.pairCache.get(key);
    if (!hit) {
      hit = analyzeIngredients({ ingredients: ingredientsOf(a.input), markers: [], products: [{ name: b.input.name, ingredients: ingredientsOf(b.input) }] }).product_conflicts;
      this.pairCache.set(key, hit);
    }
    return hit;
  }

  /**
   * Conflicts between a product and the planned actives of the other steps in the slot. Each active is its own
   * one-item list: in one list, the label rules would take everything after a 1%-capped ingredient (retinol) as
   * below an active level, which is right for labels but not for a list of planned actives.
   */
  private activeConflicts(p: Analysed, actives: readonly string[]): ProductConflict[] {
    if (!actives.length || !this.canConflict(p)) return [];
    const key = `${p.index}|${actives.join('|')}`;
    let hit = this.activeCache.get(key);
    if (!hit) {
      hit = analyzeIngredients({
        ingredients: ingredientsOf(p.input),
        markers: [],
        products: actives.map((name) => ({ name, ingredients: [name] })),
      }).product_conflicts.filter((c) => c.products.some((ref) => ref.index === null));
      this.activeCache.set(key, hit);
    }
    return hit;
  }

  private stepClass(ps: PlannedStep): ActiveClass | null {
    return ps.placed?.activeClass ?? null;
  }

  /** Why the product does not fit, or the fit with a score. */
  fit(ps: PlannedStep, p: Analysed, slotProducts: readonly Analysed[], slotActives: readonly string[]): Fit | string {
    const kind = ps.step.step;
    const a = p.analysis;
    const categories = STEP_CATEGORIES[kind];
    if (!p.category || !categories.includes(p.category)) return 'category';
    const cls = this.stepClass(ps);
    const keyInci = ps.placed?.option.inci ?? null;
    const own = (name: string) => {
      const ing = a.ingredients.find((i) => i.name === name);
      return (cls !== null && ing?.active?.class === cls) || name === keyInci;
    };
    const parts: string[] = [];
    // The step's key active, or suitability for a basic step.
    if (cls) {
      const hit = a.ingredients.filter((i) => i.active?.class === cls);
      const likely = hit.filter((i) => i.active_level_likely !== false);
      if (!hit.length) return `has no ${CLASS_WORDS[cls] ?? cls.replace(/_/g, ' ')}`;
      if (!likely.length) return `has ${hit[0].name} only below an active level`;
      if (hit.some((i) => i.flags.eu_banned)) return `contains ${hit.find((i) => i.flags.eu_banned)!.name}, banned in EU cosmetics (a prescription medicine)`;
      parts.push(`contains ${likely[0].name} (${CLASS_WORDS[cls] ?? cls}) for ${list(ps.step.key_ingredients.filter((k) => k.marker).map((k) => k.marker!.replace(/_/g, ' ')))}`);
    } else if (keyInci) {
      if (!a.ingredients.some((i) => i.name === keyInci)) return `has no ${keyInci}`;
      parts.push(`contains ${keyInci} for ${list(ps.step.key_ingredients.filter((k) => k.marker).map((k) => k.marker!.replace(/_/g, ' ')))}`);
    } else if (kind === 'protect') {
      const filters = a.ingredients.filter((i) => i.functions.includes('uv_filter') && !i.optional_colourant).map((i) => i.name!);
      if (!filters.length) return 'has no UV filter';
      parts.push(`contains UV filters (${list(unique(filters).slice(0, 4))}); check the label says broad spectrum, SPF 30 or higher`);
    } else {
      parts.push(`a ${p.category!.replace(/_/g, ' ')} for the ${kind} step`);
    }
    if (p.categoryGuessed) parts[0] += ` (category guessed from the name)`;

    if (this.profile.pregnant) {
      const flagged = a.ingredients.filter((i) => i.flags.pregnancy_caution).map((i) => i.name!);
      if (flagged.length) return `contains ${list(unique(flagged))}, flagged pregnancy_caution`;
    }
    if (this.profile.avoidFragrance && (!a.free_of.includes('fragrance') || !a.free_of.includes('essential_oils'))) {
      const names = a.ingredients.filter((i) => i.name && (i.flags.eu_fragrance_allergen || i.flags.essential_oil || i.family === 'fragrance_allergens_essential_oils')).map((i) => i.name!);
      return `contains fragrance${names.length ? ` (${list(unique(names).slice(0, 3))})` : ''}`;
    }
    if (a.conflicts.length) return `its own actives conflict (${a.conflicts.map((c) => c.id).join(', ')})`;
    const extraStrong = a.actives.filter(
      (x) => STRONG_CLASSES.has(x.class) && x.class !== cls && x.ingredients.some((i) => i.active_level_likely !== false),
    );
    if (extraStrong.length) return `adds an unplanned strong active (${list(extraStrong.map((x) => x.ingredients[0].name))})`;
    let score = 0;
    for (const s of a.suitability) {
      const worsening = s.may_worsen.filter((r) => !own(r.ingredient));
      if (worsening.length && s.severity === 'high')
        return `may worsen ${s.marker.replace(/_/g, ' ')} (high): ${list(worsening.slice(0, 2).map((r) => `${r.ingredient}, ${r.reason}`))}`;
      if (worsening.length && s.severity === 'moderate') score -= 2;
    }
    const conflictProduct = slotProducts.find((q) => q.index !== p.index && this.pairConflicts(p, q).length);
    if (conflictProduct)
      return `conflicts with "${conflictProduct.input.name}" in the ${slotWords(ps.slot)} routine (${this.pairConflicts(p, conflictProduct)[0].id})`;
    const withActives = this.activeConflicts(p, slotActives);
    if (withActives.length) {
      const planned = withActives[0].products.find((ref) => ref.index !== null)!.name;
      return `conflicts with ${planned} planned in the ${slotWords(ps.slot)} routine (${withActives[0].id})`;
    }

    // Basic steps: the key ingredients the plan names for this skin type (e.g. ceramides and petrolatum for dry skin).
    if (!ps.placed) {
      const names = new Set(a.ingredients.map((i) => i.name));
      const matched = unique(ps.step.key_ingredients.map((k) => k.name)).filter((n) => names.has(n));
      score += 2 * matched.length;
      if (matched.length) parts.push(`has ${list(matched)}`);
    }
    // What a rinse-off cleanser "helps" does not count: it does not stay on the skin.
    if (kind !== 'cleanse') {
      // Full weight for the markers this step is for; a bonus point for other concerns (their own steps treat them).
      const stepMarkers = new Set(ps.step.key_ingredients.map((k) => k.marker));
      const helped = a.suitability.filter((s) => s.helps.length && this.concerns.some((c) => c.marker === s.marker));
      for (const s of helped) score += stepMarkers.has(s.marker) ? SEVERITY_WEIGHT[this.concerns.find((c) => c.marker === s.marker)!.severity] : 1;
      if (helped.length) parts.push(`helps ${list(helped.map((s) => s.marker.replace(/_/g, ' ')))}`);
    }
    if ((this.profile.skinType === 'oily' || this.profile.skinType === 'combination') && kind !== 'cleanse')
      score -= 2 * a.suitability.filter((s) => (s.marker === 'acne' || s.marker === 'pores') && s.may_worsen.length).length;
    if (a.free_of.includes('fragrance')) parts.push('fragrance-free');
    else score -= 1;
    if (this.profile.pregnant) parts.push('no pregnancy-caution ingredients');
    if (kind === 'cleanse' && (this.profile.skinType === 'dry' || this.profile.sensitive) && !a.free_of.includes('sulfate')) score -= 2;
    if (kind === 'protect') {
      if (a.ingredients.some((i) => i.name && UVA_FILTERS.has(i.name))) score += 1;
      else parts.push('no recognised UVA filter, so check the broad-spectrum claim');
    }
    score -= a.summary.unknown * 0.1;
    if (slotProducts.length) parts.push(`no clash with ${list(slotProducts.map((q) => `"${q.input.name}"`))} in the ${slotWords(ps.slot)} routine`);
    return { product: p, score, reason: capital(parts.join('; ')) };
  }

  choose(ps: PlannedStep, slotProducts: readonly Analysed[], slotActives: readonly string[]): { fit: Fit | null; why: string[] } {
    let best: Fit | null = null;
    const why: string[] = [];
    let wrongCategory = 0;
    for (const p of this.products) {
      const f = this.fit(ps, p, slotProducts, slotActives);
      if (typeof f === 'string') {
        if (f === 'category') wrongCategory++;
        else why.push(`"${p.input.name}" ${f}`);
        continue;
      }
      if (!best || f.score > best.score) best = f;
    }
    if (!best && wrongCategory) {
      const categories = list(STEP_CATEGORIES[ps.step.step].map((c) => c.replace(/_/g, ' '))).replace(/ and ([^ ]+)$/, ' or $1');
      why.push(`${wrongCategory} product${wrongCategory === 1 ? ' is' : 's are'} not ${/^[aeiou]/.test(categories) ? 'an' : 'a'} ${categories}`);
    }
    return { fit: best, why };
  }

  summaryOf(p: Analysed): ProductAnalysisSummary {
    return summarise(p.analysis);
  }
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const unique = <T>(xs: readonly T[]) => [...new Set(xs)];

/** Steps whose product is chosen first: actives, then sunscreen, moisturiser, cleanser, toner, mask. */
const CHOICE_ORDER: Record<StepKind, number> = { treat: 0, exfoliate: 0, eye_care: 1, protect: 2, moisturise: 3, cleanse: 4, tone: 5, mask: 6 };

function stepLabel(ps: PlannedStep): string {
  const key = ps.placed ? ` (${ps.placed.option.inci})` : '';
  return `${slotWords(ps.slot)} ${ps.step.step.replace(/_/g, ' ')}${key}`;
}

/** Fills `product` on the plan's steps and adds a note for each step no product fits. Mutates the plan. */
export function chooseProducts(plan: Plan, input: RoutineInput, products: readonly RoutineProductInput[]): void {
  if (!products.length) return;
  const chooser = new ProductChooser(products, input, plan.profile, plan.concerns);
  // Daily slots share products and actives; each weekly entry is a slot of its own.
  const slots: PlannedStep[][] = [plan.am, plan.pm, ...plan.weekly.map((s) => [s])];
  const missing: string[] = [];
  for (const slot of slots) {
    const chosen: Analysed[] = [];
    const ordered = [...slot].sort((a, b) => CHOICE_ORDER[a.step.step] - CHOICE_ORDER[b.step.step]);
    for (const ps of ordered) {
      const activesElsewhere = unique(slot.filter((o) => o !== ps && o.placed).map((o) => o.placed!.option.inci));
      const { fit, why } = chooser.choose(ps, chosen, activesElsewhere);
      if (fit) {
        chosen.push(fit.product);
        ps.step.product = { name: fit.product.input.name, index: fit.product.index, reason: fit.reason, ingredient_analysis_summary: chooser.summaryOf(fit.product) };
      } else {
        missing.push(`No product for the ${stepLabel(ps)} step${why.length ? `: ${why.slice(0, 4).join('; ')}${why.length > 4 ? `; and ${why.length - 4} more` : ''}` : ''}.`);
      }
    }
  }
  plan.notes.push(...missing);
}
