/** Ingredient analysis: the public surface for the HTTP layer and the routines capability. */
export { analyzeIngredients } from './analyze';
export { ingredientAnalysisRequestSchema, validateIngredientAnalysisRequest, type IngredientAnalysisRequestInput } from './request-schema';
export { parseLabel } from './parse-label';
export { getKnowledgeBase } from './knowledge-base';
export * from './types';
