/** Throughput of the ingredient analysis: `npx vitest bench test/ingredients --run`. */
import { bench, describe } from 'vitest';
import { analyzeIngredients, ingredientAnalysisRequestSchema } from '../../functions/ingredients/index';
import { LABELS } from './labels';

const THIRTY = [
  'Aqua/Water/Eau', 'Glycerin', 'Niacinamide', 'Butylene Glycol', 'Cetearyl Alcohol', 'Caprylic/Capric Triglyceride', 'Dimethicone',
  'Squalane', 'Sodium Hyaluronate', 'Panthenol', 'Ceramide NP', 'Ceramide AP', 'Ceramide EOP', 'Cholesterol', 'Phytosphingosine',
  'Tocopherol', 'Allantoin', 'Centella Asiatica Extract', 'Carbomer', 'Xanthan Gum', 'Sodium Stearoyl Lactylate', 'Polysorbate 20',
  'Phenoxyethanol', 'Ethylhexylglycerin', 'Disodium EDTA', 'Sodium Hydroxide', 'Citric Acid', 'Parfum (Fragrance)', 'Linalool', 'Limonene',
].join(', ');
const request = ingredientAnalysisRequestSchema.parse({ ingredients: THIRTY, markers: ['acne', 'hydration', 'redness'] });
const withTypos = ingredientAnalysisRequestSchema.parse({ ingredients: THIRTY.replace('Glycerin', 'Glycerni').replace('Phenoxyethanol', 'Phenoxyethenol') });
const routine = ingredientAnalysisRequestSchema.parse({
  ingredients: LABELS.retinolSerum.text,
  products: [LABELS.ahaToner, LABELS.acneGel, LABELS.vitaminCSerum, LABELS.ceramideMoisturiser].map((l) => ({ name: l.name, ingredients: l.text })),
});

describe('analyzeIngredients', () => {
  bench('30 ingredients, 3 markers', () => {
    analyzeIngredients(request);
  });
  bench('30 ingredients with 2 near-miss spellings', () => {
    analyzeIngredients(withTypos);
  });
  bench('validate + analyse 30 ingredients', () => {
    analyzeIngredients(ingredientAnalysisRequestSchema.parse({ ingredients: THIRTY, markers: ['acne', 'hydration', 'redness'] }));
  });
  bench('one list plus 4 products (cross-product conflicts)', () => {
    analyzeIngredients(routine);
  });
});
