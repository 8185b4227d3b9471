/**
 * Builds the routine (without products): which actives go into which slot, the basic steps shaped by skin type,
 * frequencies, ramp-ups, the introduction order, warnings and notes. Pure and deterministic.
 */
import { MARKER_NAMES, type MarkerName, type Severity, type SkinToneCategory } from '../../analysis/contract';
import type { ActiveClass } from '../../ingredients/contract';
import { conflictRulesWith, kbEntry } from './conflicts';
import {
  ACTIVE_OPTIONS,
  BUDGETS,
  CONCERN_CANDIDATES,
  INTRODUCTION_SPACING_WEEKS,
  STRONG_CLASSES,
  type ActiveOption,
  type Budget,
  type Candidate,
  type RuleId,
} from './rules';
import type {
  Frequency,
  IntroductionEntry,
  KeyIngredient,
  RoutineInput,
  SkinType,
  SlotName,
  Step,
  StepBudget,
  StepKind,
} from './types';

export interface Concern {
  marker: MarkerName;
  severity: Exclude<Severity, 'low'>;
  score: number;
}

export interface Profile {
  skinType: SkinType;
  skinTypeInferred: boolean;
  /** Where an inferred skin type came from: the scan's measurement, or the oiliness and hydration concerns. */
  skinTypeFrom: 'profile' | 'scan' | 'concerns';
  /** The scan read the skin as sensitive-prone (redness). */
  sensitiveProne: boolean;
  /** The scan's ITA° category, when the routine is made from a scan. */
  tone: SkinToneCategory | null;
  sensitive: boolean;
  pregnant: boolean;
  /** Asked for by the user. */
  fragranceFree: boolean;
  /** Asked for, or implied by sensitivity or redness. */
  avoidFragrance: boolean;
  budgetName: StepBudget;
  budget: Budget;
}

/** An active placed in a slot. */
export interface Placed {
  option: ActiveOption;
  slot: SlotName;
  stepKind: StepKind;
  activeClass: ActiveClass | null;
  strong: boolean;
  keys: KeyIngredient[];
}

/** A step while planning: the public step plus what product selection needs to know. */
export interface PlannedStep {
  slot: SlotName;
  step: Step;
  /** The planned active, for active steps. */
  placed: Placed | null;
}

export interface Plan {
  profile: Profile;
  concerns: Concern[];
  am: PlannedStep[];
  pm: PlannedStep[];
  weekly: PlannedStep[];
  introduction: IntroductionEntry[];
  warnings: string[];
  notes: string[];
  applied: Set<RuleId>;
}

const SEVERITY_RANK = { high: 0, moderate: 1 } as const;
const words = (m: MarkerName) => m.replace(/_/g, ' ');
const SPF_NAME = 'broad-spectrum UV filters (SPF 30 or higher)';
const CLEANSER_NAME = 'mild surfactants (e.g. Sodium Cocoyl Glycinate, Coco-Glucoside)';

function normaliseProfile(input: RoutineInput, concerns: readonly Concern[]): Profile {
  const p = input.profile ?? {};
  const has = (m: MarkerName) => concerns.some((c) => c.marker === m);
  const measured = input.skin ?? {};
  let skinType = p.skin_type;
  let inferred = false;
  let skinTypeFrom: Profile['skinTypeFrom'] = 'profile';
  if (!skinType && measured.type) {
    // What the scan measured (T-zone against cheek shine, cheek dryness marks) beats a guess from concerns.
    inferred = true;
    skinTypeFrom = 'scan';
    skinType = measured.type;
  } else if (!skinType) {
    inferred = true;
    skinTypeFrom = 'concerns';
    skinType = has('oiliness') && has('hydration') ? 'combination' : has('oiliness') ? 'oily' : has('hydration') ? 'dry' : 'normal';
  }
  const sensitive = p.sensitive === true;
  const sensitiveProne = measured.sensitive_prone === true;
  const fragranceFree = p.preferences?.fragrance_free === true;
  const budgetName = p.preferences?.steps ?? 'standard';
  return {
    skinType,
    skinTypeInferred: inferred,
    skinTypeFrom,
    sensitiveProne,
    tone: measured.tone ?? null,
    sensitive,
    pregnant: p.pregnant_or_breastfeeding === true,
    fragranceFree,
    avoidFragrance: fragranceFree || sensitive || has('redness') || sensitiveProne,
    budgetName,
    budget: BUDGETS[budgetName],
  };
}

