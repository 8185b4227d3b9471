/**
 * The recovery sweep of scans left processing, with its limits and report. Everything else in this folder is
 * internal to it.
 */
export { DEFAULT_BATCH_LIMIT, DEFAULT_MAX_RECOVERIES, recoverStuckScans, type RecoveryDeps, type RecoveryPolicy, type RecoveryReport } from './recover-stuck-scans';
