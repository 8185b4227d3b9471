import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalQueue, type LocalQueueOptions } from '../local/queue/local-queue';

const started: LocalQueue[] = [];

function queue(options: Partial<LocalQueueOptions> = {}): LocalQueue {
  const q = new LocalQueue({ name: 'jobs', visibilityTimeoutSeconds: 0.3, pollIntervalMs: 10, ...options });
  started.push(q);
  return q;
}

function fakeClock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

/** Runs `run` with a fresh temporary folder, removed afterwards whatever happens. */
async function withDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'local-queue-'));
  try {
    await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function until(predicate: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (predicate()) resolve();
      else if (Date.now() > deadline) reject(new Error('condition not met in time'));
      else setTimeout(check, 5);
    };
    check();
  });
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((q) => q.stop()));
  vi.restoreAllMocks();
});

describe('LocalQueue delivery', () => {
  it('when a message is sent to a consumed queue, then the handler gets an SQS-shaped event and the message is deleted', async () => {
    const q = queue();
    const events: SQSEvent[] = [];
    q.consume(async (event) => {
      events.push(event);
      return { batchItemFailures: [] };
    });

    await q.send('{"scanId":"s1"}');

    expect(await q.waitUntilIdle(2_000)).toBe(true);
    expect(events).toHaveLength(1);
    const [record] = events[0].Records;
    expect(record).toMatchObject({
      body: '{"scanId":"s1"}',
      md5OfBody: createHash('md5').update('{"scanId":"s1"}').digest('hex'),
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:local:000000000000:jobs',
      awsRegion: 'local',
      messageAttributes: {},
      attributes: { ApproximateReceiveCount: '1' },
    });
    expect(record.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(record.receiptHandle).toEqual(expect.any(String));
    expect(Number(record.attributes.SentTimestamp)).toBeGreaterThan(0);
    expect(Number(record.attributes.ApproximateFirstReceiveTimestamp)).toBeGreaterThanOrEqual(
      Number(record.attributes.SentTimestamp),
    );
    expect(q.size()).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('when more messages wait than the batch size, then each handler call gets at most batchSize records', async () => {
    const q = queue({ batchSize: 2 });
    for (const n of [1, 2, 3, 4, 5]) await q.send(`m${n}`);
    const sizes: number[] = [];
    q.consume(async (event) => {
      sizes.push(event.Records.length);
      return { batchItemFailures: [] };
    });

    expect(await q.waitUntilIdle(2_000)).toBe(true);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('when concurrency is 2, then two handler calls run at the same time', async () => {
    const q = queue({ batchSize: 1 });
    let running = 0;
    let peak = 0;
    q.consume(
      async () => {
        peak = Math.max(peak, ++running);
        await new Promise((r) => setTimeout(r, 50));
        running--;
        return { batchItemFailures: [] };
      },
      { concurrency: 2 },
    );
    for (const n of [1, 2, 3, 4]) await q.send(`m${n}`);

    expect(await q.waitUntilIdle(2_000)).toBe(true);
    expect(peak).toBe(2);
  });

  it('when stop is called during a handler call, then it waits for that call and delivers nothing more', async () => {
    const q = queue({ batchSize: 1 });
    let finished = 0;
    q.consume(async () => {
      await new Promise((r) => setTimeout(r, 80));
      finished++;
      return { batchItemFailures: [] };
    });
    await q.send('a');
    await q.send('b');
    await until(() => q.size().inFlight === 1);

    await q.stop();

    expect(finished).toBe(1);
    expect(q.size()).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
  });
});

describe('LocalQueue failures and retries', () => {
  it('when one record of a batch is reported failed, then only it reappears after the visibility timeout with ApproximateReceiveCount 2', async () => {
    const q = queue({ visibilityTimeoutSeconds: 0.3 });
    await q.send('ok-1');
    await q.send('bad');
    await q.send('ok-2');
    const calls: { at: number; records: SQSRecord[] }[] = [];
    q.consume(async (event) => {
      calls.push({ at: Date.now(), records: event.Records });
      const bad = event.Records.find((r) => r.body === 'bad' && r.attributes.ApproximateReceiveCount === '1');
      return { batchItemFailures: bad ? [{ itemIdentifier: bad.messageId }] : [] };
    });

    await until(() => calls.length === 1);
    await until(() => q.size().inFlight === 1);
    expect(q.size()).toEqual({ visible: 0, inFlight: 1, delayed: 0 });

    expect(await q.waitUntilIdle(3_000)).toBe(true);
    expect(calls).toHaveLength(2);
    expect(calls[0].records.map((r) => r.body)).toEqual(['ok-1', 'bad', 'ok-2']);
    const [retried] = calls[1].records;
    expect(calls[1].records).toHaveLength(1);
    expect(retried.body).toBe('bad');
    expect(retried.attributes.ApproximateReceiveCount).toBe('2');
    const first = calls[0].records[1];
    expect(retried.messageId).toBe(first.messageId);
    expect(retried.receiptHandle).not.toBe(first.receiptHandle);
    expect(retried.attributes.ApproximateFirstReceiveTimestamp).toBe(first.attributes.ApproximateFirstReceiveTimestamp);
    expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(280);
  });

  it('when the handler throws, then every record of the batch is retried and the log line has no message body', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const q = queue({ visibilityTimeoutSeconds: 0.1 });
    await q.send('secret-body-a');
    await q.send('secret-body-b');
    const calls: SQSRecord[][] = [];
    q.consume(async (event) => {
      calls.push(event.Records);
      if (calls.length === 1) throw new Error('model not loaded');
      return { batchItemFailures: [] };
    });

    expect(await q.waitUntilIdle(2_000)).toBe(true);
    expect(calls).toHaveLength(2);
    expect(calls[1].map((r) => [r.body, r.attributes.ApproximateReceiveCount])).toEqual([
      ['secret-body-a', '2'],
      ['secret-body-b', '2'],
    ]);
    expect(errors).toHaveBeenCalledTimes(1);
    const line = errors.mock.calls[0].join(' ');
    expect(line).toContain('model not loaded');
    expect(line).not.toContain('secret-body');
  });

  it('when the response names an itemIdentifier not in the batch, then the whole batch is retried as Lambda does', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const q = queue({ visibilityTimeoutSeconds: 0.1 });
    await q.send('a');
    await q.send('b');
    let calls = 0;
    q.consume(async () => {
      calls++;
      return { batchItemFailures: calls === 1 ? [{ itemIdentifier: 'not-a-message' }] : [] };
    });

    expect(await q.waitUntilIdle(2_000)).toBe(true);
    expect(calls).toBe(2);
  });

  it('when a handler keeps failing, then after maxReceiveCount deliveries the message moves to the dead-letter queue', async () => {
    const dlq = queue({ name: 'jobs-dlq' });
    const q = queue({ visibilityTimeoutSeconds: 0.05, maxReceiveCount: 3, deadLetterQueue: dlq });
    await q.send('poison');
    const counts: string[] = [];
    let messageId = '';
    q.consume(async (event) => {
      for (const r of event.Records) {
        counts.push(r.attributes.ApproximateReceiveCount);
        messageId = r.messageId;
      }
      return { batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.messageId })) };
    });

    expect(await q.waitUntilIdle(3_000)).toBe(true);
    expect(counts).toEqual(['1', '2', '3']);
    expect(dlq.peekAll()).toEqual([
      expect.objectContaining({ messageId, body: 'poison', deadLetterSourceArn: q.arn }),
    ]);
  });

  it('when a receive would exceed maxReceiveCount, then that receive moves the message and the DLQ keeps its id, body and sent time', async () => {
    const clock = fakeClock();
    const dlq = queue({ name: 'jobs-dlq', now: clock.now });
    const q = queue({ visibilityTimeoutSeconds: 10, maxReceiveCount: 2, deadLetterQueue: dlq, now: clock.now });
    await q.send('poison');

    const [first] = await q.receive(10);
    clock.advance(10_000);
    const [second] = await q.receive(10);
    expect(second.attributes.ApproximateReceiveCount).toBe('2');
    expect(dlq.size().visible).toBe(0);
    clock.advance(10_000);

    expect(await q.receive(10)).toEqual([]);
    expect(q.size()).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    const [dead] = await dlq.receive(10);
    expect(dead.messageId).toBe(first.messageId);
    expect(dead.body).toBe('poison');
    expect(dead.attributes.SentTimestamp).toBe(first.attributes.SentTimestamp);
    expect(dead.attributes.DeadLetterQueueSourceArn).toBe(q.arn);
    expect(dead.eventSourceARN).toBe('arn:aws:sqs:local:000000000000:jobs-dlq');
  });
});