/** Concerns are markers with moderate or high severity: high first, then the lower score, then catalogue order. */
function concernsOf(input: RoutineInput): Concern[] {
  const out: Concern[] = [];
  for (const marker of MARKER_NAMES) {
    const r = input.markers[marker];
    if (r && r.severity !== 'low') out.push({ marker, severity: r.severity, score: r.score });
  }
  const order = (m: MarkerName) => MARKER_NAMES.indexOf(m);
  return out.sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || a.score - b.score || order(a.marker) - order(b.marker));
}

function keyFor(option: ActiveOption, concern: Concern): KeyIngredient | null {
  const r = option.reasons[concern.marker];
  return r ? { name: option.inci, reason: `${words(concern.marker)} (${concern.severity}): ${r.reason}`, marker: concern.marker, source: r.source } : null;
}

interface Allocation {
  placed: Placed[];
  applied: Set<RuleId>;
  notes: string[];
  pregnancySkipped: Set<string>;
}

function candidatesFor(concern: Concern, profile: Profile): Candidate[] {
  if (concern.marker === 'hydration') return [];
  const lists = CONCERN_CANDIDATES[concern.marker][concern.severity];
  return profile.sensitive && lists.sensitive ? lists.sensitive : lists.default;
}

/** Why an option cannot go into a slot, or null when it can. */
function blocker(option: ActiveOption, slot: SlotName, stepKind: StepKind, alloc: Allocation, profile: Profile): string | null {
  const { budget } = profile;
  const entry = kbEntry(option.inci);
  const cls = entry?.active?.class ?? null;
  const strong = cls !== null && STRONG_CLASSES.has(cls);
  const actives = alloc.placed.filter((p) => p.stepKind !== 'eye_care');
  if (stepKind === 'eye_care') {
    if (!budget.eye_care) return `the ${profile.budgetName} step budget has no eye care step`;
    if (slot !== 'am') return 'eye care is a morning step';
    return null;
  }
  if (actives.length >= budget.actives) return `the ${profile.budgetName} step budget allows ${budget.actives} active${budget.actives === 1 ? '' : 's'}`;
  if (slot === 'weekly' && actives.filter((p) => p.slot === 'weekly').length >= budget.weekly)
    return budget.weekly === 0 ? `the ${profile.budgetName} step budget has no weekly steps` : 'the weekly steps are used';
  if (slot !== 'weekly' && actives.filter((p) => p.slot === slot).length >= budget.treat_per_slot) return `the ${slot.toUpperCase()} treatment steps are used`;
  if (cls === 'retinoid' && slot !== 'pm') {
    alloc.applied.add('retinoid_night_only');
    return 'retinoids are for the evening only';
  }
  if (cls !== null && alloc.placed.some((p) => p.activeClass === cls)) {
    alloc.applied.add('one_active_per_class');
    return `a ${cls.replace(/_/g, ' ')} is already in the routine`;
  }
  if (profile.sensitive && strong && alloc.placed.some((p) => p.strong)) {
    alloc.applied.add('sensitive');
    return 'sensitive skin gets one strong active and it is already used';
  }
  const sameSlot = alloc.placed.filter((p) => p.slot === slot && slot !== 'weekly');
  // The brief's rule, stricter than the knowledge base for adapalene: never a retinoid with benzoyl peroxide.
  if (
    (cls === 'benzoyl_peroxide' && sameSlot.some((p) => p.activeClass === 'retinoid')) ||
    (cls === 'retinoid' && sameSlot.some((p) => p.activeClass === 'benzoyl_peroxide'))
  ) {
    alloc.applied.add('retinoid_night_only');
    return `benzoyl peroxide and a retinoid never share a slot`;
  }
  const clashes = conflictRulesWith(option.inci, sameSlot.map((p) => p.option.inci));
  if (clashes.length) {
    alloc.applied.add('no_conflicts_in_slot');
    return `it conflicts with ${clashes[0].with} in the ${slot.toUpperCase()} routine (${clashes[0].rule.id})`;
  }
  return null;
}

