import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MarkerName, type Severity } from '../../functions/analysis/skin/markers';
import { analyzeIngredients, getKnowledgeBase } from '../../functions/ingredients/contract';
import { generateRoutine, guessCategory, type RoutinePlan, type RoutineProductInput, type RoutineProfile, type Step } from '../../functions/routines/engine/index';
import { markersArbOf, profileArb } from '../support/routine-arbitraries';

/**
 * Thirty products written for these tests in the style of real labels (not copied from any product): cleansers,
 * toners, serums with retinol, vitamin C, niacinamide, BHA, AHA and azelaic acid, moisturisers (one heavily
 * fragranced, one coconut-oil balm), sunscreens, an eye cream and a mask. One has no category (guessed from its name).
 */
const CATALOGUE: RoutineProductInput[] = [
  { name: 'Hydrating Cream Cleanser', category: 'cleanser', ingredients: 'Aqua, Glycerin, Sodium Cocoyl Glycinate, Coco-Betaine, Cetearyl Alcohol, Ceramide NP, Sodium Hyaluronate, Panthenol, Phenoxyethanol, Ethylhexylglycerin, Citric Acid' },
  { name: 'Foaming Gel Cleanser', category: 'cleanser', ingredients: 'Aqua, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Glycerin, Sodium Chloride, Niacinamide, Zinc PCA, Citric Acid, Sodium Benzoate, Parfum, Limonene' },
  { name: 'Salicylic Acid Cleanser', category: 'cleanser', ingredients: 'Aqua, Cocamidopropyl Betaine, Sodium Lauroyl Sarcosinate, Salicylic Acid 2%, Glycerin, Niacinamide, Polysorbate 20, Phenoxyethanol, Sodium Hydroxide' },
  { name: 'Micellar Cleansing Water', ingredients: 'Aqua, Hexylene Glycol, Glycerin, Poloxamer 184, Disodium Cocoamphodiacetate, Disodium EDTA, Polyaminopropyl Biguanide' },
  { name: 'Deep Clean Foam', category: 'cleanser', ingredients: 'Aqua, Sodium Lauryl Sulfate, Cocamide DEA, Glycerin, Alcohol Denat., Menthol, Parfum, Methylisothiazolinone' },
  { name: 'Glycolic Acid 7% Toning Solution', category: 'toner', ingredients: 'Aqua, Glycolic Acid 7%, Rosa Damascena Flower Water, Glycerin, Aloe Barbadensis Leaf Juice, Sodium Hydroxide, Panthenol, Phenoxyethanol' },
  { name: 'Hydrating Toner', category: 'toner', ingredients: 'Aqua, Glycerin, Butylene Glycol, Sodium Hyaluronate, Panthenol, Allantoin, Betaine, 1,2-Hexanediol, Disodium EDTA' },
  { name: 'PHA Gentle Exfoliating Toner', category: 'toner', ingredients: 'Aqua, Gluconolactone 10%, Glycerin, Sodium Hydroxide, Panthenol, Allantoin, Xanthan Gum, Sodium Benzoate, Potassium Sorbate' },
  { name: 'Retinol 0.3% Serum', category: 'serum', ingredients: 'Aqua, Squalane, Caprylic/Capric Triglyceride, Glycerin, Retinol 0.3%, Cetearyl Alcohol, Polysorbate 20, Tocopherol, Bisabolol, Phenoxyethanol, Ethylhexylglycerin, Xanthan Gum, BHT' },
  { name: 'Vitamin C 15% Serum', category: 'serum', ingredients: 'Aqua, Ethoxydiglycol, Ascorbic Acid 15%, Propylene Glycol, Glycerin, Laureth-23, Ferulic Acid, Tocopherol, Triethanolamine, Sodium Hyaluronate, Phenoxyethanol' },
  { name: 'Niacinamide 10% + Zinc 1%', category: 'serum', ingredients: 'Aqua, Niacinamide 10%, Pentylene Glycol, Zinc PCA, Dimethyl Isosorbide, Tamarindus Indica Seed Gum, Xanthan Gum, Isoceteth-20, Ethoxydiglycol, Phenoxyethanol, Chlorphenesin' },
  { name: 'BHA 2% Liquid Exfoliant', category: 'exfoliant', ingredients: 'Aqua, Methylpropanediol, Butylene Glycol, Salicylic Acid 2%, Polysorbate 20, Camellia Oleifera Leaf Extract, Sodium Hydroxide, Tetrasodium EDTA' },
  { name: 'Lactic Acid 10% Serum', category: 'serum', ingredients: 'Aqua, Lactic Acid 10%, Glycerin, Pentylene Glycol, Sodium Hydroxide, Sodium Hyaluronate Crosspolymer, Xanthan Gum, Phenoxyethanol' },
  { name: 'Azelaic Acid 10% Suspension', category: 'treatment', ingredients: 'Aqua, Isodecyl Neopentanoate, Dimethicone, Azelaic Acid 10%, Dimethyl Isosorbide, Hydroxyethyl Acrylate/Sodium Acryloyldimethyl Taurate Copolymer, Isohexadecane, Polysorbate 60, Tocopherol, Phenoxyethanol, Chlorphenesin' },
  { name: 'Benzoyl Peroxide 5% Acne Gel', category: 'treatment', ingredients: 'Benzoyl Peroxide 5%, Aqua, Carbomer, Sodium Hydroxide, Glycerin, Disodium EDTA, Silica' },
  { name: 'Adapalene 0.1% Gel', category: 'treatment', ingredients: 'Adapalene 0.1%, Aqua, Carbomer, Propylene Glycol, Poloxamer 182, Disodium EDTA, Methylparaben, Sodium Hydroxide' },
  { name: 'Retinol + Glycolic Night Serum', category: 'serum', ingredients: 'Aqua, Glycolic Acid 5%, Retinol 0.2%, Glycerin, Squalane, Sodium Hydroxide, Phenoxyethanol' },
  { name: 'Hyaluronic Acid 2% + B5', category: 'serum', ingredients: 'Aqua, Sodium Hyaluronate, Panthenol, Glycerin, Pentylene Glycol, Propanediol, Polyacrylate Crosspolymer-6, Phenoxyethanol' },
  { name: 'Ceramide Moisturising Cream', category: 'moisturiser', ingredients: 'Aqua, Glycerin, Cetearyl Alcohol, Caprylic/Capric Triglyceride, Cetyl Alcohol, Ceramide NP, Ceramide AP, Ceramide EOP, Petrolatum, Dimethicone, Sodium Hyaluronate, Cholesterol, Phytosphingosine, Carbomer, Xanthan Gum, Phenoxyethanol, Ethylhexylglycerin' },
  { name: 'Oil-Free Gel Moisturiser', category: 'moisturiser', ingredients: 'Aqua, Glycerin, Dimethicone, Niacinamide, Sodium Hyaluronate, Ammonium Acryloyldimethyltaurate/VP Copolymer, Panthenol, Allantoin, Phenoxyethanol, Ethylhexylglycerin' },
  { name: 'Rose Luxury Cream', category: 'moisturiser', ingredients: 'Aqua, Paraffinum Liquidum, Cera Microcristallina, Glycerin, Lanolin Alcohol, Paraffin, Panthenol, Magnesium Sulfate, Decyl Oleate, Octyldodecanol, Aluminum Stearates, Citric Acid, Parfum, Limonene, Geraniol, Hydroxycitronellal, Linalool, Citronellol, Benzyl Benzoate, Alpha-Isomethyl Ionone, Coumarin' },
  { name: 'Coconut Butter Balm', category: 'moisturiser', ingredients: 'Cocos Nucifera Oil, Theobroma Cacao Seed Butter, Butyrospermum Parkii Butter, Isopropyl Myristate, Cera Alba, Tocopherol' },
  { name: 'Smoothing Body-and-Face Lotion 12% Lactic Acid', category: 'moisturiser', ingredients: 'Aqua, Lactic Acid 12%, Ammonium Lactate, Paraffinum Liquidum, Glycerin, Cetearyl Alcohol, Glyceryl Stearate, Methylparaben, Propylparaben' },
  { name: 'Rich Night Cream with Vitamin A', category: 'moisturiser', ingredients: 'Aqua, Butyrospermum Parkii Butter, Glycerin, Cetearyl Alcohol, Retinyl Palmitate, Tocopheryl Acetate, Xanthan Gum, Phenoxyethanol' },
  { name: 'Daily UV Fluid SPF 50', category: 'sunscreen', ingredients: 'Aqua, Homosalate, Ethylhexyl Salicylate, Butyl Methoxydibenzoylmethane, Octocrylene, Glycerin, Silica, Dimethicone, Tocopherol, Phenoxyethanol, Caprylyl Glycol' },
  { name: 'Mineral Sunscreen SPF 30', category: 'sunscreen', ingredients: 'Zinc Oxide 18%, Aqua, Caprylic/Capric Triglyceride, Glycerin, Polyglyceryl-4 Isostearate, Cetyl PEG/PPG-10/1 Dimethicone, Sodium Chloride, Tocopherol, Phenoxyethanol' },
  { name: 'Tinted Sun Cream SPF 30', category: 'sunscreen', ingredients: 'Aqua, Octocrylene, Ethylhexyl Methoxycinnamate, Butyl Methoxydibenzoylmethane, Alcohol Denat., Glycerin, Parfum, Linalool, Iron Oxides' },
  { name: 'Anti-Age Day Cream SPF 15', category: 'sunscreen', ingredients: 'Aqua, Ethylhexyl Methoxycinnamate, Glycerin, Retinol, Titanium Dioxide, Cetearyl Alcohol, Phenoxyethanol' },
  { name: 'Caffeine Eye Cream', category: 'eye_cream', ingredients: 'Aqua, Caffeine, Glycerin, Caprylic/Capric Triglyceride, Cetearyl Alcohol, Niacinamide, Sodium Hyaluronate, Phenoxyethanol' },
  { name: 'Hydrating Overnight Mask', category: 'mask', ingredients: 'Aqua, Glycerin, Sodium Hyaluronate, Butylene Glycol, Panthenol, Trehalose, Carbomer, Phenoxyethanol' },
];

