import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PROCESSING_INDEX } from '../functions/adapters/aws/tables';
import type { RecoveryReport } from '../functions/recovery/recover-stuck-scans';

/**
 * Runs the recovery sweep in the local stack: once at start (scans a crash left stuck) and then every interval,
 * never two runs at once. On AWS an EventBridge schedule invokes functions/runtime/lambda/recovery.ts instead.
 */
export class RecoverySweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly sweep: () => Promise<RecoveryReport>,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.runNow();
  }

  /** Runs a sweep now (or waits for the one running) and resolves with its end. */
  runNow(): Promise<void> {
    this.running ??= this.sweep()
      .then(
        () => undefined,
        (error: unknown) => {
          // The index or the table may be briefly unreachable; the next run tries again.
          console.error(`[recovery] sweep failed: ${error instanceof Error ? `${error.name}: ${error.message.split('\n', 1)[0]}` : typeof error}`);
        },
      )
      .finally(() => {
        this.running = undefined;
        this.schedule();
      });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.runNow(), this.intervalMs);
    this.timer.unref();
  }
}

/** Whether a local scans table has the processing index (tables created before it existed do not). */
export async function hasProcessingIndex(client: DynamoDBClient, tableName: string): Promise<boolean> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  return (Table?.GlobalSecondaryIndexes ?? []).some((index) => index.IndexName === PROCESSING_INDEX.name);
}
