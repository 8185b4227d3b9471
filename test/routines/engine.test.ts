import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARKER_NAMES, type MarkerName, type Severity } from '../../functions/analysis/skin/markers';
import { analyzeIngredients, getKnowledgeBase } from '../../functions/ingredients/contract';
import type { ActiveClass } from '../../functions/ingredients/contract';
import {
  ACTIVE_OPTIONS,
  CONCERN_CANDIDATES,
  ROUTINE_SOURCES,
  RULES,
  generateRoutine,
  type RoutineInput,
  type RoutinePlan,
  type RoutineProfile,
  type Step,
} from '../../functions/routines/engine/index';
import { markersArbOf, profileArb } from '../support/routine-arbitraries';

const severityOf = (score: number): Severity => (score >= 70 ? 'low' : score >= 40 ? 'moderate' : 'high');
const result = (score: number) => ({ score, severity: severityOf(score) });
const HIGH = result(25);
const MODERATE = result(55);

function routine(markers: Partial<Record<MarkerName, { score: number; severity: Severity }>>, profile: RoutineProfile = {}): RoutinePlan {
  return generateRoutine({ markers, profile });
}

const allSteps = (p: RoutinePlan): Step[] => [...p.am, ...p.pm, ...p.weekly];
const keyNames = (steps: readonly Step[]) => [...new Set(steps.flatMap((s) => s.key_ingredients.map((k) => k.name)))];
/** Each slot the engine promises to keep conflict-free: AM, PM and every weekly entry on its own. */
const slotsOf = (p: RoutinePlan): { name: string; steps: Step[] }[] => [
  { name: 'am', steps: p.am },
  { name: 'pm', steps: p.pm },
  ...p.weekly.map((s, i) => ({ name: `weekly[${i}]`, steps: [s] })),
];

/** Active classes of a set of steps, as the ingredient analysis sees the key ingredient names. */
function classesOf(steps: readonly Step[]): ActiveClass[] {
  const names = keyNames(steps);
  if (!names.length) return [];
  return analyzeIngredients({ ingredients: names }).actives.map((a) => a.class);
}

/**
 * Conflicts between the key ingredients of a slot, per the ingredient analysis. Each name is its own one-item list
 * (cross-list conflicts): as one label, everything after a 1%-capped ingredient such as retinol would count as
 * below an active level and hide a clash.
 */
function conflictsIn(steps: readonly Step[]): string[] {
  const names = keyNames(steps);
  if (!names.length) return [];
  const analysis = analyzeIngredients({ ingredients: [], products: names.map((name) => ({ name, ingredients: [name] })) });
  return analysis.product_conflicts.map((c) => `${c.id}: ${c.between.flat().join(' + ')}`);
}

const STRONG: ActiveClass[] = ['retinoid', 'aha', 'bha', 'benzoyl_peroxide'];
const hasKey = (steps: readonly Step[], name: string, marker?: MarkerName) =>
  steps.some((s) => s.key_ingredients.some((k) => k.name === name && (marker === undefined || k.marker === marker)));

