import { describe, expect, it } from 'vitest';
import { analyseLabel, ingredient, namesOf } from './helpers';
import { LABELS } from './labels';

describe('real-style labels', () => {
  for (const [key, label] of Object.entries(LABELS)) {
    it(`when the ${label.name} label is analysed, then every item is found once, in order (${key})`, () => {
      // Act
      const analysis = analyseLabel(label.text);

      // Assess
      expect(namesOf(analysis)).toStrictEqual(label.expected);
      expect(analysis.ingredients.map((i) => i.position)).toStrictEqual(label.expected.map((_, i) => i + 1));
      expect(analysis.summary.count).toBe(label.expected.length);
      expect(analysis.summary.unknown).toBe(label.expected.filter((n) => n === null).length);
    });
  }

  it('when the US sunscreen label is analysed, then percentages, headers and filter synonyms are read', () => {
    const analysis = analyseLabel(LABELS.sunscreen.text);

    expect(analysis.ingredients.slice(0, 4).map((i) => [i.as_written, i.name, i.match.type, i.percentage])).toStrictEqual([
      ['Avobenzone 3%', 'Butyl Methoxydibenzoylmethane', 'synonym', 3],
      ['Homosalate 10%', 'Homosalate', 'exact', 10],
      ['Octisalate 5%', 'Ethylhexyl Salicylate', 'synonym', 5],
      ['Octocrylene 10%', 'Octocrylene', 'exact', 10],
    ]);
    expect(ingredient(analysis, 'Homosalate').flags.eu_restricted).toStrictEqual({
      source: 'eu_2022_2195',
      limit: '7.34% in face products (not propellant sprays); not allowed in other product types',
      annex_ref: 'VI/3',
    });
  });

  it('when the fragrance-heavy cream is analysed, then the EU fragrance allergens are named with their labelling thresholds', () => {
    const analysis = analyseLabel(LABELS.fragranceCream.text);

    expect(analysis.summary.eu_fragrance_allergens).toStrictEqual([
      'Limonene', 'Geraniol', 'Hydroxycitronellal', 'Linalool', 'Citronellol', 'Benzyl Benzoate', 'Cinnamyl Alcohol',
      'Alpha-Isomethyl Ionone', 'Coumarin',
    ]);
    expect(ingredient(analysis, 'Linalool').flags).toStrictEqual({
      eu_fragrance_allergen: { source: 'eu_2023_1545', labelling_threshold_percent: { leave_on: 0.001, rinse_off: 0.01 } },
    });
    expect(ingredient(analysis, 'Limonene').flags.eu_fragrance_allergen).toBeDefined();
    expect(analysis.free_of).toStrictEqual(['alcohol', 'silicone', 'sulfate', 'paraben', 'essential_oils']);
  });

  it('when the coconut hair oil is analysed, then coconut oil and isopropyl myristate carry high comedogenic ranges with sources', () => {
    const analysis = analyseLabel(LABELS.hairOil.text);

    expect(ingredient(analysis, 'Cocos Nucifera Oil').comedogenic).toStrictEqual({ min: 4, max: 4, sources: ['fulton_1989_compilations', 'oil_comedogenic_charts'] });
    expect(ingredient(analysis, 'Isopropyl Myristate').comedogenic).toStrictEqual({ min: 5, max: 5, sources: ['fulton_1989_compilations'] });
    expect(ingredient(analysis, 'Cocos Nucifera Oil').flags.fungal_acne_trigger?.source).toBe('malassezia_lipids');
    expect(analysis.sources.fulton_1989_compilations.kind).toBe('secondary');
  });

  it('when the foundation is analysed, then alcohol denat. is drying and the shade colours are optional colourants', () => {
    const analysis = analyseLabel(LABELS.foundation.text);

    expect(ingredient(analysis, 'Alcohol Denat.').flags.drying_alcohol?.source).toBe('volatile_alcohols_secondary');
    expect(analysis.ingredients.filter((i) => i.optional_colourant).map((i) => i.as_written)).toStrictEqual([
      'CI 77891 (Titanium Dioxide)', 'CI 77491', 'CI 77492', 'CI 77499 (Iron Oxides)', 'Mica',
    ]);
    expect(analysis.summary.optional_colourants).toBe(5);
    expect(analysis.free_of).toStrictEqual(['fragrance', 'sulfate', 'paraben', 'essential_oils']);
  });

  it('when the fade cream is analysed, then hydroquinone is EU-banned and a pregnancy caution', () => {
    const analysis = analyseLabel(LABELS.fadeCream.text);

    const hq = ingredient(analysis, 'Hydroquinone');
    expect(hq.percentage).toBe(2);
    expect(hq.flags.eu_banned).toStrictEqual({
      source: 'eu_1223_2009',
      annex_ref: 'II/1339',
      note: 'prohibited in cosmetics; only 0.02% in professional artificial nail systems (Annex III/14); prescription medicine',
    });
    expect(hq.flags.pregnancy_caution?.source).toBe('bozzo_2011');
    expect(analysis.summary.eu_banned).toStrictEqual(['Hydroquinone']);
  });

  it('when the organic face oil is analysed, then footnotes are kept apart and linked to the marked items', () => {
    const analysis = analyseLabel(LABELS.faceOil.text);

    expect(analysis.footnotes).toStrictEqual(['* Certified organic ingredients', '** Naturally occurring in essential oils']);
    expect(ingredient(analysis, 'Simmondsia Chinensis Seed Oil').footnote).toBe('Certified organic ingredients');
    expect(ingredient(analysis, 'Linalool').footnote).toBe('Naturally occurring in essential oils');
    expect(ingredient(analysis, 'Squalane').footnote).toBeNull();
    expect(ingredient(analysis, 'Lavandula Angustifolia Oil').flags.essential_oil).toStrictEqual({ source: 'cosing' });
    expect(analysis.free_of).toStrictEqual(['alcohol', 'silicone', 'sulfate', 'paraben']);
  });

  it('when the bilingual label is analysed, then the names after a slash are matched as parts', () => {
    const analysis = analyseLabel(LABELS.bilingualCream.text);

    expect(ingredient(analysis, 'Butyrospermum Parkii Butter').match).toStrictEqual({ type: 'exact', confidence: 0.9 });
    expect(ingredient(analysis, 'Aqua').match).toStrictEqual({ type: 'exact', confidence: 0.9 });
  });

  it('when the baby lotion is analysed, then it is free of fragrance, drying alcohol and parabens, but not of silicone or sulfates (sodium cetearyl sulfate)', () => {
    const analysis = analyseLabel(LABELS.babyLotion.text);

    expect(analysis.free_of).toStrictEqual(['fragrance', 'alcohol', 'paraben', 'essential_oils']);
  });

  it('when the shampoo is analysed, then it is neither sulfate- nor silicone-free', () => {
    const analysis = analyseLabel(LABELS.shampoo.text);

    expect(analysis.free_of).toStrictEqual(['alcohol', 'paraben', 'essential_oils']);
    expect(ingredient(analysis, 'Methylisothiazolinone').flags.eu_banned?.note).toBe('prohibited in leave-on products since 12 February 2017');
  });
});
