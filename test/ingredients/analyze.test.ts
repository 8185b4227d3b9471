import { describe, expect, it } from 'vitest';
import { analyse, analyseLabel, ingredient, namesOf } from './helpers';
import { LABELS } from './labels';

describe('analyzeIngredients', () => {
  it('when a name is misspelt, then it is matched as fuzzy with a suggestion and a confidence, never silently', () => {
    const analysis = analyseLabel('Aqua, Glycerni, Niacinamid, Phenoxyethenol');

    expect(analysis.ingredients.map((i) => [i.as_written, i.name, i.match])).toStrictEqual([
      ['Aqua', 'Aqua', { type: 'exact', confidence: 1 }],
      ['Glycerni', 'Glycerin', { type: 'fuzzy', confidence: 0.88, suggestion: 'Glycerin' }],
      ['Niacinamid', 'Niacinamide', { type: 'fuzzy', confidence: 0.9, suggestion: 'Niacinamide' }],
      ['Phenoxyethenol', 'Phenoxyethanol', { type: 'fuzzy', confidence: 0.93, suggestion: 'Phenoxyethanol' }],
    ]);
    expect(analysis.summary).toMatchObject({ count: 4, recognised: 1, fuzzy: 3, unknown: 0 });
  });

  it('when a name differs only in its number, then it is not fuzzily matched to another grade', () => {
    const analysis = analyseLabel('Ceteareth-30, Polysorbate 85, PEG-12 Stearate');

    expect(analysis.ingredients.map((i) => [i.name, i.match.type])).toStrictEqual([[null, 'unknown'], [null, 'unknown'], [null, 'unknown']]);
  });

  it('when ingredients are unknown, then they are returned in order with empty facts', () => {
    const analysis = analyseLabel('Aqua, Zorbonium Extract, Glycerin, Qwertyl Ester');

    expect(namesOf(analysis)).toStrictEqual(['Aqua', null, 'Glycerin', null]);
    expect(analysis.ingredients[1]).toStrictEqual({
      position: 2,
      as_written: 'Zorbonium Extract',
      name: null,
      match: { type: 'unknown', confidence: 0 },
      family: null,
      functions: [],
      comedogenic: null,
      irritancy: null,
      flags: {},
      benefits: [],
      active: null,
      active_level_likely: null,
      optional_colourant: false,
      percentage: null,
      nano: false,
      at_most_one_percent: false,
      footnote: null,
    });
  });

  it('when a recognised active is analysed, then the whole ingredient record carries its facts and sources', () => {
    const analysis = analyseLabel('Aqua, Niacinamide 5%, Glycerin');

    expect(ingredient(analysis, 'Niacinamide')).toStrictEqual({
      position: 2,
      as_written: 'Niacinamide 5%',
      name: 'Niacinamide',
      match: { type: 'exact', confidence: 1 },
      family: 'actives',
      functions: ['skin_conditioning', 'antistatic', 'smoothing'],
      comedogenic: null,
      irritancy: null,
      flags: {},
      benefits: [
        { marker: 'wrinkles', source: 'bissett_2004' },
        { marker: 'pigmentation', source: 'bissett_2004' },
        { marker: 'redness', source: 'bissett_2004' },
        { marker: 'oiliness', source: 'draelos_2006' },
        { marker: 'acne', source: 'zaenglein_2016' },
      ],
      active: { class: 'niacinamide', usual_concentration: { min: 2, max: 10, unit: '%' }, source: 'bissett_2004' },
      active_level_likely: true,
      optional_colourant: false,
      percentage: 5,
      nano: false,
      at_most_one_percent: false,
      footnote: null,
    });
    expect(analysis.sources.bissett_2004.title).toContain('Topical niacinamide');
  });

  it('when a retinoid and an AHA are in one list, then the conflict is reported with reason, advice and sources', () => {
    const analysis = analyseLabel('Aqua, Glycolic Acid, Retinol, Glycerin');

    expect(analysis.conflicts).toStrictEqual([
      {
        id: 'retinoid_with_aha',
        severity: 'caution',
        evidence: 'moderate',
        between: [['Retinol'], ['Glycolic Acid']],
        reason: 'Retinoids and alpha-hydroxy acids both irritate (burning, scaling, redness); used together the irritation adds up.',
        advice: 'Use on alternate nights, or the acid in the morning and the retinoid at night; introduce one at a time.',
        sources: ['mukherjee_2006', 'tang_2018', 'retinoid_acid_layering_secondary'],
      },
    ]);
  });

  it('when niacinamide and L-ascorbic acid are together, then no conflict is flagged and the myth is noted', () => {
    const analysis = analyseLabel(LABELS.vitaminCSerum.text.replace('Ferulic Acid', 'Niacinamide'));

    expect(analysis.conflicts).toStrictEqual([]);
    expect(analysis.non_conflicts.map((n) => [n.id, n.between])).toStrictEqual([['niacinamide_with_vitamin_c', [['Niacinamide'], ['Ascorbic Acid']]]]);
  });

  it('when benzoyl peroxide meets tretinoin, retinol or L-ascorbic acid, then each clash is flagged; adapalene is not', () => {
    const analysis = analyseLabel('Benzoyl Peroxide 5%, Ascorbic Acid, Tretinoin, Retinol, Adapalene');

    expect(analysis.conflicts.map((c) => [c.id, c.severity, c.between])).toStrictEqual([
      ['benzoyl_peroxide_with_tretinoin', 'avoid', [['Benzoyl Peroxide'], ['Tretinoin']]],
      ['benzoyl_peroxide_with_retinol', 'caution', [['Benzoyl Peroxide'], ['Retinol']]],
      ['benzoyl_peroxide_with_vitamin_c', 'caution', [['Benzoyl Peroxide'], ['Ascorbic Acid']]],
    ]);
    expect(analysis.non_conflicts.map((n) => n.id)).toStrictEqual(['adapalene_with_benzoyl_peroxide']);
  });

  it('when an acid sits after a 1%-capped preservative, then it is at most 1%, not at an exfoliating level, and clashes with nothing', () => {
    const analysis = analyseLabel('Aqua, Squalane, Retinol, Glycerin, Phenoxyethanol, Lactic Acid, Xanthan Gum');

    expect(ingredient(analysis, 'Lactic Acid')).toMatchObject({ at_most_one_percent: true, active_level_likely: false });
    expect(ingredient(analysis, 'Glycerin')).toMatchObject({ at_most_one_percent: true });
    expect(analysis.conflicts).toStrictEqual([]);
    expect(analysis.actives.find((a) => a.class === 'aha')).toStrictEqual({
      class: 'aha',
      ingredients: [{ name: 'Lactic Acid', position: 6, percentage: null, active_level_likely: false }],
      usual_concentration: { min: 5, max: 12, unit: '%' },
    });
  });

  it('when a stated percentage is below the usual range, then the active is not counted at active level', () => {
    const analysis = analyseLabel('Aqua, Retinol, Glycolic Acid 1%');

    expect(ingredient(analysis, 'Glycolic Acid').active_level_likely).toBe(false);
    expect(analysis.conflicts).toStrictEqual([]);
  });

  it('when a list is alphabetical (US inactive ingredients), then no 1% line is inferred', () => {
    const analysis = analyseLabel('Aqua, Butylene Glycol, Carbomer, Glycerin, Glycolic Acid, Methylparaben, Retinol, Sodium Hydroxide, Xanthan Gum');

    expect(analysis.ingredients.every((i) => !i.at_most_one_percent)).toBe(true);
    expect(analysis.conflicts.map((c) => c.id)).toStrictEqual(['retinoid_with_aha']);
  });

  it('when products are sent, then each is analysed and clashes between the lists name the product pairs', () => {
    const analysis = analyse({
      ingredients: LABELS.retinolSerum.text,
      products: [
        { name: 'Glow toner', ingredients: LABELS.ahaToner.text },
        { name: 'Spot gel', ingredients: LABELS.acneGel.text },
        { name: 'C serum', ingredients: LABELS.vitaminCSerum.text },
        { name: 'Pore liquid', ingredients: LABELS.bhaExfoliant.text },
        { name: 'Barrier cream', ingredients: LABELS.ceramideMoisturiser.text },
      ],
    });

    expect(analysis.products.map((p) => [p.index, p.name, p.summary.count])).toStrictEqual([
      [0, 'Glow toner', 12], [1, 'Spot gel', 9], [2, 'C serum', 11], [3, 'Pore liquid', 8], [4, 'Barrier cream', 21],
    ]);
    expect(analysis.product_conflicts.map((c) => [c.id, c.products.map((p) => p.name), c.between])).toStrictEqual([
      ['retinoid_with_aha', ['ingredients', 'Glow toner'], [['Retinol'], ['Glycolic Acid']]],
      ['benzoyl_peroxide_with_retinol', ['Spot gel', 'ingredients'], [['Benzoyl Peroxide'], ['Retinol']]],
      ['retinoid_with_bha', ['ingredients', 'Pore liquid'], [['Retinol'], ['Salicylic Acid']]],
      ['benzoyl_peroxide_with_vitamin_c', ['Spot gel', 'C serum'], [['Benzoyl Peroxide'], ['Ascorbic Acid']]],
    ]);
    expect(analysis.product_conflicts[1].products).toStrictEqual([{ index: 1, name: 'Spot gel' }, { index: null, name: 'ingredients' }]);
    expect(analysis.product_conflicts.some((c) => c.between.flat().includes('Niacinamide'))).toBe(false);
  });

  it('when markers are requested, then suitability lists what helps and what may worsen each, with sources', () => {
    const analysis = analyseLabel(LABELS.hairOil.text, { markers: ['acne', 'dark_circles'] });

    expect(analysis.suitability).toStrictEqual([
      {
        marker: 'acne',
        severity: null,
        priority: 1,
        verdict: 'may_worsen',
        helps: [],
        may_worsen: [
          { ingredient: 'Cocos Nucifera Oil', position: 1, reason: 'comedogenic grade 4 of 5', sources: ['fulton_1989_compilations', 'oil_comedogenic_charts'] },
          { ingredient: 'Isopropyl Myristate', position: 2, reason: 'comedogenic grade 5 of 5', sources: ['fulton_1989_compilations'] },
        ],
      },
      { marker: 'dark_circles', severity: null, priority: 2, verdict: 'neutral', helps: [], may_worsen: [] },
    ]);
  });

  it('when scan severities are given, then markers come from the scan and the most severe comes first', () => {
    const analysis = analyseLabel(LABELS.eyeCream.text, {}, );
    const withScan = analyse({ ingredients: LABELS.eyeCream.text, scan_id: 'scan_01J8Z3Q4X5Y6Z7A8B9C0D1E2F3' }, {
      markerSeverities: { hydration: 'low', dark_circles: 'high', pigmentation: 'moderate' },
    });

    expect(analysis.suitability.map((s) => s.marker)).toStrictEqual([
      'acne', 'pigmentation', 'hydration', 'redness', 'wrinkles', 'pores', 'oiliness', 'dark_circles', 'texture',
      'eye_bags', 'uniformness', 'radiance', 'age_spots', 'blackheads',
    ]); // prettier-ignore
    expect(withScan.suitability.map((s) => [s.priority, s.marker, s.severity, s.verdict])).toStrictEqual([
      [1, 'dark_circles', 'high', 'helps'],
      [2, 'pigmentation', 'moderate', 'helps'],
      [3, 'hydration', 'low', 'helps'],
    ]);
    expect(withScan.suitability[0].helps).toStrictEqual([
      { ingredient: 'Caffeine', position: 4, reason: 'evidence of benefit for dark circles', sources: ['ahmadraji_2015'] },
    ]);
  });

  it('when markers are requested and severities are known, then the requested markers are ordered by severity', () => {
    const analysis = analyse({ ingredients: 'Aqua, Niacinamide', markers: ['oiliness', 'redness', 'acne'] }, { markerSeverities: { acne: 'high', redness: 'low' } });

    expect(analysis.suitability.map((s) => [s.priority, s.marker, s.severity])).toStrictEqual([
      [1, 'acne', 'high'], [2, 'redness', 'low'], [3, 'oiliness', null],
    ]);
  });

  it('when fragrance, allergens and actives meet redness, then the verdict is mixed with both sides listed', () => {
    const analysis = analyseLabel('Aqua, Alcohol Denat., Niacinamide, Glycolic Acid, Parfum, Linalool', { markers: ['redness', 'hydration'] });

    expect(analysis.suitability).toStrictEqual([
      {
        marker: 'redness',
        severity: null,
        priority: 1,
        verdict: 'mixed',
        helps: [{ ingredient: 'Niacinamide', position: 3, reason: 'evidence of benefit for redness', sources: ['bissett_2004'] }],
        may_worsen: [
          { ingredient: 'Alcohol Denat.', position: 2, reason: 'drying alcohol high on the list', sources: ['volatile_alcohols_secondary'] },
          { ingredient: 'Glycolic Acid', position: 4, reason: 'aha can irritate, especially at first', sources: ['tang_2018'] },
          { ingredient: 'Parfum', position: 5, reason: 'fragrance (can sensitise)', sources: ['eu_2023_1545'] },
          { ingredient: 'Linalool', position: 6, reason: 'EU-listed fragrance allergen (can sensitise)', sources: ['eu_2023_1545'] },
        ],
      },
      {
        marker: 'hydration',
        severity: null,
        priority: 2,
        verdict: 'may_worsen',
        helps: [],
        may_worsen: [{ ingredient: 'Alcohol Denat.', position: 2, reason: 'drying alcohol high on the list', sources: ['volatile_alcohols_secondary'] }],
      },
    ]);
  });

  it('when unknown names look like a paraben, a silicone or a fragrance, then free_of still excludes those tags', () => {
    const analysis = analyseLabel('Aqua, Heptylparaben, Bis-Vinyl Dimethicone Thing, Natural Fragrance Blend');

    expect(analysis.free_of).toStrictEqual(['alcohol', 'sulfate', 'essential_oils']);
  });

  it('when the response is built, then it cites exactly the sources it uses and names the knowledge base version', () => {
    const analysis = analyseLabel('Aqua, Glycerin');

    expect(Object.keys(analysis.sources)).toStrictEqual(['cosing', 'fulton_1989_compilations', 'purnamawati_2017']);
    expect(analysis.knowledge_base.entries).toBeGreaterThanOrEqual(500);
    expect(analysis.products).toStrictEqual([]);
    expect(analysis.product_conflicts).toStrictEqual([]);
  });
});
