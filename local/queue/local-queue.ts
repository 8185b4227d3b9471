import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import type { MessageSender, SqsBatchHandler, VisibilityControl } from '../../functions/kernel/queue';
import { QueueError } from './queue-error';
import type { QueuedMessage } from './queued-message';
import { QueueLog } from './queue-log';
import { localQueueArn, toSqsRecord } from './sqs-record';

export interface LocalQueueOptions {
  name: string;
  /** Seconds; fractions are allowed so tests can run fast. */
  visibilityTimeoutSeconds: number;
  /** Redrive policy: both or neither, as in SQS. */
  maxReceiveCount?: number;
  deadLetterQueue?: LocalQueue;
  /** Records per handler call, like the Lambda event source mapping's BatchSize. */
  batchSize?: number;
  pollIntervalMs?: number;
  /** Millisecond clock; injectable so tests can step through time with receive(). */
  now?: () => number;
  /**
   * The queue's log file (local/queue/queue-log.ts): every acknowledged change is synced to it, and a queue
   * opened on it again (after a stop or a kill -9) has every acknowledged message back.
   */
  persistPath?: string;
  /** A JSON snapshot written by earlier versions, imported once when persistPath does not exist yet. */
  legacySnapshotPath?: string;
  /** Records appended before the log is compacted (default 1,000); tests set it low. */
  compactAfterRecords?: number;
  /**
   * On restore, make messages that were in flight visible at once (their receive count kept). For a queue whose
   * only consumer is this process: whoever held them died with the process, so waiting out their visibility
   * timeout would only delay the retry. Not for queues whose consumers set visibility as a backoff.
   */
  redeliverInFlightOnRestore?: boolean;
}

export interface ConsumeOptions {
  /** Handler calls allowed at once, like the event source mapping's maximum concurrency. */
  concurrency?: number;
}

export interface QueueSize {
  visible: number;
  inFlight: number;
  delayed: number;
}

export interface PeekedMessage {
  messageId: string;
  body: string;
  receiveCount: number;
  sentTimestamp: number;
  deadLetterSourceArn?: string;
}

interface RedrivePolicy {
  maxReceiveCount: number;
  deadLetterQueue: LocalQueue;
}

const MAX_DELAY_SECONDS = 900;
const MAX_VISIBILITY_SECONDS = 43_200;
const MAX_RECEIVE_COUNT = 1_000;
const MAX_BATCH_SIZE = 10_000;
const MAX_BODY_BYTES = 1_048_576;
const QUEUE_NAME = /^[A-Za-z0-9_-]{1,80}$/;

/**
 * An in-process stand-in for a standard SQS queue plus the Lambda event source mapping that polls it:
 * delays, visibility timeouts, receipt handles, partial batch responses and redrive to a dead-letter queue.
 */
export class LocalQueue implements MessageSender, VisibilityControl {
  readonly name: string;
  readonly arn: string;

  private readonly visibilityMs: number;
  private readonly redrive: RedrivePolicy | undefined;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly now: () => number;
  private readonly log: QueueLog | undefined;

  /** Insertion order doubles as delivery order, oldest first. */
  private readonly messages = new Map<string, QueuedMessage>();
  private readonly running = new Set<Promise<void>>();
  /** Messages on their way to the dead-letter queue: kept here (and in the log) until the DLQ has them durably. */
  private readonly moving = new Map<string, Promise<void>>();
  /**
   * Messages being written: in memory (so a compaction of the log keeps them) but not deliverable until synced.
   */
  private readonly notYetDurable = new Set<string>();
  private handler: SqsBatchHandler | undefined;
  private concurrency = 1;
  private timer: NodeJS.Timeout | undefined;

