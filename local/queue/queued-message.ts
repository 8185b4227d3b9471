/** One message as the local queue stores (and persists) it. Times are ms on the queue's clock. */
export interface QueuedMessage {
  messageId: string;
  body: string;
  md5OfBody: string;
  sentTimestamp: number;
  /** Receivable once the clock reaches this; covers both send delay and visibility timeout. */
  visibleAt: number;
  receiveCount: number;
  firstReceiveTimestamp?: number;
  /** Handle of the latest receive; only that one may change visibility or delete. */
  receiptHandle?: string;
  /** Latest receive time, for SQS's 12-hour cap on a receive's total visibility. */
  receivedAt?: number;
  /** Set when redriven here, as SQS sets DeadLetterQueueSourceArn. */
  deadLetterSourceArn?: string;
}

const SNAPSHOT_VERSION = 1;

export interface QueueSnapshot {
  version: typeof SNAPSHOT_VERSION;
  queue: string;
  messages: QueuedMessage[];
}

/**
 * Validates a parsed version 1 snapshot (the debounced JSON file earlier versions wrote; now only imported once
 * into the queue log); a wrong file must fail loudly rather than silently drop messages.
 */
export function fromSnapshot(data: unknown, queue: string, source: string): QueuedMessage[] {
  const snapshot = data as Partial<QueueSnapshot> | null;
  if (!snapshot || snapshot.version !== SNAPSHOT_VERSION || !Array.isArray(snapshot.messages)) {
    throw new Error(`${source} is not a version ${SNAPSHOT_VERSION} local queue snapshot`);
  }
  if (snapshot.queue !== queue) {
    throw new Error(`${source} belongs to queue "${String(snapshot.queue)}", not "${queue}"`);
  }
  for (const m of snapshot.messages as unknown[]) {
    if (!isQueuedMessage(m)) throw new Error(`${source} holds a malformed message`);
  }
  return snapshot.messages;
}

export function isQueuedMessage(value: unknown): value is QueuedMessage {
  const m = value as Record<string, unknown> | null;
  return (
    !!m &&
    typeof m.messageId === 'string' &&
    typeof m.body === 'string' &&
    typeof m.md5OfBody === 'string' &&
    Number.isFinite(m.sentTimestamp) &&
    Number.isFinite(m.visibleAt) &&
    Number.isInteger(m.receiveCount) &&
    (m.receiptHandle === undefined || typeof m.receiptHandle === 'string')
  );
}
