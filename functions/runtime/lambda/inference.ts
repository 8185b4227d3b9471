import { createInferenceLambda } from '../aws/inference';

export const handler = createInferenceLambda();