  constructor(options: LocalQueueOptions) {
    if (!QUEUE_NAME.test(options.name)) {
      throw new QueueError('InvalidParameterValue', `Queue name "${options.name}" must be 1-80 letters, digits, - or _`);
    }
    this.name = options.name;
    this.arn = localQueueArn(options.name);
    this.visibilityMs = secondsInRange('visibilityTimeoutSeconds', options.visibilityTimeoutSeconds, MAX_VISIBILITY_SECONDS) * 1000;
    this.redrive = redrivePolicy(this, options);
    this.batchSize = positiveInteger('batchSize', options.batchSize ?? 10, MAX_BATCH_SIZE);
    this.pollIntervalMs = options.pollIntervalMs ?? 50;
    if (!(this.pollIntervalMs > 0 && Number.isFinite(this.pollIntervalMs))) {
      throw new QueueError('InvalidParameterValue', `pollIntervalMs must be a positive number, got ${options.pollIntervalMs}`);
    }
    this.now = options.now ?? Date.now;

    if (options.persistPath) {
      const { log, messages } = QueueLog.open(
        {
          path: options.persistPath,
          queue: this.name,
          legacySnapshotPath: options.legacySnapshotPath,
          compactAfterRecords: options.compactAfterRecords,
        },
        () => this.messages.values(),
      );
      this.log = log;
      const now = this.now();
      for (const m of messages) {
        // Receipt handles die with the process that received them (only the messages count); see the option.
        if (options.redeliverInFlightOnRestore && m.receiptHandle && m.visibleAt > now) m.visibleAt = now;
        this.messages.set(m.messageId, m);
      }
    }
  }

  async send(body: string, options: { delaySeconds?: number } = {}): Promise<void> {
    if (typeof body !== 'string' || body.length === 0) {
      throw new QueueError('InvalidParameterValue', 'Message body must be a non-empty string');
    }
    if (Buffer.byteLength(body, 'utf8') > MAX_BODY_BYTES) {
      throw new QueueError('InvalidParameterValue', `Message body exceeds ${MAX_BODY_BYTES} bytes`);
    }
    const delaySeconds = secondsInRange('DelaySeconds', options.delaySeconds ?? 0, MAX_DELAY_SECONDS);
    const now = this.now();
    const messageId = randomUUID();
    const message: QueuedMessage = {
      messageId,
      body,
      md5OfBody: createHash('md5').update(body, 'utf8').digest('hex'),
      sentTimestamp: now,
      visibleAt: now + delaySeconds * 1000,
      receiveCount: 0,
    };
    // On disk before it is deliverable and before the sender hears it was sent: an acknowledged send survives kill -9.
    await this.storeDurably(message);
  }

  async changeVisibility(receiptHandle: string, visibilityTimeoutSeconds: number): Promise<void> {
    const seconds = secondsInRange('VisibilityTimeout', visibilityTimeoutSeconds, MAX_VISIBILITY_SECONDS);
    const now = this.now();
    const message = this.inFlightMessage(receiptHandle, now);
    const visibleAt = now + seconds * 1000;
    if (visibleAt > (message.receivedAt ?? now) + MAX_VISIBILITY_SECONDS * 1000) {
      throw new QueueError('InvalidParameterValue', `Visibility would exceed ${MAX_VISIBILITY_SECONDS} seconds since the message was received`);
    }
    message.visibleAt = visibleAt;
    this.wake();
    await this.log?.put({ ...message });
  }

  /** SQS DeleteMessage: a handle from an older receive is accepted but deletes nothing. */
  async deleteMessage(receiptHandle: string): Promise<void> {
    const message = this.messageForHandle(receiptHandle);
    if (message && message.receiptHandle === receiptHandle && !this.moving.has(message.messageId)) {
      this.messages.delete(message.messageId);
      await this.log?.delete(message.messageId);
    }
  }

  /** SQS ReceiveMessage without long polling; receiving may also redrive messages to the dead-letter queue. */
  async receive(maxMessages = 1): Promise<SQSRecord[]> {
    const { records, durable } = this.take(positiveInteger('maxMessages', maxMessages, MAX_BATCH_SIZE));
    await durable;
    return records;
  }

  /** Starts delivering batches to the handler as the Lambda event source mapping does. */
  consume(handler: SqsBatchHandler, options: ConsumeOptions = {}): void {
    if (this.handler) throw new Error(`Queue ${this.name} already has a consumer`);
    this.concurrency = positiveInteger('concurrency', options.concurrency ?? 1, 1_000);
    this.handler = handler;
    this.wake();
  }

  /** Stops polling, lets running handler calls and moves to the DLQ finish, then closes the log. */
  async stop(): Promise<void> {
    this.handler = undefined;
    this.clearTimer();
    while (this.running.size > 0 || this.moving.size > 0) await Promise.allSettled([...this.running, ...this.moving.values()]);
    await this.log?.close();
  }

