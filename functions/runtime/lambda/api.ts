import { createApiLambda } from '../aws/api';

export const handler = createApiLambda();
