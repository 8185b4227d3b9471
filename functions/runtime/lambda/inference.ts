import { createInferenceLambda } from '../aws/inference';

// Top-level await: the models load during Lambda's init phase (with provisioned concurrency, before any event
// arrives; a model that cannot load fails the init, which Lambda reports and retries, rather than every event).
export const handler = await createInferenceLambda();
