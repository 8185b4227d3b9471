/** Ingredient analysis: the public surface for the HTTP layer and the routines capability. */
export { analyzeIngredients } from './analyze';
export {
  ingredientAnalysisRequestSchema,
  validateIngredientAnalysisRequest,
  MAX_INGREDIENTS_PER_LIST,
  MAX_PRODUCTS,
  type IngredientAnalysisRequest,
  type IngredientAnalysisRequestInput,
  type ParamError,
  type ValidationResult,
} from './request-schema';
export { parseLabel, type ParsedLabel, type ParsedItem, type Footnote } from './parse-label';
export { getKnowledgeBase, loadKnowledgeBase, type KnowledgeBase, type KbEntry } from './knowledge-base';
export { KnowledgeBaseError } from './errors';
export * from './types';
