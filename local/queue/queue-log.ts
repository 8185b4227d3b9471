import { closeSync, existsSync, fdatasync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, write, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { fromSnapshot, isQueuedMessage, type QueuedMessage } from './queued-message';

const writeAsync = promisify(write);
const fdatasyncAsync = promisify(fdatasync);

const LOG_VERSION = 2;

/**
 * One line of the log. `put` carries the whole state of a message (an upsert by id), `del` removes one; the
 * first line names the queue, so a log is never replayed into the wrong queue.
 */
type LogRecord =
  | { op: 'queue'; version: typeof LOG_VERSION; queue: string }
  | { op: 'put'; m: QueuedMessage }
  | { op: 'del'; id: string };

export interface QueueLogOptions {
  path: string;
  queue: string;
  /** A version 1 JSON snapshot (the old debounced file) to import when no log exists yet; removed after. */
  legacySnapshotPath?: string;
  /** Compact once this many records were appended since the last compaction and they outnumber live messages 4 to 1. */
  compactAfterRecords?: number;
}

interface PendingBatch {
  lines: string[];
  waiters: { resolve: () => void; reject: (error: Error) => void }[];
}

/**
 * The local queue's durable state: an append-only file of JSON lines, each change of a message written as the
 * message's whole new state, and fdatasync'ed before the change is acknowledged. Appends made while a write is
 * under way are committed together by the next write (group commit), so a burst of sends costs one sync.
 *
 * Why a log rather than the snapshot it replaces or an embedded store: the queue already holds every message in
 * memory (it must, to pick visible ones in order), so the file only has to make each change durable in the order
 * it happened; appending one line and syncing is the cheapest way to do that, replay is a fold over lines, and it
 * needs no native module (LevelDB through classic-level is in node_modules only as dynalite's dependency).
 * Rewriting a whole snapshot per send, as before, cost O(queue) per acknowledgement; debouncing it lost sends.
 *
 * A crash can cut only the last line (appends are sequential): the reader drops an unfinished last line, which
 * was never acknowledged. Compaction writes the live messages to a temporary file, syncs it, renames it over the
 * log and syncs the folder, so a crash leaves either the old or the new log, both complete.
 */
export class QueueLog {
  readonly path: string;
  private readonly queue: string;
  private readonly compactAfterRecords: number;
  private fd: number | undefined;
  private pending: PendingBatch = { lines: [], waiters: [] };
  private writing: Promise<void> | undefined;
  private recordsSinceCompaction = 0;
  private liveMessages: () => Iterable<QueuedMessage> = () => [];

  private constructor(options: QueueLogOptions) {
    this.path = options.path;
    this.queue = options.queue;
    this.compactAfterRecords = options.compactAfterRecords ?? 1_000;
  }

  /**
   * Opens (or creates) the log and replays it. Synchronous so a queue can restore itself in its constructor.
   * `live` is asked for the queue's messages when the log is compacted.
   */
  static open(options: QueueLogOptions, live: () => Iterable<QueuedMessage>): { log: QueueLog; messages: QueuedMessage[] } {
    const log = new QueueLog(options);
    log.liveMessages = live;
    mkdirSync(dirname(options.path), { recursive: true });
    let messages: QueuedMessage[];
    if (existsSync(options.path)) {
      messages = log.replay();
      // Left only by a crash right after its import, whose messages are in the log already.
      if (options.legacySnapshotPath) rmSync(options.legacySnapshotPath, { force: true });
    } else {
      messages = options.legacySnapshotPath ? readLegacySnapshot(options.legacySnapshotPath, options.queue) : [];
      log.rewrite(messages);
      if (options.legacySnapshotPath) rmSync(options.legacySnapshotPath, { force: true });
    }
    return { log, messages };
  }

  /** Resolves once the record is on disk (written and synced); rejects when it could not be. */
  put(message: QueuedMessage): Promise<void> {
    return this.append({ op: 'put', m: message });
  }

  delete(messageId: string): Promise<void> {
    return this.append({ op: 'del', id: messageId });
  }

  /** Waits for every append made so far, then closes the file (a later append reopens it). */
  async close(): Promise<void> {
    while (this.writing) await this.writing.catch(() => undefined);
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private append(record: LogRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.lines.push(`${JSON.stringify(record)}\n`);
      this.pending.waiters.push({ resolve, reject });
      this.writing ??= this.writeLoop().finally(() => {
        this.writing = undefined;
      });
    });
  }

  /** Writes and syncs batch after batch until nothing is pending; compacts between batches when due. */
  private async writeLoop(): Promise<void> {
    while (this.pending.lines.length > 0) {
      const batch = this.pending;
      this.pending = { lines: [], waiters: [] };
      try {
        const fd = this.openFd();
        const bytes = Buffer.from(batch.lines.join(''), 'utf8');
        let offset = 0;
        while (offset < bytes.length) offset += (await writeAsync(fd, bytes, offset, bytes.length - offset)).bytesWritten;
        await fdatasyncAsync(fd);
        this.recordsSinceCompaction += batch.lines.length;
        for (const waiter of batch.waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of batch.waiters) waiter.reject(error as Error);
        continue;
      }
      this.compactIfDue();
    }
  }

  private compactIfDue(): void {
    if (this.recordsSinceCompaction < this.compactAfterRecords) return;
    const live = [...this.liveMessages()];
    if (this.recordsSinceCompaction < live.length * 4) return;
    try {
      this.rewrite(live);
    } catch (error) {
      // The old log is still whole and still the one appended to; compaction is retried after more records.
      console.error(`[local-queue ${this.queue}] could not compact ${this.path}: ${(error as Error).message}`);
    }
  }

  /** Replaces the log with one `put` per message, atomically (temporary file, sync, rename, folder sync). */
  private rewrite(messages: QueuedMessage[]): void {
    const tmp = `${this.path}.${process.pid}.tmp`;
    const lines = [this.header(), ...messages.map((m) => ({ op: 'put', m }) as const)].map((r) => `${JSON.stringify(r)}\n`);
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, lines.join(''));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.path);
    syncFolder(dirname(this.path));
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.recordsSinceCompaction = 0;
  }

  private openFd(): number {
    this.fd ??= openSync(this.path, 'a');
    return this.fd;
  }

  private header(): LogRecord {
    return { op: 'queue', version: LOG_VERSION, queue: this.queue };
  }

  /** Folds the log into messages; drops (and truncates away) an unfinished last line left by a crash. */
  private replay(): QueuedMessage[] {
    const text = readFileSync(this.path);
    const messages = new Map<string, QueuedMessage>();
    let offset = 0;
    let lineNumber = 0;
    while (offset < text.length) {
      const end = text.indexOf(0x0a, offset);
      if (end === -1) {
        // Written in part when the process died: never synced, so never acknowledged.
        ftruncateFile(this.path, offset);
        break;
      }
      const line = text.subarray(offset, end).toString('utf8');
      offset = end + 1;
      lineNumber++;
      this.apply(parseRecord(line, this.path, lineNumber), messages, lineNumber);
      this.recordsSinceCompaction++;
    }
    if (lineNumber === 0) {
      // Created but not yet given its header (a crash during the very first start): start it again.
      this.rewrite([]);
    }
    return [...messages.values()];
  }

  private apply(record: LogRecord, messages: Map<string, QueuedMessage>, lineNumber: number): void {
    if (lineNumber === 1) {
      if (record.op !== 'queue' || record.version !== LOG_VERSION) {
        throw new Error(`${this.path} is not a version ${LOG_VERSION} local queue log`);
      }
      if (record.queue !== this.queue) {
        throw new Error(`${this.path} belongs to queue "${String(record.queue)}", not "${this.queue}"`);
      }
      return;
    }
    if (record.op === 'put' && isQueuedMessage(record.m)) messages.set(record.m.messageId, record.m);
    else if (record.op === 'del' && typeof record.id === 'string') messages.delete(record.id);
    else throw new Error(`${this.path} line ${lineNumber} is not a queue record`);
  }
}

function parseRecord(line: string, path: string, lineNumber: number): LogRecord {
  try {
    return JSON.parse(line) as LogRecord;
  } catch {
    // A whole line (it ends in a newline) that does not parse is damage, not a cut write: refuse to guess.
    throw new Error(`${path} line ${lineNumber} is not valid JSON; the queue log is damaged`);
  }
}

function readLegacySnapshot(path: string, queue: string): QueuedMessage[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return fromSnapshot(JSON.parse(text), queue, path);
}

function ftruncateFile(path: string, length: number): void {
  const fd = openSync(path, 'r+');
  try {
    ftruncateSync(fd, length);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A rename is durable only once the folder holding it is synced. */
function syncFolder(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
