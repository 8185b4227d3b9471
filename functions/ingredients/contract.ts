/**
 * Ingredient analysis: the public surface (its contract) for the HTTP layer and the routines capability; the rest
 * of this folder is internal to it.
 */
export { analyzeIngredients } from './analyze';
export {
  ingredientAnalysisRequestSchema,
  ingredientList,
  MAX_PRODUCT_NAME_LENGTH,
  type IngredientAnalysisRequestInput,
} from './request-schema';
export { parseLabel } from './parse-label';
export { getKnowledgeBase, type ConflictRule, type KbEntry, type RuleSide } from './knowledge-base';
export * from './types';