describe('LocalQueue timing', () => {
  it('when a message is sent with delaySeconds, then it is not receivable before the delay ends', async () => {
    const clock = fakeClock();
    const q = queue({ now: clock.now });
    await q.send('later', { delaySeconds: 5 });

    expect(q.size()).toEqual({ visible: 0, inFlight: 0, delayed: 1 });
    clock.advance(4_999);
    expect(await q.receive(10)).toEqual([]);
    clock.advance(1);
    expect((await q.receive(10)).map((r) => r.body)).toEqual(['later']);
  });

  it('when a consumed queue gets a delayed message, then the handler sees it only after the delay', async () => {
    const q = queue();
    const deliveredAt: number[] = [];
    q.consume(async () => {
      deliveredAt.push(Date.now());
      return { batchItemFailures: [] };
    });
    const sentAt = Date.now();
    await q.send('later', { delaySeconds: 0.2 });

    expect(await q.waitUntilIdle(2_000)).toBe(true);
    expect(deliveredAt).toHaveLength(1);
    expect(deliveredAt[0] - sentAt).toBeGreaterThanOrEqual(190);
  });

  it('when changeVisibility extends an in-flight message, then the new timeout counts from the call', async () => {
    const clock = fakeClock();
    const q = queue({ visibilityTimeoutSeconds: 30, now: clock.now });
    await q.send('job');
    const [record] = await q.receive();
    clock.advance(20_000);

    await q.changeVisibility(record.receiptHandle, 15);

    clock.advance(14_999);
    expect(await q.receive()).toEqual([]);
    expect(q.size()).toEqual({ visible: 0, inFlight: 1, delayed: 0 });
    clock.advance(1);
    const [again] = await q.receive();
    expect(again.attributes.ApproximateReceiveCount).toBe('2');
  });

  it('when changeVisibility sets 0, then the message is visible at once', async () => {
    const clock = fakeClock();
    const q = queue({ visibilityTimeoutSeconds: 30, now: clock.now });
    await q.send('job');
    const [record] = await q.receive();

    await q.changeVisibility(record.receiptHandle, 0);

    expect(q.size()).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
    expect((await q.receive()).map((r) => r.messageId)).toEqual([record.messageId]);
  });

  it('when a handler fails an item and shortens its visibility for backoff, then it is redelivered after the backoff, not the queue timeout', async () => {
    const q = queue({ visibilityTimeoutSeconds: 30 });
    await q.send('job');
    const deliveries: number[] = [];
    q.consume(async (event) => {
      deliveries.push(Date.now());
      const [record] = event.Records;
      if (deliveries.length === 1) {
        await q.changeVisibility(record.receiptHandle, 0.15);
        return { batchItemFailures: [{ itemIdentifier: record.messageId }] };
      }
      return { batchItemFailures: [] };
    });

    expect(await q.waitUntilIdle(2_000)).toBe(true);
    expect(deliveries).toHaveLength(2);
    expect(deliveries[1] - deliveries[0]).toBeGreaterThanOrEqual(140);
  });
});