  /** Resolves once every change made so far is on disk. */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.moving.values()]);
    await this.log?.close();
  }

  /**
   * Resolves true once nothing is visible, in flight, delayed or being handled, or false after timeoutMs.
   * Uses real time, since an injected clock may stand still.
   */
  async waitUntilIdle(timeoutMs = 5_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { visible, inFlight, delayed } = this.size();
      if (visible + inFlight + delayed === 0 && this.running.size === 0) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, Math.min(10, this.pollIntervalMs)));
    }
  }

  size(): QueueSize {
    const now = this.now();
    const size = { visible: 0, inFlight: 0, delayed: 0 };
    for (const m of this.messages.values()) {
      if (this.moving.has(m.messageId)) size.inFlight++;
      else if (this.notYetDurable.has(m.messageId)) size.delayed++;
      else if (m.visibleAt <= now) size.visible++;
      else if (m.receiptHandle) size.inFlight++;
      else size.delayed++;
    }
    return size;
  }

  /** Every stored message without receiving it; meant for inspecting a dead-letter queue. */
  peekAll(): PeekedMessage[] {
    return [...this.messages.values()].map((m) => ({
      messageId: m.messageId,
      body: m.body,
      receiveCount: m.receiveCount,
      sentTimestamp: m.sentTimestamp,
      ...(m.deadLetterSourceArn ? { deadLetterSourceArn: m.deadLetterSourceArn } : {}),
    }));
  }

  /**
   * Receives up to `max` visible messages. `durable` resolves once the receives (their counts) and any moves to
   * the dead-letter queue are on disk: a message that crashes the process still reaches the DLQ after
   * maxReceiveCount restarts, and a move never loses the message (it is in the DLQ before it leaves here).
   */
  private take(max: number): { records: SQSRecord[]; durable: Promise<unknown> } {
    const now = this.now();
    const records: SQSRecord[] = [];
    const writes: Promise<void>[] = [];
    for (const message of this.messages.values()) {
      if (records.length >= max) break;
      if (message.visibleAt > now || this.moving.has(message.messageId) || this.notYetDurable.has(message.messageId)) continue;
      if (this.redrive && message.receiveCount >= this.redrive.maxReceiveCount) {
        writes.push(this.moveToDeadLetters(message, this.redrive.deadLetterQueue, now));
        continue;
      }
      const receiptHandle = `${message.messageId}:${randomBytes(18).toString('base64url')}`;
      message.receiveCount++;
      message.firstReceiveTimestamp ??= now;
      message.receiptHandle = receiptHandle;
      message.receivedAt = now;
      message.visibleAt = now + this.visibilityMs;
      records.push(toSqsRecord(message, receiptHandle, this.arn));
      if (this.log) writes.push(this.log.put({ ...message }));
    }
    return { records, durable: Promise.all(writes) };
  }

  /**
   * The DLQ stores the message durably first, then it leaves this queue: a crash in between leaves it in both
   * (the next receive here moves it again, and the DLQ's copy has the same id, so it is still one message).
   */
  private moveToDeadLetters(message: QueuedMessage, deadLetters: LocalQueue, now: number): Promise<void> {
    const move = (async () => {
      try {
        await deadLetters.adopt(message, this.arn, now);
        this.messages.delete(message.messageId);
        await this.log?.delete(message.messageId);
      } catch (error) {
        console.error(`[local-queue ${this.name}] could not move a message to ${deadLetters.name}; it stays here: ${describe(error)}`);
      } finally {
        this.moving.delete(message.messageId);
      }
    })();
    this.moving.set(message.messageId, move);
    return move;
  }

  /** Redrive keeps the message as SQS moves it: same id, body, sent time and receive history. */
  private async adopt(message: QueuedMessage, sourceArn: string, now: number): Promise<void> {
    const moved: QueuedMessage = {
      ...message,
      visibleAt: now,
      receiptHandle: undefined,
      receivedAt: undefined,
      deadLetterSourceArn: sourceArn,
    };
    await this.storeDurably(moved);
  }

  private async storeDurably(message: QueuedMessage): Promise<void> {
    this.messages.set(message.messageId, message);
    if (this.log) {
      this.notYetDurable.add(message.messageId);
      try {
        await this.log.put({ ...message });
      } catch (error) {
        this.messages.delete(message.messageId);
        throw error;
      } finally {
        this.notYetDurable.delete(message.messageId);
      }
    }
    this.wake();
  }

  private messageForHandle(receiptHandle: string): QueuedMessage | undefined {
    if (typeof receiptHandle !== 'string') return undefined;
    const separator = receiptHandle.indexOf(':');
    return separator > 0 ? this.messages.get(receiptHandle.slice(0, separator)) : undefined;
  }

  private inFlightMessage(receiptHandle: string, now: number): QueuedMessage {
    const message = this.messageForHandle(receiptHandle);
    if (!message || message.receiptHandle !== receiptHandle || message.visibleAt <= now) {
      throw new QueueError(
        'ReceiptHandleIsInvalid',
        `The receipt handle is not that of a message currently in flight on queue ${this.name}`,
      );
    }
    return message;
  }

  /** Deferred so a send never runs a handler inside the sender's own call. */
  private wake(): void {
    if (!this.handler) return;
    this.schedule(0);
  }

  private pump(): void {
    this.clearTimer();
    const handler = this.handler;
    if (!handler) return;
    while (this.running.size < this.concurrency) {
      const { records, durable } = this.take(this.batchSize);
      if (records.length === 0) break;
      this.invoke(handler, records, durable);
    }
    // At full concurrency the next finishing call pumps again, so no timer is needed.
    if (this.running.size < this.concurrency) this.schedule(Math.min(this.pollIntervalMs, this.msUntilNextDeadline()));
  }

  private invoke(handler: SqsBatchHandler, records: SQSRecord[], durable: Promise<unknown>): void {
    const call = this.handle(handler, records, durable).finally(() => {
      this.running.delete(call);
      this.pump();
    });
    this.running.add(call);
  }

  private async handle(handler: SqsBatchHandler, records: SQSRecord[], durable: Promise<unknown>): Promise<void> {
    let failed: Set<string>;
    try {
      await durable;
      failed = failedMessageIds(await handler({ Records: records }), records);
    } catch (error) {
      console.error(`[local-queue ${this.name}] batch of ${records.length} failed and will be retried: ${describe(error)}`);
      return;
    }
    for (const record of records) {
      if (!failed.has(record.messageId)) await this.deleteMessage(record.receiptHandle);
    }
  }

  private msUntilNextDeadline(): number {
    const now = this.now();
    let next = Infinity;
    for (const m of this.messages.values()) {
      if (m.visibleAt > now && !this.moving.has(m.messageId)) next = Math.min(next, m.visibleAt - now);
    }
    return next;
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => this.pump(), Math.max(0, Math.ceil(delayMs)));
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/**
 * Lambda's reading of a partial batch response: nothing or an empty list means all succeeded;
 * an identifier that is missing or not in the batch makes the whole batch fail.
 */
