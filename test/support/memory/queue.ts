import type { MessageSender, VisibilityControl } from '../../../functions/kernel/queue';

/** A queue that records what the core sends and which visibility it sets, for assertions. */
export class MemoryQueue implements MessageSender, VisibilityControl {
  readonly sent: { body: string; delaySeconds?: number }[] = [];
  readonly visibility: { receiptHandle: string; seconds: number }[] = [];
  /** When set, send() rejects with it (a queue that is down). */
  failure: Error | undefined;

  async send(body: string, options: { delaySeconds?: number } = {}): Promise<void> {
    if (this.failure) throw this.failure;
    this.sent.push({ body, ...(options.delaySeconds !== undefined ? { delaySeconds: options.delaySeconds } : {}) });
  }

  async changeVisibility(receiptHandle: string, seconds: number): Promise<void> {
    this.visibility.push({ receiptHandle, seconds });
  }
}
