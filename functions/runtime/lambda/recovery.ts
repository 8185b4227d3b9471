import { createRecoveryLambda } from '../aws/recovery';

export const handler = createRecoveryLambda();