const byName = (name: string) => CATALOGUE.findIndex((p) => p.name === name);
const severityOf = (score: number): Severity => (score >= 70 ? 'low' : score >= 40 ? 'moderate' : 'high');
const result = (score: number) => ({ score, severity: severityOf(score) });
const HIGH = result(25);
const MODERATE = result(55);

const allSteps = (p: RoutinePlan): Step[] => [...p.am, ...p.pm, ...p.weekly];
const chosen = (p: RoutinePlan) => allSteps(p).filter((s) => s.product).map((s) => s.product!.name);
const slotsOf = (p: RoutinePlan): { name: string; steps: Step[] }[] => [
  { name: 'am', steps: p.am },
  { name: 'pm', steps: p.pm },
  ...p.weekly.map((s, i) => ({ name: `weekly[${i}]`, steps: [s] })),
];

/** Conflicts between the products chosen for one slot, and inside each of them, per the ingredient analysis. */
function productConflictsIn(steps: readonly Step[]): string[] {
  const products = [...new Set(steps.filter((s) => s.product).map((s) => s.product!.index))].map((i) => CATALOGUE[i]);
  if (!products.length) return [];
  const analysis = analyzeIngredients({ ingredients: [], products: products.map((p) => ({ name: p.name, ingredients: p.ingredients as string })) });
  return [
    ...analysis.product_conflicts.map((c) => `${c.id}: ${c.products.map((p) => p.name).join(' + ')}`),
    ...analysis.products.flatMap((p) => p.conflicts.map((c) => `${c.id} in ${p.name}`)),
  ];
}

