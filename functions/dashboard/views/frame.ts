import type { Account } from '../../accounts/contract';
import type { Environment } from '../../kernel/tenant';

/** What every signed-in page knows about where it is and who is looking. */
export interface Frame {
  base: string;
  environment: Environment;
  csrf: string;
  account: Account;
  email: string;
  liveAllowed: boolean;
  section: 'keys' | 'webhooks' | 'deliveries' | 'usage';
  notice?: string;
}

/** A dashboard address in the page's environment, with optional query parameters. */
export function href(frame: Pick<Frame, 'base' | 'environment'>, path: string, params: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams({ env: frame.environment });
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  return `${frame.base}/dashboard${path}?${query}`;
}

export function shortTime(iso: string | null | undefined): string {
  return iso ? iso.replace('T', ' ').slice(0, 19) + ' UTC' : '—';
}
