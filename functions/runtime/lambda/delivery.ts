import { createDeliveryLambda } from '../aws/delivery';

export const handler = createDeliveryLambda();