describe('generateRoutine: rules', () => {
  it('when pregnant or breastfeeding with high acne, wrinkles, texture and pores, then there is no retinoid, no salicylic acid and no hydroquinone, and a warning says why', () => {
    const plan = routine(
      { acne: HIGH, wrinkles: HIGH, texture: HIGH, pores: HIGH, pigmentation: HIGH },
      { pregnant_or_breastfeeding: true, preferences: { steps: 'full' } },
    );
    const steps = allSteps(plan);

    expect(classesOf(steps)).not.toContain('retinoid');
    expect(classesOf(steps)).not.toContain('hydroquinone');
    expect(keyNames(steps)).not.toContain('Salicylic Acid');
    expect(keyNames(steps)).toEqual(expect.arrayContaining(['Benzoyl Peroxide', 'Azelaic Acid']));
    expect(plan.warnings.find((w) => w.startsWith('Pregnant or breastfeeding'))).toMatch(/retinoids .* salicylic acid .* hydroquinone are left out/);
    expect(plan.rules_applied.map((r) => r.id)).toContain('pregnancy');
  });

  it('when pregnant with high pigmentation, then vitamin C, azelaic acid or niacinamide are still used', () => {
    const plan = routine({ pigmentation: HIGH, redness: MODERATE }, { pregnant_or_breastfeeding: true });

    expect(keyNames(allSteps(plan)).filter((n) => ['Ascorbic Acid', 'Azelaic Acid', 'Niacinamide'].includes(n)).length).toBeGreaterThan(0);
  });

  it('when the skin is sensitive and every marker is high, then the whole routine has at most one strong active, with a slower ramp-up', () => {
    const markers = Object.fromEntries(MARKER_NAMES.map((m) => [m, HIGH]));
    for (const steps of ['minimal', 'standard', 'full'] as const) {
      const plan = routine(markers, { sensitive: true, preferences: { steps } });
      const strong = classesOf(allSteps(plan)).filter((c) => STRONG.includes(c));

      expect(strong.length, steps).toBeLessThanOrEqual(1);
    }
    const plan = routine(markers, { sensitive: true, preferences: { steps: 'full' } });
    const acne = allSteps(plan).find((s) => hasKey([s], 'Adapalene'))!;
    expect(acne.frequency).toBe('every_other_day');
    expect(acne.ramp_up).toMatch(/^Start once a week for two weeks, then twice a week for four weeks/);
    // Gentler choices: PHA rather than AHA for texture, azelaic acid for redness and pigmentation, niacinamide.
    expect(keyNames(allSteps(plan))).toEqual(expect.arrayContaining(['Gluconolactone', 'Azelaic Acid', 'Niacinamide']));
    expect(classesOf(allSteps(plan))).not.toContain('aha');
    expect(plan.warnings.some((w) => w.startsWith('Avoid fragrance'))).toBe(true);
  });

  it('when sensitive skin has high texture only, then a PHA is chosen over an AHA', () => {
    const plan = routine({ texture: HIGH }, { sensitive: true });

    expect(keyNames(allSteps(plan))).toContain('Gluconolactone');
    expect(keyNames(allSteps(plan))).not.toContain('Glycolic Acid');
  });

  it.each([
    ['no profile', {}],
    ['sensitive', { sensitive: true }],
    ['pregnant', { pregnant_or_breastfeeding: true }],
    ['minimal steps', { preferences: { steps: 'minimal' } }],
    ['sensitive and pregnant', { sensitive: true, pregnant_or_breastfeeding: true }],
  ] as [string, RoutineProfile][])('when acne is high (%s), then a BHA, benzoyl peroxide or adapalene step names acne as its reason', (_, profile) => {
    const plan = routine({ acne: HIGH, pigmentation: MODERATE, oiliness: MODERATE }, profile);
    const acneKeys = allSteps(plan)
      .filter((s) => s.step === 'treat' || s.step === 'exfoliate')
      .flatMap((s) => s.key_ingredients)
      .filter((k) => ['Salicylic Acid', 'Benzoyl Peroxide', 'Adapalene'].includes(k.name) && k.marker === 'acne');

    expect(acneKeys.length).toBeGreaterThan(0);
    expect(acneKeys[0].reason).toMatch(/^acne \(high\): /);
    expect(acneKeys[0].source).toBe('zaenglein_2016');
  });

  it('when pigmentation is high, then vitamin C (AM), azelaic acid or niacinamide is used, and the sunscreen names pigmentation', () => {
    for (const profile of [{}, { sensitive: true }, { pregnant_or_breastfeeding: true }, { preferences: { steps: 'minimal' } }] as RoutineProfile[]) {
      const plan = routine({ pigmentation: HIGH }, profile);
      const keys = allSteps(plan).flatMap((s) => s.key_ingredients).filter((k) => k.marker === 'pigmentation');

      expect(keys.some((k) => ['Ascorbic Acid', 'Azelaic Acid', 'Niacinamide'].includes(k.name))).toBe(true);
      expect(plan.am.at(-1)!.key_ingredients.some((k) => k.marker === 'pigmentation')).toBe(true);
      if (hasKey(allSteps(plan), 'Ascorbic Acid')) expect(hasKey(plan.am, 'Ascorbic Acid')).toBe(true);
    }
    expect(hasKey(routine({ pigmentation: HIGH }).am, 'Ascorbic Acid', 'pigmentation')).toBe(true);
  });

  it('when any routine is generated, then broad-spectrum SPF 30+ is every morning, as the last step', () => {
    for (const profile of [{}, { preferences: { steps: 'minimal' } }, { preferences: { steps: 'full' } }, { sensitive: true }] as RoutineProfile[]) {
      for (const markers of [{}, { wrinkles: HIGH, pigmentation: HIGH, hydration: HIGH, dark_circles: HIGH }]) {
        const plan = routine(markers, profile);
        const last = plan.am.at(-1)!;

        expect(last.step).toBe('protect');
        expect(last.frequency).toBe('daily');
        expect(last.key_ingredients[0]).toMatchObject({ name: 'broad-spectrum UV filters (SPF 30 or higher)', marker: null, source: 'aad_sunscreen_faqs' });
        expect([...plan.pm, ...plan.weekly].some((s) => s.step === 'protect')).toBe(false);
      }
    }
  });

  it('when wrinkles are high, then a retinoid is used in the PM only, with a ramp-up, and the sunscreen names wrinkles', () => {
    const plan = routine({ wrinkles: HIGH });
    const retinol = plan.pm.find((s) => hasKey([s], 'Retinol'))!;

    expect(retinol).toMatchObject({ step: 'treat', frequency: 'daily' });
    expect(retinol.ramp_up).toBe('Start twice a week for two weeks, then every other evening for two weeks, then every evening if there is no irritation.');
    expect(classesOf(plan.am)).not.toContain('retinoid');
    expect(plan.weekly.flatMap((s) => classesOf([s]))).not.toContain('retinoid');
    expect(hasKey(plan.am, 'broad-spectrum UV filters (SPF 30 or higher)', 'wrinkles')).toBe(true);
  });

  it('when a retinoid and an exfoliating acid are both needed, then the acid goes to the morning or to weekly evenings without the retinoid', () => {
    const plan = routine({ wrinkles: HIGH, texture: HIGH, pores: HIGH }, { preferences: { steps: 'full' } });

    expect(classesOf(plan.pm)).toContain('retinoid');
    expect(classesOf(plan.pm)).not.toEqual(expect.arrayContaining(['aha']));
    expect(classesOf(plan.pm)).not.toEqual(expect.arrayContaining(['bha']));
    expect(plan.weekly.length).toBeGreaterThan(0);
    expect(plan.weekly[0].description).toMatch(/on a night without the retinoid/);
    expect(plan.notes).toContain('Weekly exfoliation evenings replace the retinoid on those nights: never both on the same evening.');
  });

  it('when acne and pigmentation are high, then benzoyl peroxide (AM) never shares the morning with L-ascorbic acid', () => {
    const plan = routine({ acne: HIGH, pigmentation: HIGH });

    expect(hasKey(plan.am, 'Benzoyl Peroxide')).toBe(true);
    expect(hasKey(plan.am, 'Ascorbic Acid')).toBe(false);
    expect(keyNames(allSteps(plan))).toContain('Azelaic Acid');
    expect(plan.rules_applied.map((r) => r.id)).toContain('no_conflicts_in_slot');
  });

  it('when the step budget is minimal, then the routine is cleanse, at most one treatment, moisturise, protect', () => {
    const markers = Object.fromEntries(MARKER_NAMES.map((m) => [m, HIGH]));
    const plan = routine(markers, { preferences: { steps: 'minimal' } });

    expect(plan.am.map((s) => s.step).filter((s) => s !== 'treat')).toStrictEqual(['cleanse', 'moisturise', 'protect']);
    expect(plan.pm.map((s) => s.step).filter((s) => s !== 'treat')).toStrictEqual(['cleanse', 'moisturise']);
    expect(plan.weekly).toStrictEqual([]);
    expect(allSteps(plan).filter((s) => s.step === 'treat' || s.step === 'exfoliate')).toHaveLength(1);
    expect(plan.notes.some((n) => /minimal step budget allows 1 active/.test(n))).toBe(true);
  });

  it('when several actives are planned, then notes and the introduction give one new active at a time, two weeks apart (four when sensitive)', () => {
    const plan = routine({ acne: HIGH, wrinkles: MODERATE, oiliness: MODERATE });

    expect(plan.introduction.map((e) => [e.ingredient, e.slot, e.start_week])).toStrictEqual([
      ['Benzoyl Peroxide', 'am', 1],
      ['Retinol', 'pm', 3],
      ['Niacinamide', 'am', 5],
    ]);
    expect(plan.notes[0]).toBe(
      'Use the cleanser, moisturiser and sunscreen from the start; add one new active at a time, 2 weeks apart: Benzoyl Peroxide (AM) from week 1, Retinol (PM) from week 3, Niacinamide (AM) from week 5.',
    );
    const sensitive = routine({ acne: HIGH, redness: MODERATE }, { sensitive: true });
    expect(sensitive.introduction.map((e) => e.start_week)).toStrictEqual([1, 5]);
  });

  it('when redness is high, then azelaic acid or niacinamide is used, the moisturiser soothes, and fragrance is to be avoided', () => {
    const plan = routine({ redness: HIGH });

    expect(hasKey(allSteps(plan), 'Azelaic Acid', 'redness') || hasKey(allSteps(plan), 'Niacinamide', 'redness')).toBe(true);
    expect(hasKey(plan.am, 'Panthenol', 'redness')).toBe(true);
    expect(plan.warnings).toContain('Avoid fragrance, essential oils and drying alcohol (because of the redness result): they can sensitise and irritate.');
    expect(plan.am.find((s) => s.step === 'moisturise')!.description).toMatch(/^Fragrance-free /);
  });

  it('when hydration is low, then the moisturiser carries humectants (glycerin, hyaluronic acid) and ceramides for hydration', () => {
    const plan = routine({ hydration: HIGH }, { skin_type: 'normal' });
    const moisturiser = plan.pm.find((s) => s.step === 'moisturise')!;

    expect(moisturiser.key_ingredients.filter((k) => k.marker === 'hydration').map((k) => k.name)).toStrictEqual(['Glycerin', 'Sodium Hyaluronate', 'Ceramide NP']);
    expect(moisturiser.key_ingredients[0].source).toBe('purnamawati_2017');
    const full = routine({ hydration: HIGH }, { preferences: { steps: 'full' } });
    expect(full.am.map((s) => s.step)).toContain('tone');
    expect(full.weekly.map((s) => s.step)).toStrictEqual(['mask']);
  });

  it('when oiliness is high, then niacinamide and a light, oil-free moisturiser are used', () => {
    const plan = routine({ oiliness: HIGH });

    expect(hasKey(allSteps(plan), 'Niacinamide', 'oiliness')).toBe(true);
    expect(plan.am.find((s) => s.step === 'moisturise')!.description).toBe('Light, oil-free, non-comedogenic gel or lotion.');
    expect(plan.notes).toContain('Skin type not given: treated as oily from the oiliness and hydration results.');
  });

  it('when dark circles are moderate, then a caffeine eye care step is in the morning (not in a minimal routine)', () => {
    const plan = routine({ dark_circles: MODERATE });

    expect(plan.am.map((s) => s.step)).toStrictEqual(['cleanse', 'eye_care', 'moisturise', 'protect']);
    expect(plan.am[1].key_ingredients).toStrictEqual([
      { name: 'Caffeine', reason: expect.stringMatching(/^dark circles \(moderate\): /), marker: 'dark_circles', source: 'ahmadraji_2015' },
    ]);
    const minimal = routine({ dark_circles: MODERATE }, { preferences: { steps: 'minimal' } });
    expect(minimal.am.map((s) => s.step)).toStrictEqual(['cleanse', 'moisturise', 'protect']);
    expect(minimal.notes).toContain('Dark circles (moderate) has no eye care step: Caffeine (AM): the minimal step budget has no eye care step.');
  });

  it('when the skin type differs, then the cleanser and moisturiser differ', () => {
    const dry = routine({}, { skin_type: 'dry' });
    const oily = routine({}, { skin_type: 'oily' });

    expect(dry.am[0].description).toBe('Gentle, non-foaming cream or lotion cleanser (no harsh sulfates, no drying alcohol).');
    expect(oily.am[0].description).toBe('Gentle gel or foaming cleanser (no harsh sulfates, no drying alcohol).');
    expect(keyNames([dry.pm.at(-1)!])).toStrictEqual(['Glycerin', 'Ceramide NP', 'Petrolatum']);
    expect(keyNames([oily.pm.at(-1)!])).toStrictEqual(['Glycerin', 'Sodium Hyaluronate']);
  });

  it('when there are no concerns, then the routine is the basics: cleanse, moisturise, protect and cleanse, moisturise', () => {
    const plan = routine({ acne: result(90), redness: result(75) });

    expect(plan.am.map((s) => s.step)).toStrictEqual(['cleanse', 'moisturise', 'protect']);
    expect(plan.pm.map((s) => s.step)).toStrictEqual(['cleanse', 'moisturise']);
    expect(plan.weekly).toStrictEqual([]);
    expect(plan.introduction).toStrictEqual([]);
  });

  it('when a plan is generated, then every cited source is listed with its title, and every rule applied has sources', () => {
    const plan = routine({ acne: HIGH, pigmentation: HIGH, hydration: MODERATE, wrinkles: MODERATE, redness: MODERATE }, { sensitive: true });
    const cited = new Set([...allSteps(plan).flatMap((s) => s.key_ingredients.map((k) => k.source)), ...plan.rules_applied.flatMap((r) => r.sources)]);

    expect(Object.keys(plan.sources).sort()).toStrictEqual([...cited].sort());
    for (const s of Object.values(plan.sources)) expect(s.title.length).toBeGreaterThan(10);
    expect(plan.sources.aad_sunscreen_faqs).toStrictEqual({ title: ROUTINE_SOURCES.aad_sunscreen_faqs.title, url: 'https://www.aad.org/media/stats-sunscreen' });
    expect(plan.rules_applied.every((r) => r.sources.length > 0)).toBe(true);
  });

  it('when the same input is given twice, then the plan is identical (deterministic)', () => {
    const input: RoutineInput = { markers: { acne: HIGH, texture: MODERATE, wrinkles: HIGH }, profile: { skin_type: 'combination' } };

    expect(generateRoutine(input)).toStrictEqual(generateRoutine(structuredClone(input)));
  });
});

