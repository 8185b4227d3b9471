import { isoTimestamp } from '../kernel/clock';
import type { ScanRecord } from './scan';
import type { ScanOutcome } from './scan-store';

/**
 * A failed scan's outcome at `nowMs`: no score, markers, model, face or quality, with `error` as given (the
 * analysis path fills face and quality in over it). One shape for every writer: inference, submission, recovery.
 */
export function failedOutcome(nowMs: number, error: ScanRecord['error']): ScanOutcome {
  return {
    status: 'failed',
    skin_score: null,
    markers: {},
    completed_at: isoTimestamp(nowMs),
    model: null,
    face: null,
    quality: null,
    error,
  };
}
