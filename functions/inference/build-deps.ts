import { systemClock, type Clock } from '../shared/clock';
import { createLogger } from '../shared/logger';
import type { Stores } from '../shared/stores';
import type { ScanAnalyzer } from '../analysis/analyzer';
import type { InferenceDeps, ScanFinishedListener } from './process-scan-job';

export function buildInferenceDeps(parts: {
  stores: Stores;
  analyzer: ScanAnalyzer;
  onScanFinished?: ScanFinishedListener[];
  clock?: Clock;
}): InferenceDeps {
  return {
    clock: parts.clock ?? systemClock,
    scans: parts.stores.scans,
    images: parts.stores.images,
    analyzer: parts.analyzer,
    logger: createLogger('inference'),
    onScanFinished: parts.onScanFinished ?? [],
  };
}
