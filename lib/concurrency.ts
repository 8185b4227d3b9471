/**
 * Reserved concurrency of the queue consumers (inference and delivery).
 *
 * Why: a reservation is both a floor and a ceiling. The floor: the public API function is not reserved and can
 * scale to hundreds of concurrent executions under a flood (stage throttling allows 100 requests/s, each may wait
 * up to 25 s for its scan), which could take the whole account pool; without a reservation the scan and webhook
 * consumers would then be throttled, scans would stay `processing` and jobs would burn their receives. The
 * ceiling: whatever invokes them (the queue's event source, a redrive of a dead-letter queue, a second event
 * source added later, someone invoking by hand), inference (2 GB, up to 60 s per job) and delivery (POSTs to
 * customers' receivers) cannot run away with the account's concurrency, the bill or the receivers.
 *
 * The reservation must be at least the event source mapping's maximum concurrency: an SQS event source that is
 * throttled returns its messages to the queue, where every throttled receive counts towards the dead-letter queue.
 * The default leaves a little headroom above it. AWS keeps 100 executions of the account unreserved, so an
 * account with a low concurrency quota (new accounts may have 10) cannot reserve: deploy with
 * `-c inferenceReservedConcurrency=none -c deliveryReservedConcurrency=none` there (docs/deploy.md).
 */

/** Executions reserved above the event source's maximum concurrency. */
export const RESERVED_HEADROOM = 2;

/** Lambda's event source mapping limits for SQS maximum concurrency. */
const MAX_CONCURRENCY_RANGE = { min: 2, max: 1000 } as const;

export interface ConsumerConcurrency {
  /** The SQS event source mapping's maximum concurrency. */
  maxConcurrency: number;
  /** Reserved concurrent executions of the function; undefined: none reserved. */
  reserved: number | undefined;
}

/**
 * Checks and completes a consumer's concurrency settings. `reserved`: a number, `null` for no reservation, or
 * undefined for the default (maxConcurrency + RESERVED_HEADROOM).
 */
export function consumerConcurrency(label: string, maxConcurrency: number, reserved: number | null | undefined): ConsumerConcurrency {
  if (!Number.isInteger(maxConcurrency) || maxConcurrency < MAX_CONCURRENCY_RANGE.min || maxConcurrency > MAX_CONCURRENCY_RANGE.max) {
    throw new Error(`${label}: maxConcurrency must be an integer from ${MAX_CONCURRENCY_RANGE.min} to ${MAX_CONCURRENCY_RANGE.max}, received ${maxConcurrency}`);
  }
  if (reserved === null) return { maxConcurrency, reserved: undefined };
  const value = reserved ?? maxConcurrency + RESERVED_HEADROOM;
  if (!Number.isInteger(value) || value < maxConcurrency) {
    throw new Error(
      `${label}: reserved concurrency ${value} is below the queue's maximum concurrency ${maxConcurrency}; ` +
        'throttled receives would push jobs to the dead-letter queue',
    );
  }
  return { maxConcurrency, reserved: value };
}
