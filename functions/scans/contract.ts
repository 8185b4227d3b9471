/**
 * Scans: the scan record and its public form, the scan and image store ports, image intake and limits, submission,
 * waiting, deletion, the failed outcome and the scan-finished listener port. Everything else in this folder is
 * internal to it.
 */
export { deleteScan } from './delete-scan';
export { failedOutcome } from './failed-outcome';
export { type AcceptedImage, acceptImage, tooLarge } from './image-intake';
export { CONTENT_TYPES, IMAGE_LIMITS } from './image-limits';
export { type ImageStore, overlayKey, overlaySourceKey, scanObjectPrefix } from './image-store';
export { MAX_WAIT_SECONDS, waitFromPrefer, type WaitPreference } from './prefer-header';
export type { ScanFinishedListener } from './scan-finished';
export type { ProcessingScanRef, ScanOutcome, ScanPage, ScanStore } from './scan-store';
export { type ScanJob, type ScanRecord, toPublicScan } from './scan';
export { submitScan } from './submit-scan';
export { waitForScan } from './wait-for-scan';
