/**
 * One request with retries: 429 honouring `Retry-After`, 5xx and network errors with bounded exponential backoff,
 * and an idempotency key on every POST that stays the same across the retries of one call. Uses only fetch,
 * AbortSignal and crypto (Node 20+ and browsers).
 */
import { SkinConnectionError, errorFromResponse, parseRetryAfter } from './errors.js';

export interface ClientOptions {
  /** `sk_test_…` or `sk_live_…` on a server; in an app, a client token `ct_test_…` (clientTokens.create). */
  apiKey: string;
  /** The API's base URL, e.g. https://abc123.execute-api.eu-west-1.amazonaws.com/prod. Default: the local stack. */
  baseUrl?: string;
  /** Retries after the first attempt (429, 5xx, network errors). Default 3; 0 turns retrying off. */
  maxRetries?: number;
  /** First backoff wait; doubles per retry, with jitter. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** Longest backoff wait. Default 8 s. */
  retryMaxDelayMs?: number;
  /** A 429 whose `Retry-After` is longer than this is not waited for: it is thrown at once. Default 60 s. */
  maxRetryAfterSeconds?: number;
  /** Time limit of one attempt. Default 60 s (POST /v1/scans may wait up to 25 s for the analysis). */
  timeoutMs?: number;
  /** Replaces the global fetch (tests, proxies, instrumentation). */
  fetch?: typeof fetch;
  /** Replaces the waits between attempts (tests). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Called after every attempt that got a response (also the ones that are retried). */
  onResponse?: (info: AttemptInfo) => void;
}

export interface AttemptInfo {
  method: string;
  path: string;
  status: number;
  attempt: number;
  requestId: string | undefined;
  /** The wait before the next attempt, when this one is retried. */
  retryInMs: number | undefined;
}

/** Per-call options of every method. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** POST only: your own key (default: a random UUID per call, reused by its retries). */
  idempotencyKey?: string;
  timeoutMs?: number;
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** A body that can be sent again on a retry (a string, FormData, a Blob). */
  body?: BodyInit;
  options?: RequestOptions;
}

export const DEFAULT_BASE_URL = 'http://127.0.0.1:3000';

export class HttpClient {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly options: ClientOptions) {
    if (!options.apiKey) throw new TypeError('apiKey is required');
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.sleep = options.sleep ?? sleep;
  }

  /** Sends the request (retrying as configured) and returns the successful response; throws SkinApiError otherwise. */
  async send(request: HttpRequest): Promise<Response> {
    const maxRetries = this.options.maxRetries ?? 3;
    const url = this.url(request.path, request.query);
    const headers: Record<string, string> = { Authorization: `Bearer ${this.options.apiKey}`, Accept: 'application/json', ...request.headers };
    if (request.method === 'POST') headers['Idempotency-Key'] = request.options?.idempotencyKey ?? randomUuid();
    const userSignal = request.options?.signal;

    for (let attempt = 0; ; attempt++) {
      userSignal?.throwIfAborted();
      const timeout = AbortSignal.timeout(request.options?.timeoutMs ?? this.options.timeoutMs ?? 60_000);
      const signal = userSignal ? AbortSignal.any([userSignal, timeout]) : timeout;
      let response: Response;
      try {
        response = await this.fetch(url, { method: request.method, headers, body: request.body, signal });
      } catch (error) {
        if (userSignal?.aborted) throw userSignal.reason;
        if (attempt >= maxRetries) {
          throw new SkinConnectionError(`${request.method} ${request.path}: no answer after ${attempt + 1} attempts (${describe(error)})`, { cause: error });
        }
        await this.sleep(this.backoff(attempt), userSignal);
        continue;
      }

      const retryable = response.status === 429 || response.status >= 500;
      let retryInMs: number | undefined;
      if (retryable && attempt < maxRetries) {
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
        const limit = this.options.maxRetryAfterSeconds ?? 60;
        if (retryAfter !== undefined && retryAfter <= limit) retryInMs = retryAfter * 1000;
        else if (retryAfter === undefined) retryInMs = this.backoff(attempt);
      }
      this.options.onResponse?.({
        method: request.method,
        path: request.path,
        status: response.status,
        attempt,
        requestId: response.headers.get('request-id') ?? undefined,
        retryInMs,
      });
      if (response.ok) return response;
      if (retryInMs === undefined) throw await errorFromResponse(response);
      await response.body?.cancel().catch(() => undefined);
      await this.sleep(retryInMs, userSignal);
    }
  }

  async json<T>(request: HttpRequest): Promise<T> {
    const response = await this.send(request);
    return (await response.json()) as T;
  }

  async empty(request: HttpRequest): Promise<void> {
    const response = await this.send(request);
    await response.body?.cancel().catch(() => undefined);
  }

  async blob(request: HttpRequest): Promise<Blob> {
    const response = await this.send({ ...request, headers: { Accept: '*/*', ...request.headers } });
    return response.blob();
  }

  /** A request to another host (a presigned storage upload): no key, no retries, through the configured fetch. */
  external(url: string, init: RequestInit): Promise<Response> {
    return this.fetch(url, init);
  }

  /** Exponential backoff with jitter: about base x 2^attempt, at most the configured maximum. */
  private backoff(attempt: number): number {
    const base = this.options.retryBaseDelayMs ?? 500;
    const max = this.options.retryMaxDelayMs ?? 8_000;
    const ceiling = Math.min(max, base * 2 ** attempt);
    return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
  }

  private url(path: string, query: HttpRequest['query']): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, String(value));
    const qs = search.toString();
    return `${this.baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A random v4 UUID (crypto.randomUUID where available: it needs a secure context in browsers). */
export function randomUuid(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
