import type { LocalStack } from '../../../local/local-stack';
import type { Environment } from '../../../functions/kernel/tenant';
import { addEndpoint } from '../../../functions/webhooks/manage-endpoints';
import type { EventType } from '../../../functions/webhooks/events';
import type { WebhookEndpoint } from '../../../functions/webhooks/endpoint';
import type { Resolver } from '../../../functions/webhooks/ssrf/resolve';

/** Registers an endpoint on the stack through the same core as `skin webhooks add`. */
export function registerEndpoint(
  stack: Pick<LocalStack, 'stores' | 'clock' | 'config'>,
  options: { accountId: string; url: string; environment?: Environment; events?: EventType[] | null; resolver?: Resolver },
): Promise<WebhookEndpoint> {
  return addEndpoint(
    { endpoints: stack.stores.webhooks, clock: stack.clock, rules: { allowLoopback: stack.config.WEBHOOK_ALLOW_LOOPBACK }, resolver: options.resolver },
    { tenant: { accountId: options.accountId, environment: options.environment ?? 'test' }, url: options.url, events: options.events ?? null },
  );
}

export async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met after ${timeoutMs} ms: ${JSON.stringify(value)?.slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
