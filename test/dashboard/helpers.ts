import { startTestStack, type TestStack } from '../helpers/stack';
import type { Clock } from '../../functions/kernel/clock';
import type { LocalStackOptions } from '../../local/local-stack';

/** A clock the test moves forward (key grace periods, session ends, throttle windows). */
export interface MovableClock extends Clock {
  advance(ms: number): void;
}

export function movableClock(): MovableClock {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms) => void (offset += ms) };
}

/**
 * A local stack for the dashboard suites: a movable clock, no key cache (a revoked key is refused at once, as
 * on a single container), and one webhook attempt per run so a failing receiver gives a failed delivery at once.
 */
export async function startDashboardStack(options: LocalStackOptions = {}): Promise<{ stack: TestStack; clock: MovableClock }> {
  const clock = movableClock();
  const stack = await startTestStack({ clock, webhookRetrySchedule: '0', webhookTimeoutMs: 5_000, ...options, env: { KEY_CACHE_SECONDS: '0', ...options.env } });
  return { stack, clock };
}

/** The value of the hidden CSRF field of the first form of a page. */
export function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no CSRF field on the page');
  return match[1];
}

/**
 * A browser-like HTTP client without a browser: keeps cookies, follows nothing (redirects are asserted), sends
 * the Origin a browser would send on a form POST.
 */
export class DashboardClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (value === '' || attributes.some((a) => /max-age=0\b/i.test(a.trim()))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(path: string): Promise<{ status: number; html: string; location: string | null; response: Response }> {
    const response = await fetch(`${this.baseUrl}${path}`, { headers: { cookie: this.cookieHeader() }, redirect: 'manual' });
    this.remember(response);
    return { status: response.status, html: await response.text(), location: response.headers.get('location'), response };
  }

  async post(
    path: string,
    fields: Record<string, string | string[]>,
    options: { origin?: string | null } = {},
  ): Promise<{ status: number; html: string; location: string | null; response: Response }> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const v of ([] as string[]).concat(value)) body.append(name, v);
    const headers: Record<string, string> = { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' };
    const origin = options.origin === undefined ? this.baseUrl : options.origin;
    if (origin !== null) headers.origin = origin;
    const response = await fetch(`${this.baseUrl}${path}`, { method: 'POST', headers, body, redirect: 'manual' });
    this.remember(response);
    return { status: response.status, html: await response.text(), location: response.headers.get('location'), response };
  }

  /** POSTs a form of `pagePath` with that page's CSRF token. */
  async submit(pagePath: string, action: string, fields: Record<string, string | string[]> = {}) {
    const page = await this.get(pagePath);
    return this.post(action, { _csrf: csrfOf(page.html), ...fields });
  }

  async signUp(email: string, password: string, accountName = 'Acme') {
    return this.submit('/dashboard/sign-up', '/dashboard/sign-up', { email, password, account_name: accountName });
  }

  async signIn(email: string, password: string) {
    return this.submit('/dashboard/sign-in', '/dashboard/sign-in', { email, password });
  }

  /** The CSRF token of the signed-in session (any signed-in page carries it). */
  async sessionCsrf(): Promise<string> {
    return csrfOf((await this.get('/dashboard/keys')).html);
  }
}
