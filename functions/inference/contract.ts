/**
 * The scan job: its dependencies and the SQS batch handler the inference function runs. Everything else in this
 * folder is internal to it.
 */
export type { InferenceDeps } from './process-scan-job';
export { createScanJobHandler } from './scan-job-handler';