describe('LocalQueue validation', () => {
  it('when a receipt handle is unknown, stale, expired or deleted, then changeVisibility rejects with ReceiptHandleIsInvalid', async () => {
    const clock = fakeClock();
    const q = queue({ visibilityTimeoutSeconds: 10, now: clock.now });
    await q.send('job');
    const invalid = { name: 'ReceiptHandleIsInvalid' };

    await expect(q.changeVisibility('garbage', 5)).rejects.toMatchObject(invalid);

    const [first] = await q.receive();
    clock.advance(10_000);
    await expect(q.changeVisibility(first.receiptHandle, 5)).rejects.toMatchObject(invalid);

    const [second] = await q.receive();
    await expect(q.changeVisibility(first.receiptHandle, 5)).rejects.toMatchObject(invalid);
    await q.changeVisibility(second.receiptHandle, 5);

    await q.deleteMessage(second.receiptHandle);
    await expect(q.changeVisibility(second.receiptHandle, 5)).rejects.toMatchObject(invalid);
    expect(q.size()).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('when delaySeconds or a visibility timeout is out of range, then the call rejects with InvalidParameterValue', async () => {
    const clock = fakeClock();
    const q = queue({ now: clock.now });
    const invalid = { name: 'InvalidParameterValue' };

    for (const delaySeconds of [-1, 901, Number.NaN, Infinity]) {
      await expect(q.send('x', { delaySeconds })).rejects.toMatchObject(invalid);
    }
    await expect(q.send('')).rejects.toMatchObject(invalid);
    expect(q.size()).toEqual({ visible: 0, inFlight: 0, delayed: 0 });

    await q.send('x', { delaySeconds: 900 });
    clock.advance(900_000);
    const [record] = await q.receive();
    await expect(q.changeVisibility(record.receiptHandle, 43_201)).rejects.toMatchObject(invalid);
    await expect(q.changeVisibility(record.receiptHandle, -1)).rejects.toMatchObject(invalid);
  });

  it('when options are inconsistent, then the constructor refuses them', () => {
    const dlq = queue({ name: 'dlq' });
    expect(() => new LocalQueue({ name: 'a', visibilityTimeoutSeconds: 1, maxReceiveCount: 3 })).toThrow(/together/);
    expect(() => new LocalQueue({ name: 'a', visibilityTimeoutSeconds: 1, deadLetterQueue: dlq })).toThrow(/together/);
    expect(() => new LocalQueue({ name: 'a', visibilityTimeoutSeconds: 43_201 })).toThrow(/visibilityTimeoutSeconds/);
    expect(() => new LocalQueue({ name: 'bad name', visibilityTimeoutSeconds: 1 })).toThrow(/Queue name/);
  });
});

describe('LocalQueue persistence', () => {
  it('when a queue with persistPath is stopped and reopened, then its messages, ids and receive counts survive', async () => {
    await withDir(async (dir) => {
      const persistPath = join(dir, 'state', 'jobs.json');
      const clock = fakeClock();
      const before = queue({ persistPath, visibilityTimeoutSeconds: 10, now: clock.now });
      await before.send('first');
      await before.send('second', { delaySeconds: 60 });
      const [received] = await before.receive();
      clock.advance(10_000);
      await before.stop();

      const after = queue({ persistPath, visibilityTimeoutSeconds: 10, now: clock.now });

      expect(after.size()).toEqual({ visible: 1, inFlight: 0, delayed: 1 });
      const [again] = await after.receive();
      expect(again.messageId).toBe(received.messageId);
      expect(again.body).toBe('first');
      expect(again.attributes.ApproximateReceiveCount).toBe('2');
      await after.deleteMessage(again.receiptHandle);
      clock.advance(50_000);
      expect((await after.receive(10)).map((r) => r.body)).toEqual(['second']);
      expect((await readdir(join(dir, 'state'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    });
  });

  it('when send resolves, then the message is already on disk for a queue opened on the same log', async () => {
    await withDir(async (dir) => {
      const persistPath = join(dir, 'jobs.log');
      const q = queue({ persistPath });
      await q.send('a');
      await q.send('b');

      const reader = new LocalQueue({ name: 'jobs', visibilityTimeoutSeconds: 1, persistPath });
      expect(reader.peekAll().map((m) => m.body)).toEqual(['a', 'b']);
    });
  });

  it('when a snapshot belongs to another queue, then the constructor refuses it', async () => {
    await withDir(async (dir) => {
      const persistPath = join(dir, 'jobs.log');
      const q = queue({ persistPath });
      await q.send('a');
      await q.flush();
      expect(() => new LocalQueue({ name: 'other', visibilityTimeoutSeconds: 1, persistPath })).toThrow(/belongs to queue/);
    });
  });
});

describe('LocalQueue durability', () => {
  it('when the sending process is killed with SIGKILL, then every send it had acknowledged is in the log', async () => {
    await withDir(async (dir) => {
      const persistPath = join(dir, 'jobs.log');
      for (const killAfter of [1, 7, 40]) {
        await rm(persistPath, { force: true });
        const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/queue-sender.ts', persistPath], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let acknowledged = 0;
        await new Promise<void>((resolve) => {
          child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
            acknowledged = Math.max(acknowledged, ...chunk.split('\n').filter(Boolean).map(Number));
            if (acknowledged >= killAfter && !child.killed) child.kill('SIGKILL');
          });
          child.once('exit', () => resolve());
        });

        const bodies = new LocalQueue({ name: 'jobs', visibilityTimeoutSeconds: 1, persistPath }).peekAll().map((m) => m.body);
        const expected = Array.from({ length: acknowledged }, (_, i) => `message-${i + 1}`);
        expect(bodies.slice(0, acknowledged)).toEqual(expected);
        // Anything after the last acknowledgement may or may not have landed, but nothing else is there.
        expect(bodies.slice(acknowledged).every((b, i) => b === `message-${acknowledged + i + 1}`)).toBe(true);
      }
    });
  }, 60_000);

  it('when the log ends in a line cut short by a crash, then the queue drops that line, keeps the rest and appends after it', async () => {
    await withDir(async (dir) => {
      const persistPath = join(dir, 'jobs.log');
      const before = queue({ persistPath });
      await before.send('kept');
      await before.stop();
      await appendFile(persistPath, '{"op":"put","m":{"messageId":"cut-');

      const after = queue({ persistPath });
      expect(after.peekAll().map((m) => m.body)).toEqual(['kept']);
      await after.send('next');
      await after.stop();

      expect(queue({ persistPath }).peekAll().map((m) => m.body)).toEqual(['kept', 'next']);
      expect((await readFile(persistPath, 'utf8')).split('\n').filter(Boolean).every((line) => JSON.parse(line))).toBe(true);
    });
  });

  it('when a whole line in the middle of the log is damaged, then the queue refuses to open rather than drop messages', async () => {
    await withDir(async (dir) => {
      const persistPath = join(dir, 'jobs.log');
      const q = queue({ persistPath });
      await q.send('a');
      await q.stop();
      await appendFile(persistPath, 'not json\n{"op":"del","id":"x"}\n');
      expect(() => queue({ persistPath })).toThrow(/line 3 is not valid JSON/);
    });
  });

  it('when messages are received, changed and deleted without stop, then a queue reopened on the log sees each change', async () => {
    await withDir(async (dir) => {
      const clock = fakeClock();
      const persistPath = join(dir, 'jobs.log');
      const q = queue({ persistPath, visibilityTimeoutSeconds: 10, now: clock.now });
      await q.send('deleted');
      await q.send('received');
      await q.send('changed');
      const [deleted, received, changed] = await q.receive(3);
      await q.deleteMessage(deleted.receiptHandle);
      await q.changeVisibility(changed.receiptHandle, 100);

      const reopened = queue({ persistPath, visibilityTimeoutSeconds: 10, now: clock.now });
      expect(reopened.peekAll().map((m) => [m.body, m.receiveCount])).toEqual([
        ['received', 1],
        ['changed', 1],
      ]);
      clock.advance(10_000);
      const [again] = await reopened.receive(10);
      expect([again.messageId, again.attributes.ApproximateReceiveCount]).toEqual([received.messageId, '2']);
      await reopened.deleteMessage(again.receiptHandle);
      clock.advance(90_000);
      expect((await reopened.receive(10)).map((r) => r.body)).toEqual(['changed']);
    });
  });

  it('when redeliverInFlightOnRestore is set, then messages in flight at the crash are visible at once with their receive count', async () => {
    await withDir(async (dir) => {
      const clock = fakeClock();
      const persistPath = join(dir, 'jobs.log');
      const q = queue({ persistPath, visibilityTimeoutSeconds: 60, now: clock.now });
      await q.send('job');
      await q.receive();

      const plain = queue({ persistPath, visibilityTimeoutSeconds: 60, now: clock.now });
      expect(plain.size()).toEqual({ visible: 0, inFlight: 1, delayed: 0 });
      const restarted = queue({ persistPath, visibilityTimeoutSeconds: 60, now: clock.now, redeliverInFlightOnRestore: true });
      const [again] = await restarted.receive();
      expect([again.body, again.attributes.ApproximateReceiveCount]).toEqual(['job', '2']);
    });
  });

  it('when a message is redriven, then the dead-letter log has it and the source log does not, after a reopen without stop', async () => {
    await withDir(async (dir) => {
      const clock = fakeClock();
      const dlqPath = join(dir, 'jobs-dlq.log');
      const persistPath = join(dir, 'jobs.log');
      const dlq = queue({ name: 'jobs-dlq', persistPath: dlqPath, now: clock.now });
      const q = queue({ persistPath, visibilityTimeoutSeconds: 10, maxReceiveCount: 1, deadLetterQueue: dlq, now: clock.now });
      await q.send('poison');
      const [first] = await q.receive();
      clock.advance(10_000);
      expect(await q.receive()).toEqual([]);

      const reopenedDlq = queue({ name: 'jobs-dlq', persistPath: dlqPath, now: clock.now });
      expect(reopenedDlq.peekAll()).toEqual([
        expect.objectContaining({ messageId: first.messageId, body: 'poison', deadLetterSourceArn: q.arn, receiveCount: 1 }),
      ]);
      expect(queue({ persistPath, now: clock.now }).peekAll()).toEqual([]);
    });
  });

  it('when many records were appended, then the log is compacted to the live messages and still restores them', async () => {
    await withDir(async (dir) => {
      const persistPath = join(dir, 'jobs.log');
      const q = queue({ persistPath, compactAfterRecords: 20 });
      for (let n = 0; n < 40; n++) await q.send(`m${n}`);
      for (const record of await q.receive(35)) await q.deleteMessage(record.receiptHandle);
      await q.send('last');
      await q.flush();

      // 112 records were appended (header, 41 sends, 35 receives, 35 deletes); compaction kept far fewer.
      const lines = (await readFile(persistPath, 'utf8')).split('\n').filter(Boolean);
      expect(lines.length).toBeLessThan(56);
      expect(queue({ persistPath }).peekAll().map((m) => [m.body, m.receiveCount])).toEqual([
        ['m35', 0],
        ['m36', 0],
        ['m37', 0],
        ['m38', 0],
        ['m39', 0],
        ['last', 0],
      ]);
      expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    });
  });

  it('when a data folder still has the old JSON snapshot, then its messages move into the log once', async () => {
    await withDir(async (dir) => {
      const legacySnapshotPath = join(dir, 'jobs.json');
      const persistPath = join(dir, 'jobs.log');
      const message = { messageId: 'legacy-1', body: 'old', md5OfBody: 'x', sentTimestamp: 1, visibleAt: 1, receiveCount: 2 };
      await writeFile(legacySnapshotPath, JSON.stringify({ version: 1, queue: 'jobs', messages: [message] }));

      const q = queue({ persistPath, legacySnapshotPath });
      expect(q.peekAll()).toEqual([{ messageId: 'legacy-1', body: 'old', receiveCount: 2, sentTimestamp: 1 }]);
      expect(await readdir(dir)).toEqual(['jobs.log']);
      expect(queue({ persistPath, legacySnapshotPath }).peekAll().map((m) => m.messageId)).toEqual(['legacy-1']);
    });
  });
});
