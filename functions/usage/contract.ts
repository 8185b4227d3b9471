/**
 * Per-day usage counters: the usage record, its store port, the recorder and the retention. Everything else in
 * this folder is internal to it.
 */
export { UsageRecorder } from './usage-recorder';
export type { UsageStore } from './usage-store';
export { lastDays, USAGE_RETENTION_DAYS, type UsageDay, type UsageIncrement } from './usage';
