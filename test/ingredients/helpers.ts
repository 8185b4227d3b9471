/** Factories for ingredient-analysis tests: requests go through the schema first, as the HTTP layer does. */
import { analyzeIngredients } from '../../functions/ingredients/contract';
import { validateIngredientAnalysisRequest } from '../helpers/validate-request';
import type { AnalysisContext, IngredientAnalysis, IngredientAnalysisRequestInput, ListAnalysis } from '../../functions/ingredients/contract';

export function analyse(input: IngredientAnalysisRequestInput, ctx?: AnalysisContext): IngredientAnalysis {
  const result = validateIngredientAnalysisRequest(input);
  if (!result.success) throw new Error(`request rejected: ${JSON.stringify(result.errors)}`);
  return analyzeIngredients(result.data, ctx);
}

export const analyseLabel = (ingredients: string | string[], extra: Omit<IngredientAnalysisRequestInput, 'ingredients'> = {}) =>
  analyse({ ingredients, ...extra });

/** Canonical names in order (null for unknown items). */
export const namesOf = (a: ListAnalysis) => a.ingredients.map((i) => i.name);

export const ingredient = (a: ListAnalysis, name: string) => {
  const found = a.ingredients.find((i) => i.name === name);
  if (!found) throw new Error(`${name} not in ${JSON.stringify(namesOf(a))}`);
  return found;
};
