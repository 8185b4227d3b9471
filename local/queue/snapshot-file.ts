import { readFileSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * A JSON file rewritten whole after changes: debounced so a burst of queue operations costs one write,
 * written to a temp file and renamed so a crash leaves either the old or the new snapshot, never half of one.
 */
export class SnapshotFile {
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private writes: Promise<void> = Promise.resolve();
  private tmpCounter = 0;

  constructor(
    readonly path: string,
    private readonly serialize: () => unknown,
    private readonly debounceMs = 25,
  ) {}

  /** Synchronous so a queue can be restored in its constructor. Undefined when there is no file yet. */
  read(): unknown {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new Error(`${this.path} is not valid JSON: ${(error as Error).message}`);
    }
  }

  markDirty(): void {
    this.dirty = true;
    if (this.timer) return;
    // Not unref'd: a pending write should still land if the process is about to exit on its own.
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush().catch((error: Error) => {
        console.error(`[local-queue] could not write ${this.path}: ${error.message}`);
      });
    }, this.debounceMs);
  }

  /** Writes now if anything changed; resolves once every earlier write has landed. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const run = this.writes.then(() => this.writeIfDirty());
    this.writes = run.catch(() => undefined);
    return run;
  }

  private async writeIfDirty(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    const text = JSON.stringify(this.serialize());
    const tmp = `${this.path}.${process.pid}.${++this.tmpCounter}.tmp`;
    try {
      await mkdir(dirname(this.path), { recursive: true });
      const file = await open(tmp, 'w');
      try {
        await file.writeFile(text, 'utf8');
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(tmp, this.path);
    } catch (error) {
      this.dirty = true;
      await rm(tmp, { force: true }).catch(() => undefined);
      throw error;
    }
  }
}
