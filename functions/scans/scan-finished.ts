import type { ScanRecord } from './scan';

/**
 * Runs after a scan's outcome is stored, and again when a redelivered job finds it stored (events, scores); the
 * inference job and the recovery sweep call the listeners, scores and webhooks provide them.
 */
export type ScanFinishedListener = (scan: ScanRecord) => Promise<void>;