function plan(markers: Partial<Record<MarkerName, { score: number; severity: Severity }>>, profile: RoutineProfile = {}, products = CATALOGUE) {
  return generateRoutine({ markers, profile, products });
}

describe('generateRoutine with a product list', () => {
  it('when acne is high, then products fill the steps with reasons, and the comedogenic coconut balm is never the moisturiser', () => {
    const p = plan({ acne: HIGH, oiliness: MODERATE, pores: MODERATE }, { skin_type: 'oily' });

    expect(p.am.map((s) => [s.step, s.product?.name])).toStrictEqual([
      ['cleanse', 'Hydrating Cream Cleanser'],
      ['treat', 'Benzoyl Peroxide 5% Acne Gel'],
      ['treat', 'Niacinamide 10% + Zinc 1%'],
      ['moisturise', 'Oil-Free Gel Moisturiser'],
      ['protect', 'Daily UV Fluid SPF 50'],
    ]);
    expect(p.weekly.map((s) => s.product?.name)).toStrictEqual(['BHA 2% Liquid Exfoliant']);
    expect(p.am[1].product!.reason).toBe('Contains Benzoyl Peroxide (benzoyl peroxide) for acne; helps acne; fragrance-free');
    expect(p.am[1].product!.ingredient_analysis_summary).toMatchObject({ actives: ['benzoyl_peroxide'], helps: ['acne', 'hydration'], may_worsen: ['redness'] });
    expect(chosen(p)).not.toContain('Coconut Butter Balm');
    for (const slot of slotsOf(p)) expect(productConflictsIn(slot.steps), slot.name).toStrictEqual([]);
  });

  it('when the only moisturiser is a highly comedogenic balm and acne is high, then no moisturiser is chosen and a note says it may worsen acne', () => {
    const products = CATALOGUE.filter((p) => p.category !== 'moisturiser' || p.name === 'Coconut Butter Balm');
    const p = plan({ acne: HIGH }, {}, products);

    expect(p.am.find((s) => s.step === 'moisturise')!.product).toBeUndefined();
    expect(p.notes).toContain(
      'No product for the AM moisturise step: "Coconut Butter Balm" may worsen acne (high): Cocos Nucifera Oil, comedogenic grade 4 of 5 and Theobroma Cacao Seed Butter, comedogenic grade 4 of 5; 24 products are not a moisturiser.',
    );
    // Without the acne result the same balm is acceptable for dry skin.
    expect(plan({ hydration: HIGH }, { skin_type: 'dry' }, products).am.find((s) => s.step === 'moisturise')!.product?.name).toBe('Coconut Butter Balm');
  });

  it('when wrinkles and texture are high, then the retinol serum and the AHA never share a slot, and the retinol + glycolic serum (its own conflict) is never chosen', () => {
    const p = plan({ wrinkles: HIGH, texture: HIGH, hydration: MODERATE }, { skin_type: 'dry', preferences: { steps: 'full' } });

    expect(p.pm.find((s) => s.step === 'treat')!.product!.name).toBe('Retinol 0.3% Serum');
    expect(p.weekly.find((s) => s.step === 'exfoliate')!.product!.name).toBe('Glycolic Acid 7% Toning Solution');
    expect(chosen(p)).not.toContain('Retinol + Glycolic Night Serum');
    expect(chosen(p)).not.toContain('Smoothing Body-and-Face Lotion 12% Lactic Acid');
    for (const slot of slotsOf(p)) expect(productConflictsIn(slot.steps), slot.name).toStrictEqual([]);
  });

  it('when fragrance-free is asked for, then no fragranced product is chosen', () => {
    const p = plan({ hydration: HIGH, pigmentation: MODERATE }, { preferences: { fragrance_free: true } });

    for (const name of chosen(p)) expect(analyzeIngredients({ ingredients: CATALOGUE[byName(name)].ingredients as string }).free_of, name).toContain('fragrance');
    expect(chosen(p)).not.toContain('Rose Luxury Cream');
    expect(chosen(p)).not.toContain('Tinted Sun Cream SPF 30');
  });

  it('when pregnant, then no product with a pregnancy-caution ingredient is chosen, and each choice says so', () => {
    const p = plan({ acne: HIGH, wrinkles: HIGH, pigmentation: HIGH }, { pregnant_or_breastfeeding: true });

    for (const s of allSteps(p).filter((x) => x.product)) {
      const a = analyzeIngredients({ ingredients: CATALOGUE[s.product!.index].ingredients as string });
      expect(a.ingredients.filter((i) => i.flags.pregnancy_caution).map((i) => i.name), s.product!.name).toStrictEqual([]);
      expect(s.product!.reason).toContain('no pregnancy-caution ingredients');
    }
    expect(chosen(p)).not.toContain('Retinol 0.3% Serum');
    expect(chosen(p)).not.toContain('Salicylic Acid Cleanser');
  });

  it('when the sunscreen step is filled, then a product with UV filters is chosen, never the day cream that also carries retinol', () => {
    const p = plan({ wrinkles: HIGH });
    const protect = p.am.at(-1)!;

    expect(protect.product!.name).toBe('Daily UV Fluid SPF 50');
    expect(protect.product!.reason).toMatch(/^Contains UV filters \(.*\); check the label says broad spectrum, SPF 30 or higher/);
    const onlyRetinolDayCream = CATALOGUE.filter((x) => x.category !== 'sunscreen' || x.name === 'Anti-Age Day Cream SPF 15');
    const q = plan({ wrinkles: HIGH }, {}, onlyRetinolDayCream);
    expect(q.am.at(-1)!.product).toBeUndefined();
    expect(q.notes.find((n) => n.startsWith('No product for the AM protect step'))).toContain('"Anti-Age Day Cream SPF 15" adds an unplanned strong active (Retinol)');
  });

  it('when no product of a fitting category was sent, then the step has no product and a note says why', () => {
    const p = plan({ dark_circles: HIGH }, {}, CATALOGUE.filter((x) => x.category !== 'eye_cream'));

    expect(p.am.find((s) => s.step === 'eye_care')!.product).toBeUndefined();
    expect(p.notes).toContain('No product for the AM eye care (Caffeine) step: 29 products are not an eye cream.');
  });

  it('when a product has no category, then it is guessed from the name', () => {
    expect(guessCategory('Micellar Cleansing Water')).toBe('cleanser');
    expect(guessCategory('Moisturising Day Cream SPF 30')).toBe('sunscreen');
    expect(guessCategory('Caffeine Eye Cream')).toBe('eye_cream');
    expect(guessCategory('Gel Cleanser')).toBe('cleanser');
    expect(guessCategory('Rosehip Oil')).toBe('oil');
    expect(guessCategory('Thing')).toBeNull();
    const p = plan({}, {}, CATALOGUE.filter((x) => x.category !== 'cleanser'));
    expect(p.am[0].product!.name).toBe('Micellar Cleansing Water');
    expect(p.am[0].product!.reason).toContain('(category guessed from the name)');
  });

  const markerArb = fc.integer({ min: 0, max: 100 }).map((score) => ({ score, severity: severityOf(score) }));
  const markersArb = markersArbOf(markerArb);

  it('when any profile and results meet the catalogue, then chosen products never conflict within a slot, every choice has a reason and contains its step key active, and nothing worsens a high marker', () => {
    fc.assert(
      fc.property(markersArb, profileArb, fc.subarray(CATALOGUE.map((_, i) => i), { minLength: 10 }), (markers, profile, subset) => {
        const products = subset.map((i) => CATALOGUE[i]);
        const p = generateRoutine({ markers, profile, products });
        for (const slot of slotsOf(p)) {
          const names = [...new Set(slot.steps.filter((s) => s.product).map((s) => s.product!.name))];
          const inSlot = names.map((n) => products.find((x) => x.name === n)!);
          if (inSlot.length) {
            const a = analyzeIngredients({ ingredients: [], products: inSlot.map((x) => ({ name: x.name, ingredients: x.ingredients as string })) });
            expect(a.product_conflicts.map((c) => c.id), slot.name).toStrictEqual([]);
            expect(a.products.flatMap((x) => x.conflicts), slot.name).toStrictEqual([]);
          }
        }
        const severities = Object.fromEntries(Object.entries(markers).map(([m, r]) => [m, r.severity]));
        for (const s of allSteps(p)) {
          if (!s.product) continue;
          expect(s.product.reason.length).toBeGreaterThan(10);
          const product = products[s.product.index];
          const a = analyzeIngredients({ ingredients: product.ingredients as string }, { markerSeverities: severities });
          // The step's key active is in the product (by name, or another member of its class, e.g. retinal for retinol).
          if (['treat', 'exfoliate', 'eye_care'].includes(s.step)) {
            const key = s.key_ingredients[0].name;
            const cls = getKnowledgeBase().byInci.get(key)?.active?.class;
            expect(a.ingredients.some((i) => i.name === key || (cls && i.active?.class === cls && i.active_level_likely !== false)), `${product.name} for ${key}`).toBe(true);
          }
          // Nothing that worsens a high-severity marker, except the step's own active (the plan chose it knowingly).
          const ownClasses = s.key_ingredients.map((k) => getKnowledgeBase().byInci.get(k.name)?.active?.class).filter(Boolean);
          for (const row of a.suitability.filter((r) => r.severity === 'high')) {
            const others = row.may_worsen.filter((r) => {
              const ing = a.ingredients.find((i) => i.name === r.ingredient);
              return !s.key_ingredients.some((k) => k.name === r.ingredient) && !(ing?.active && ownClasses.includes(ing.active.class));
            });
            expect(others, `${product.name} for ${row.marker}`).toStrictEqual([]);
          }
          if (markers.acne?.severity === 'high') expect(product.name).not.toBe('Coconut Butter Balm');
          if (profile.pregnant_or_breastfeeding) expect(a.ingredients.some((i) => i.flags.pregnancy_caution), product.name).toBe(false);
          if (profile.preferences?.fragrance_free || profile.sensitive) expect(a.free_of, product.name).toContain('fragrance');
        }
      }),
      { numRuns: 60 },
    );
  });
});
