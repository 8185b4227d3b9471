import { performance } from 'node:perf_hooks';
import { analyzeIngredients, ingredientAnalysisRequestSchema, getKnowledgeBase } from '../functions/ingredients/contract';
import { LABELS } from '../test/ingredients/labels';

/** A typical moisturiser label of 30 ingredients (with a fragrance and two allergens). */
const THIRTY = [
  'Aqua/Water/Eau', 'Glycerin', 'Niacinamide', 'Butylene Glycol', 'Cetearyl Alcohol', 'Caprylic/Capric Triglyceride', 'Dimethicone',
  'Squalane', 'Sodium Hyaluronate', 'Panthenol', 'Ceramide NP', 'Ceramide AP', 'Ceramide EOP', 'Cholesterol', 'Phytosphingosine',
  'Tocopherol', 'Allantoin', 'Centella Asiatica Extract', 'Carbomer', 'Xanthan Gum', 'Sodium Stearoyl Lactylate', 'Polysorbate 20',
  'Phenoxyethanol', 'Ethylhexylglycerin', 'Disodium EDTA', 'Sodium Hydroxide', 'Citric Acid', 'Parfum (Fragrance)', 'Linalool', 'Limonene',
].join(', ');

/** Calls per second of `fn` over about `seconds`, single thread, after a warm-up. */
function throughput(fn: () => unknown, seconds = 2): number {
  for (let i = 0; i < 200; i++) fn();
  let calls = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 50; i++) fn();
    calls += 50;
  }
  return calls / ((performance.now() - start) / 1000);
}

/** Issue 6's benchmark: ingredient analyses per second, single thread. */
export async function benchIngredients(): Promise<void> {
  const loadStart = performance.now();
  getKnowledgeBase();
  const loadMs = performance.now() - loadStart;
  const request = ingredientAnalysisRequestSchema.parse({ ingredients: THIRTY, markers: ['acne', 'hydration', 'redness'] });
  const withTypos = ingredientAnalysisRequestSchema.parse({ ingredients: THIRTY.replace('Glycerin', 'Glycerni').replace('Phenoxyethanol', 'Phenoxyethenol') });
  const routine = ingredientAnalysisRequestSchema.parse({
    ingredients: LABELS.retinolSerum.text,
    products: [LABELS.ahaToner, LABELS.acneGel, LABELS.vitaminCSerum, LABELS.ceramideMoisturiser].map((l) => ({ name: l.name, ingredients: l.text })),
  });
  const rows: [string, number][] = [
    ['30 ingredients, 3 markers', throughput(() => analyzeIngredients(request))],
    ['validate + analyse 30 ingredients', throughput(() => analyzeIngredients(ingredientAnalysisRequestSchema.parse({ ingredients: THIRTY, markers: ['acne'] })))],
    ['30 ingredients, 2 misspelled', throughput(() => analyzeIngredients(withTypos))],
    ['a list plus 4 products', throughput(() => analyzeIngredients(routine))],
  ];
  console.log('\nIngredient analysis (single thread; knowledge base loaded in %s ms)', loadMs.toFixed(0));
  for (const [name, perSecond] of rows) console.log(`  ${name.padEnd(36)} ${perSecond.toFixed(0).padStart(8)} analyses/s`);
}