describe('routine rules data', () => {
  it('when the curated actives are looked up, then each is a knowledge-base entry of the expected class, with a reason for every concern that lists it', () => {
    const kb = getKnowledgeBase();
    const expected: Record<string, ActiveClass | null> = {
      benzoyl_peroxide: 'benzoyl_peroxide',
      adapalene: 'retinoid',
      salicylic_acid: 'bha',
      glycolic_acid: 'aha',
      lactic_acid: 'aha',
      gluconolactone: 'pha',
      retinol: 'retinoid',
      ascorbic_acid: 'vitamin_c_l_ascorbic',
      azelaic_acid: 'azelaic_acid',
      niacinamide: 'niacinamide',
      caffeine: null,
    };
    for (const [id, option] of Object.entries(ACTIVE_OPTIONS)) expect(kb.byInci.get(option.inci)?.active?.class ?? null, id).toBe(expected[id]);
    for (const [marker, bySeverity] of Object.entries(CONCERN_CANDIDATES))
      for (const lists of Object.values(bySeverity))
        for (const candidate of [...lists.default, ...(lists.sensitive ?? [])]) expect(ACTIVE_OPTIONS[candidate.option].reasons[marker as MarkerName], `${marker}/${candidate.option}`).toBeDefined();
  });

  it('when a rule or reason cites a source, then the source exists (routine sources or the ingredient knowledge base), and routine ids do not shadow knowledge-base ids', () => {
    const kb = getKnowledgeBase();
    const known = (id: string) => id in ROUTINE_SOURCES || kb.sources.has(id);
    for (const r of Object.values(RULES)) for (const id of r.sources) expect(known(id), id).toBe(true);
    for (const o of Object.values(ACTIVE_OPTIONS)) for (const r of Object.values(o.reasons)) expect(known(r!.source), r!.source).toBe(true);
    for (const id of Object.keys(ROUTINE_SOURCES)) expect(kb.sources.has(id), id).toBe(false);
  });
});