function failedMessageIds(response: SQSBatchResponse | void | null, records: SQSRecord[]): Set<string> {
  const failures = (response as Partial<SQSBatchResponse> | undefined | null)?.batchItemFailures;
  if (failures === undefined || failures === null) return new Set();
  if (!Array.isArray(failures)) throw new Error('batchItemFailures is not a list');
  const ids = new Set(records.map((r) => r.messageId));
  const failed = new Set<string>();
  for (const failure of failures) {
    const id = (failure as { itemIdentifier?: unknown } | null)?.itemIdentifier;
    if (typeof id !== 'string' || !ids.has(id)) throw new Error('batchItemFailures names an itemIdentifier that is not in the batch');
    failed.add(id);
  }
  return failed;
}

function redrivePolicy(queue: LocalQueue, options: LocalQueueOptions): RedrivePolicy | undefined {
  const { maxReceiveCount, deadLetterQueue } = options;
  if (maxReceiveCount === undefined && deadLetterQueue === undefined) return undefined;
  if (maxReceiveCount === undefined || deadLetterQueue === undefined) {
    throw new QueueError('InvalidParameterValue', 'maxReceiveCount and deadLetterQueue must be given together');
  }
  if (deadLetterQueue === queue) throw new QueueError('InvalidParameterValue', 'A queue cannot be its own dead-letter queue');
  return { maxReceiveCount: positiveInteger('maxReceiveCount', maxReceiveCount, MAX_RECEIVE_COUNT), deadLetterQueue };
}

function secondsInRange(name: string, value: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > max) {
    throw new QueueError('InvalidParameterValue', `${name} must be between 0 and ${max} seconds, got ${String(value)}`);
  }
  return value;
}

function positiveInteger(name: string, value: number, max: number): number {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new QueueError('InvalidParameterValue', `${name} must be an integer from 1 to ${max}, got ${String(value)}`);
  }
  return value;
}

/** One short line; error text is cut so a handler that echoes its input cannot spill a message body. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const firstLine = error.message.split('\n', 1)[0] ?? '';
  return `${error.name}: ${firstLine.length > 160 ? `${firstLine.slice(0, 160)}…` : firstLine}`;
}