function allocate(concerns: readonly Concern[], profile: Profile): Allocation {
  const alloc: Allocation = { placed: [], applied: new Set(), notes: [], pregnancySkipped: new Set() };
  // Sensitive skin has one strong active: high acne, the concern most in need of one, gets it first.
  const ordered = profile.sensitive
    ? [...concerns].sort((a, b) => Number(b.marker === 'acne' && b.severity === 'high') - Number(a.marker === 'acne' && a.severity === 'high'))
    : concerns;
  for (const concern of ordered) {
    if (concern.marker === 'hydration') continue;
    alloc.applied.add(concern.marker === 'texture' || concern.marker === 'pores' ? 'texture_pores' : (concern.marker as RuleId));
    let candidates = candidatesFor(concern, profile);
    if (profile.pregnant) {
      const allowed = candidates.filter((c) => !kbEntry(ACTIVE_OPTIONS[c.option].inci)?.flags.pregnancy_caution);
      for (const c of candidates) if (!allowed.includes(c)) alloc.pregnancySkipped.add(ACTIVE_OPTIONS[c.option].inci);
      if (allowed.length !== candidates.length) alloc.applied.add('pregnancy');
      candidates = allowed;
    }
    // Already covered by an active chosen for another concern?
    const covering = alloc.placed.find((p) => candidates.some((c) => c.option === p.option.id));
    if (covering) {
      const key = keyFor(covering.option, concern);
      if (key && !covering.keys.some((k) => k.marker === concern.marker)) covering.keys.push(key);
      continue;
    }
    const reasons = new Map<string, string[]>();
    let done = false;
    for (const candidate of candidates) {
      const option = ACTIVE_OPTIONS[candidate.option];
      for (const slot of candidate.slots) {
        const stepKind: StepKind =
          option.step === 'eye_care' ? 'eye_care' : slot === 'weekly' || concern.marker === 'texture' || concern.marker === 'pores' ? 'exfoliate' : option.step;
        const why = blocker(option, slot, stepKind, alloc, profile);
        if (why) {
          const where = `${option.inci} (${slot === 'weekly' ? 'weekly' : slot.toUpperCase()})`;
          reasons.set(why, [...(reasons.get(why) ?? []), where]);
          continue;
        }
        const cls = kbEntry(option.inci)?.active?.class ?? null;
        alloc.placed.push({ option, slot, stepKind, activeClass: cls, strong: cls !== null && STRONG_CLASSES.has(cls), keys: [keyFor(option, concern)!] });
        done = true;
        break;
      }
      if (done) break;
    }
    if (!done) {
      if (candidates.length === 0) alloc.notes.push(`${capital(words(concern.marker))} (${concern.severity}): no suitable active in pregnancy beyond daily sunscreen and the basics.`);
      else {
        if ([...reasons.keys()].some((r) => r.includes('step budget') || r.includes('steps are used'))) alloc.applied.add('step_budget');
        const why = [...reasons].slice(0, 3).map(([reason, where]) => `${unique(where).join(', ')}: ${reason}`);
        const kind = concern.marker === 'dark_circles' ? 'eye care' : 'treatment';
        alloc.notes.push(`${capital(words(concern.marker))} (${concern.severity}) has no ${kind} step: ${why.join('; ')}.`);
      }
    }
  }
  // What a chosen active also does for other concerns (curated reasons only).
  for (const concern of concerns) {
    for (const p of alloc.placed) {
      if (p.keys.some((k) => k.marker === concern.marker)) continue;
      const key = keyFor(p.option, concern);
      if (key) p.keys.push(key);
    }
  }
  return alloc;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const unique = <T>(xs: readonly T[]) => [...new Set(xs)];

function frequencyOf(p: Placed, profile: Profile): Frequency {
  if (p.slot === 'weekly') return profile.sensitive ? 'weekly' : 'twice_weekly';
  if (p.option.ramp === 'strong') return profile.sensitive ? (p.option.sensitive_max ?? 'every_other_day') : 'daily';
  if (p.option.ramp === 'exfoliant') return profile.sensitive ? 'twice_weekly' : 'every_other_day';
  if (p.option.step === 'exfoliate') return 'every_other_day'; // PHA
  return 'daily';
}

function rampUpOf(p: Placed, frequency: Frequency, profile: Profile): string | null {
  const time = p.slot === 'am' ? 'morning' : 'evening';
  const every = p.slot === 'am' ? 'every morning' : 'every evening';
  if (p.slot === 'weekly') {
    if (frequency === 'weekly') return 'Start once every two weeks for a month, then once a week if there is no irritation.';
    return p.option.ramp === 'none' ? null : 'Start once a week for two weeks, then twice a week if there is no irritation.';
  }
  switch (p.option.ramp) {
    case 'strong':
      if (frequency === 'daily') return `Start twice a week for two weeks, then every other ${time} for two weeks, then ${every} if there is no irritation.`;
      if (frequency === 'every_other_day')
        return `Start once a week for two weeks, then twice a week for four weeks, then every other ${time} if there is no irritation; stay at the last frequency your skin tolerates.`;
      return 'Start once a week for four weeks, then twice a week if there is no irritation.';
    case 'exfoliant':
      if (frequency === 'every_other_day') return `Start twice a week for two weeks, then every other ${time} if there is no irritation.`;
      return 'Start once a week for four weeks, then twice a week if there is no irritation.';
    case 'azelaic':
      return profile.sensitive
        ? 'Start every other day for four weeks, then daily if there is no irritation (a brief tingle at first is common).'
        : 'Start every other day for two weeks, then daily if there is no irritation.';
    case 'vitamin_c':
      return profile.sensitive ? 'Start every other morning for two weeks, then daily if there is no stinging.' : null;
    default:
      return profile.sensitive && p.option.step === 'exfoliate' ? `Start twice a week for two weeks, then every other ${time} if there is no irritation.` : null;
  }
}

function activeDescription(p: Placed, hasRetinoidPm: boolean, hasPmActive: boolean, hasWeeklyAcid: boolean): string {
  const base = capital(p.option.product_words);
  if (p.slot === 'weekly') {
    const when = hasRetinoidPm ? ' on a night without the retinoid' : hasPmActive ? ' instead of the usual PM treatment' : '';
    return `${base}, in the evening after cleansing${when}; then moisturise.`;
  }
  if (p.activeClass === 'retinoid' && hasWeeklyAcid) return `${base}, a pea-sized amount on dry skin; skip it on exfoliation evenings.`;
  if (p.activeClass === 'retinoid') return `${base}, a pea-sized amount on dry skin.`;
  return `${base}.`;
}

function hydrationKeys(concern: Concern | undefined, names: readonly string[]): KeyIngredient[] {
  const reasons: Record<string, string> = {
    Glycerin: 'humectant that draws water into the outer skin layer',
    'Sodium Hyaluronate': 'humectant (hyaluronic acid salt) that holds water in the skin',
    'Ceramide NP': 'barrier lipid that reduces water loss',
    Petrolatum: 'occlusive that seals water in',
  };
  return names.map((name) => ({
    name,
    reason: concern ? `hydration (${concern.severity}): ${reasons[name]}` : reasons[name],
    marker: concern ? 'hydration' : null,
    source: 'purnamawati_2017',
  }));
}

function cleanseStep(profile: Profile, concerns: readonly Concern[]): Step {
  const find = (m: MarkerName) => concerns.find((c) => c.marker === m);
  const base: Record<SkinType, string> = {
    dry: 'Gentle, non-foaming cream or lotion cleanser',
    oily: 'Gentle gel or foaming cleanser',
    combination: 'Gentle gel or low-foam cleanser',
    normal: 'Gentle cleanser',
  };
  const keys: KeyIngredient[] = [
    {
      name: CLEANSER_NAME,
      reason: 'clean without stripping the skin barrier; harsh sulfates such as Sodium Lauryl Sulfate irritate and dry',
      marker: null,
      source: 'sls_irritation_model',
    },
  ];
  const oil = find('oiliness');
  if (oil && (profile.skinType === 'oily' || profile.skinType === 'combination'))
    keys.push({ name: CLEANSER_NAME, reason: `oiliness (${oil.severity}): a gel or foaming cleanser removes excess sebum; no drying alcohol`, marker: 'oiliness', source: 'moisturiser_by_skin_type' });
  if (profile.skinType === 'dry') {
    const hyd = find('hydration');
    keys.push({
      name: 'Glycerin',
      reason: `${hyd ? `hydration (${hyd.severity}): ` : ''}a humectant-rich, non-foaming cleanser leaves dry skin less tight`,
      marker: hyd ? 'hydration' : null,
      source: 'purnamawati_2017',
    });
  }
  return {
    step: 'cleanse',
    description: `${profile.avoidFragrance ? 'Fragrance-free, ' : ''}${profile.avoidFragrance ? base[profile.skinType].charAt(0).toLowerCase() + base[profile.skinType].slice(1) : base[profile.skinType]} (no harsh sulfates, no drying alcohol).`,
    key_ingredients: keys,
    frequency: 'daily',
    ramp_up: null,
  };
}

function moisturiseStep(profile: Profile, concerns: readonly Concern[]): Step {
  const find = (m: MarkerName) => concerns.find((c) => c.marker === m);
  const hyd = find('hydration');
  const oil = find('oiliness');
  const red = find('redness');
  const desc: Record<SkinType, string> = {
    dry: 'Richer cream with humectants, ceramides and an occlusive',
    oily: 'Light, oil-free, non-comedogenic gel or lotion',
    combination: 'Light, non-comedogenic lotion; a little richer cream on dry areas only',
    normal: 'Non-comedogenic lotion or light cream',
  };
  const names: Record<SkinType, string[]> = {
    dry: ['Glycerin', 'Ceramide NP', 'Petrolatum'],
    oily: ['Glycerin', 'Sodium Hyaluronate'],
    combination: ['Glycerin', 'Sodium Hyaluronate'],
    normal: ['Glycerin'],
  };
  const wanted = hyd ? unique([...names[profile.skinType], 'Glycerin', 'Sodium Hyaluronate', 'Ceramide NP']) : names[profile.skinType];
  const keys = hydrationKeys(hyd, wanted);
  if (oil) keys.push({ name: 'Sodium Hyaluronate', reason: `oiliness (${oil.severity}): a light, oil-free texture hydrates without adding oil`, marker: 'oiliness', source: 'moisturiser_by_skin_type' });
  if (red) keys.push({ name: 'Panthenol', reason: `redness (${red.severity}): soothes and supports barrier repair`, marker: 'redness', source: 'proksch_2017' });
  const d = desc[profile.skinType];
  return {
    step: 'moisturise',
    description: profile.avoidFragrance ? `Fragrance-free ${d.charAt(0).toLowerCase()}${d.slice(1)}.` : `${d}.`,
    key_ingredients: keys,
    frequency: 'daily',
    ramp_up: null,
  };
}

/** Light tones (ITA° above 41°) burn most easily; tan, brown and dark skin pigments most under visible light. */
const BURNS_EASILY: readonly SkinToneCategory[] = ['very_light', 'light'];
const PIGMENTS_UNDER_VISIBLE_LIGHT: readonly SkinToneCategory[] = ['tan', 'brown', 'dark'];

function protectStep(concerns: readonly Concern[], placed: readonly Placed[], tone: SkinToneCategory | null): Step {
  const find = (m: MarkerName) => concerns.find((c) => c.marker === m);
  const keys: KeyIngredient[] = [
    {
      name: SPF_NAME,
      reason: 'every morning as the last step: protects against sunburn, early skin ageing and skin cancer; reapply every two hours outdoors',
      marker: null,
      source: 'aad_sunscreen_faqs',
    },
  ];
  const pig = find('pigmentation');
  if (pig) keys.push({ name: SPF_NAME, reason: `pigmentation (${pig.severity}): UV darkens spots; daily sunscreen is part of any brightening treatment`, marker: 'pigmentation', source: 'sarkar_2013' });
  const wr = find('wrinkles');
  if (wr) keys.push({ name: SPF_NAME, reason: `wrinkles (${wr.severity}): daily sunscreen slowed visible skin ageing in a randomised trial`, marker: 'wrinkles', source: 'hughes_2013' });
  const spots = find('age_spots');
  if (spots) keys.push({ name: SPF_NAME, reason: `age spots (${spots.severity}): sun exposure causes them and darkens them; daily sunscreen is part of any treatment`, marker: 'age_spots', source: 'sarkar_2013' });
  if (placed.some((p) => p.activeClass === 'retinoid' || p.activeClass === 'aha' || p.activeClass === 'bha'))
    keys.push({ name: SPF_NAME, reason: 'retinoids and exfoliating acids make skin more sensitive to the sun', marker: null, source: 'tang_2018' });
  const burns = tone !== null && BURNS_EASILY.includes(tone);
  if (burns) {
    keys.push({
      name: SPF_NAME,
      reason: `skin tone (${tone!.replace('_', ' ')}, from the scan): light skin burns at the lowest UV doses; SPF 50 and reapplying every two hours outdoors give more margin than the SPF 30 minimum`,
      marker: null,
      source: 'del_bino_2013',
    });
  }
  const tinted = tone !== null && PIGMENTS_UNDER_VISIBLE_LIGHT.includes(tone) && pig !== undefined;
  if (tinted) {
    keys.push({
      name: 'Iron Oxides',
      reason: `pigmentation (${pig!.severity}) on ${tone!.replace('_', ' ')} skin (from the scan): visible light darkens pigmentation in melanin-rich skin, which UV filters alone do not block; the iron oxides of a tinted sunscreen do`,
      marker: 'pigmentation',
      source: 'mahmoud_2010',
    });
  }
  return {
    step: 'protect',
    description: tinted
      ? 'Tinted broad-spectrum sunscreen with iron oxides, SPF 30 or higher, as the last morning step (before make-up).'
      : burns
        ? 'Broad-spectrum sunscreen, SPF 50, as the last morning step (before make-up); reapply every two hours outdoors.'
        : 'Broad-spectrum sunscreen, SPF 30 or higher, as the last morning step (before make-up).',
    key_ingredients: keys,
    frequency: 'daily',
    ramp_up: null,
  };
}

function hydratingStep(kind: 'tone' | 'mask', concern: Concern): Step {
  return {
    step: kind,
    description: kind === 'tone' ? 'Alcohol-free hydrating toner, patted on after cleansing.' : 'Hydrating (humectant) mask, in the evening after cleansing; then moisturise.',
    key_ingredients: hydrationKeys(concern, ['Glycerin', 'Sodium Hyaluronate']),
    frequency: kind === 'tone' ? 'daily' : 'weekly',
    ramp_up: null,
  };
}

const STEP_ORDER: Record<StepKind, number> = { cleanse: 0, tone: 1, exfoliate: 2, mask: 3, treat: 4, eye_care: 5, moisturise: 6, protect: 7 };

/**
 * Plans the routine for marker results and a profile.
 *
 * @example
 * buildPlan({ markers: { acne: { score: 30, severity: 'high' } }, profile: {} }).am.map((s) => s.step);
 * // ['cleanse', 'treat', 'moisturise', 'protect']
 */
export function buildPlan(input: RoutineInput): Plan {
  const concerns = concernsOf(input);
  const profile = normaliseProfile(input, concerns);
  const alloc = allocate(concerns, profile);
  const applied = alloc.applied;
  applied.add('spf_every_morning');
  applied.add('skin_type');
  if (profile.pregnant) applied.add('pregnancy');
  if (profile.sensitive) applied.add('sensitive');
  if (profile.budgetName === 'minimal') applied.add('step_budget');
  if (alloc.placed.some((p) => p.activeClass === 'retinoid' || p.activeClass === 'benzoyl_peroxide')) applied.add('retinoid_night_only');
  if (concerns.some((c) => c.marker === 'hydration')) applied.add('hydration');

  const find = (m: MarkerName) => concerns.find((c) => c.marker === m);
  const hasRetinoidPm = alloc.placed.some((p) => p.slot === 'pm' && p.activeClass === 'retinoid');
  const hasWeeklyAcid = alloc.placed.some((p) => p.slot === 'weekly');
  const hasPmActive = alloc.placed.some((p) => p.slot === 'pm');
  const activeStep = (p: Placed): PlannedStep => {
    const frequency = frequencyOf(p, profile);
    return {
      slot: p.slot,
      placed: p,
      step: {
        step: p.stepKind,
        description: activeDescription(p, hasRetinoidPm, hasPmActive, hasWeeklyAcid),
        key_ingredients: p.keys,
        frequency,
        ramp_up: rampUpOf(p, frequency, profile),
      },
    };
  };
  const basic = (slot: SlotName, step: Step): PlannedStep => ({ slot, step, placed: null });
  const hyd = find('hydration');
  const full = profile.budget;

  const am: PlannedStep[] = [basic('am', cleanseStep(profile, concerns))];
  const pm: PlannedStep[] = [basic('pm', cleanseStep(profile, concerns))];
  const weekly: PlannedStep[] = [];
  if (full.tone && hyd) {
    am.push(basic('am', hydratingStep('tone', hyd)));
    pm.push(basic('pm', hydratingStep('tone', hyd)));
  }
  for (const p of alloc.placed) (p.slot === 'am' ? am : p.slot === 'pm' ? pm : weekly).push(activeStep(p));
  am.push(basic('am', moisturiseStep(profile, concerns)));
  pm.push(basic('pm', moisturiseStep(profile, concerns)));
  if (full.mask && hyd) weekly.push(basic('weekly', hydratingStep('mask', hyd)));
  const byOrder = (a: PlannedStep, b: PlannedStep) => STEP_ORDER[a.step.step] - STEP_ORDER[b.step.step];
  am.sort(byOrder); // stable: actives keep their priority order
  pm.sort(byOrder);
  // Sunscreen is always the last morning step.
  am.push(basic('am', protectStep(concerns, alloc.placed, profile.tone)));
  if (profile.tone) applied.add('sun_protection_by_tone');

  // Introduction: basics first, then one active at a time in priority order.
  const spacing = profile.sensitive ? INTRODUCTION_SPACING_WEEKS.sensitive : INTRODUCTION_SPACING_WEEKS.default;
  const actives = alloc.placed;
  const introduction: IntroductionEntry[] = actives.map((p, i) => ({
    order: i + 1,
    ingredient: p.option.inci,
    slot: p.slot,
    step: p.stepKind,
    start_week: 1 + i * spacing,
  }));
  const notes: string[] = [];
  const warnings: string[] = [];
  if (actives.length) {
    applied.add('introduce_one_at_a_time');
    const list = introduction.map((e) => `${e.ingredient} (${e.slot === 'weekly' ? 'weekly' : e.slot.toUpperCase()}) from week ${e.start_week}`).join(', ');
    notes.push(
      actives.length === 1
        ? `Use the cleanser, moisturiser and sunscreen from the start; add ${list}.`
        : `Use the cleanser, moisturiser and sunscreen from the start; add one new active at a time, ${spacing} weeks apart: ${list}.`,
    );
    notes.push('Test each new product on a small patch of skin (inner arm) twice a day for 7-10 days before using it on the face.');
  }
  if (profile.skinTypeFrom === 'scan') {
    applied.add('skin_type_from_scan');
    notes.push(`Skin type not given: treated as ${profile.skinType}, as the scan measured it (T-zone and cheek shine, cheek dryness marks).`);
  } else if (profile.skinTypeInferred)
    notes.push(`Skin type not given: treated as ${profile.skinType}${profile.skinType === 'normal' ? '' : ' from the oiliness and hydration results'}.`);
  notes.push(...alloc.notes);
  if (hasWeeklyAcid && hasRetinoidPm) notes.push('Weekly exfoliation evenings replace the retinoid on those nights: never both on the same evening.');

  if (profile.pregnant) {
    const skipped = [...alloc.pregnancySkipped];
    warnings.push(
      `Pregnant or breastfeeding: retinoids (retinol, adapalene, tretinoin), salicylic acid products and hydroquinone are left out${skipped.length ? ` (here: ${skipped.join(', ')})` : ''}; benzoyl peroxide, azelaic acid, niacinamide and vitamin C remain options. Check any treatment with your doctor or midwife.`,
    );
  }
  const strong = actives.filter((p) => p.strong);
  if (strong.length)
    warnings.push(
      `${strong.map((p) => p.option.inci).join(' and ')} can irritate: if skin stings, burns or peels, stop ${strong.length === 1 ? 'it' : 'them'} and go back to cleanser, moisturiser and sunscreen until it settles, then restart at a lower frequency.`,
    );
  if (actives.some((p) => p.activeClass === 'benzoyl_peroxide')) warnings.push('Benzoyl peroxide bleaches fabric: use white towels and pillowcases.');
  const acne = find('acne');
  if (acne?.severity === 'high') warnings.push('Acne scored high: if it has not improved after 12 weeks, or leaves scars, see a dermatologist; prescription treatments exist.');
  if (profile.avoidFragrance) {
    const why = profile.fragranceFree
      ? 'as asked'
      : profile.sensitive
        ? 'for sensitive skin'
        : concerns.some((c) => c.marker === 'redness')
          ? 'because of the redness result'
          : 'because the scan reads the skin as sensitive-prone (redness)';
    warnings.push(`Avoid fragrance, essential oils and drying alcohol (${why}): they can sensitise and irritate.`);
    if (!profile.fragranceFree) applied.add(profile.sensitive ? 'sensitive' : 'redness');
  }
  if (hyd && !profile.budget.tone && hyd.severity === 'high')
    notes.push('Hydration: the moisturiser carries the humectants and ceramides; the full step budget adds a hydrating toner and mask.');

  return { profile, concerns, am, pm, weekly, introduction, warnings, notes, applied };
}
