/**
 * The routine rules for the markers added in skin-v1.5.0: each concern gets its actives with reasons and sources,
 * and the rule that shaped the plan is listed.
 */
import { describe, expect, it } from 'vitest';
import type { MarkerName } from '../../functions/analysis/skin/markers';
import { generateRoutine, type RoutinePlan, type Step } from '../../functions/routines/engine/index';

const HIGH = { score: 25, severity: 'high' as const };
const allSteps = (p: RoutinePlan): Step[] => [...p.am, ...p.pm, ...p.weekly];
const keysFor = (p: RoutinePlan, marker: MarkerName) =>
  allSteps(p).flatMap((s) => s.key_ingredients.filter((k) => k.marker === marker).map((k) => ({ name: k.name, source: k.source, reason: k.reason })));

describe('routines for the added markers', () => {
  it.each([
    ['eye_bags', 'Caffeine', 'ahmadraji_2015'],
    ['uniformness', 'Niacinamide', 'bissett_2004'],
    ['radiance', 'Ascorbic Acid', 'al_niaimi_2017'],
    ['age_spots', 'Ascorbic Acid', 'al_niaimi_2017'],
    ['blackheads', 'Salicylic Acid', 'zaenglein_2016'],
  ] as const)('when %s is the only high concern, then the routine treats it with %s, cites %s and lists the rule', (marker, active, source) => {
    const plan = generateRoutine({ markers: { [marker]: HIGH }, profile: {} });
    const keys = keysFor(plan, marker);
    expect(keys.map((k) => k.name)).toContain(active);
    const key = keys.find((k) => k.name === active)!;
    expect(key.source).toBe(source);
    expect(key.reason).toMatch(/\(high\): /);
    expect(plan.rules_applied.map((r) => r.id)).toContain(marker);
    expect(Object.keys(plan.sources)).toContain(source);
  });

  it('when age spots are a high concern, then the sunscreen names them', () => {
    const plan = generateRoutine({ markers: { age_spots: HIGH }, profile: {} });
    const sunscreen = plan.am.find((s) => s.step === 'protect')!;
    expect(sunscreen.key_ingredients.filter((k) => k.marker === 'age_spots').map((k) => k.source)).toEqual(['sarkar_2013']);
  });

  it('when pregnant with high age spots, then no retinoid is chosen and vitamin C still is', () => {
    const plan = generateRoutine({ markers: { age_spots: HIGH }, profile: { pregnant_or_breastfeeding: true } });
    const names = allSteps(plan).flatMap((s) => s.key_ingredients.map((k) => k.name));
    expect(names).not.toContain('Retinol');
    expect(names).toContain('Ascorbic Acid');
  });
});