describe('generateRoutine: properties', () => {
  const markerArb = fc.integer({ min: 0, max: 100 }).chain((score) =>
    fc.oneof(fc.constant({ score, severity: severityOf(score) }), fc.constantFrom<Severity>('low', 'moderate', 'high').map((severity) => ({ score, severity }))),
  );
  const markersArb = markersArbOf(markerArb);

  it('when the conflict check used below sees a retinoid with an AHA or benzoyl peroxide with vitamin C, then it reports them (the property is not vacuous)', () => {
    const step = (names: string[]): Step => ({ step: 'treat', description: '', key_ingredients: names.map((name) => ({ name, reason: '', marker: null, source: '' })), frequency: 'daily', ramp_up: null });

    expect(conflictsIn([step(['Retinol']), step(['Glycolic Acid'])])).toStrictEqual(['retinoid_with_aha: Retinol + Glycolic Acid']);
    expect(conflictsIn([step(['Benzoyl Peroxide', 'Ascorbic Acid'])])).toHaveLength(1);
    expect(classesOf([step(['Adapalene', 'Salicylic Acid'])])).toStrictEqual(['retinoid', 'bha']);
  });

  it('when any profile and marker results are given, then no slot holds two conflicting actives (per the ingredient analysis), SPF closes every AM, retinoids stay in the PM, pregnancy never gets a retinoid and sensitive skin at most one strong active', () => {
    fc.assert(
      fc.property(markersArb, profileArb, (markers, profile) => {
        const plan = generateRoutine({ markers, profile });
        for (const slot of slotsOf(plan)) expect(conflictsIn(slot.steps), slot.name).toStrictEqual([]);
        expect(plan.am.at(-1)!.step).toBe('protect');
        expect(plan.am.filter((s) => s.step === 'protect')).toHaveLength(1);
        expect(classesOf(plan.am)).not.toContain('retinoid');
        for (const w of plan.weekly) expect(classesOf([w])).not.toContain('retinoid');
        if (profile.pregnant_or_breastfeeding) {
          expect(classesOf(allSteps(plan))).not.toContain('retinoid');
          expect(keyNames(allSteps(plan))).not.toContain('Salicylic Acid');
        }
        if (profile.sensitive) expect(classesOf(allSteps(plan)).filter((c) => STRONG.includes(c)).length).toBeLessThanOrEqual(1);
        if (profile.preferences?.steps === 'minimal') expect(allSteps(plan).filter((s) => s.step === 'treat' || s.step === 'exfoliate').length).toBeLessThanOrEqual(1);
        for (const s of allSteps(plan)) {
          expect(s.key_ingredients.length).toBeGreaterThan(0);
          for (const k of s.key_ingredients) expect(plan.sources[k.source], k.source).toBeDefined();
        }
      }),
      { numRuns: 300 },
    );
  });
});
