/**
 * One request with retries: 429 honouring `Retry-After`, 5xx and network errors with bounded exponential backoff,
 * and an idempotency key on every POST that stays the same across the retries of one call. Uses only fetch,
 * AbortSignal and crypto (Node 20+ and browsers).
 */
import { SkinConnectionError, SkinTimeoutError, errorFromResponse, parseRetryAfter } from './errors.js';
import { VERSION } from './version.js';

export interface ClientOptions {
  /**
   * `sk_test_…` or `sk_live_…` on a server; in an app, a client token `ct_test_…` (clientTokens.create).
   * Default: the `SKIN_API_KEY` environment variable (Node).
   */
  apiKey?: string;
  /**
   * The API's base URL, e.g. https://abc123.execute-api.eu-west-1.amazonaws.com/prod, or LOCAL_BASE_URL for the
   * local stack. Default: the `SKIN_API_URL` environment variable (Node). There is deliberately no fallback to
   * localhost: a forgotten setting must fail here, not send the key to whatever listens on port 3000.
   */
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

/** The local stack's address (`npm start`), for passing explicitly as `baseUrl`. */
export const LOCAL_BASE_URL = 'http://127.0.0.1:3000';

/** What every successful result carries besides its data (a non-enumerable property: JSON and equality ignore it). */
export interface ResponseMeta {
  /** The response's `Request-Id`: quote it when you contact support. */
  readonly requestId: string | undefined;
}

export type WithRequestId<T> = T & ResponseMeta;

/** `User-Agent` of this client (sent where the platform lets a script set it: Node, Deno, Bun; browsers send their own). */
export const USER_AGENT = `skin-analysis-client-typescript/${VERSION}`;

interface ProcessLike {
  env?: Record<string, string | undefined>;
  versions?: { node?: string };
}

/** Node's `process`, when there is one (this package type-checks without Node's types and runs in browsers). */
function nodeProcess(): ProcessLike | undefined {
  return (globalThis as { process?: ProcessLike }).process;
}

function fromEnvironment(name: string): string | undefined {
  const value = nodeProcess()?.env?.[name];
  return value === undefined || value === '' ? undefined : value;
}

function isBrowser(): boolean {
  return typeof (globalThis as { document?: unknown }).document !== 'undefined';
}

export class HttpClient {
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly userAgent: string | undefined;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly options: ClientOptions) {
    const apiKey = options.apiKey ?? fromEnvironment('SKIN_API_KEY');
    if (!apiKey) throw new TypeError('apiKey is required: pass { apiKey } or set SKIN_API_KEY');
    const baseUrl = options.baseUrl ?? fromEnvironment('SKIN_API_URL');
    if (!baseUrl) {
      throw new TypeError(`baseUrl is required: pass { baseUrl } (LOCAL_BASE_URL is ${LOCAL_BASE_URL}) or set SKIN_API_URL`);
    }
    this.apiKey = apiKey;
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    const node = nodeProcess()?.versions?.node;
    this.userAgent = isBrowser() ? undefined : `${USER_AGENT}${node ? ` node/${node}` : ''}`;
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.sleep = options.sleep ?? sleep;
  }

  /** Sends the request (retrying as configured) and returns the successful response; throws SkinApiError otherwise. */
  async send(request: HttpRequest): Promise<Response> {
    const maxRetries = this.options.maxRetries ?? 3;
    const url = this.url(request.path, request.query);
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.apiKey}`,
      Accept: 'application/json',
      ...(this.userAgent ? { 'User-Agent': this.userAgent } : {}),
      ...request.headers,
    };
    if (request.method === 'POST') headers['Idempotency-Key'] = request.options?.idempotencyKey ?? randomUuid();
    const userSignal = request.options?.signal;

    for (let attempt = 0; ; attempt++) {
      userSignal?.throwIfAborted();
      const timeoutMs = request.options?.timeoutMs ?? this.options.timeoutMs ?? 60_000;
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = userSignal ? AbortSignal.any([userSignal, timeout]) : timeout;
      let response: Response;
      try {
        response = await this.fetch(url, { method: request.method, headers, body: request.body, signal });
      } catch (error) {
        if (userSignal?.aborted) throw userSignal.reason;
        if (attempt >= maxRetries) {
          if (timeout.aborted) {
            throw new SkinTimeoutError(`${request.method} ${request.path}: no answer within ${timeoutMs} ms, ${attempt + 1} attempts`, { cause: error });
          }
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

  async json<T extends object>(request: HttpRequest): Promise<WithRequestId<T>> {
    const response = await this.send(request);
    return withRequestId((await response.json()) as T, response);
  }

  async empty(request: HttpRequest): Promise<ResponseMeta> {
    const response = await this.send(request);
    await response.body?.cancel().catch(() => undefined);
    return withRequestId({}, response);
  }

  async blob(request: HttpRequest): Promise<WithRequestId<Blob>> {
    const response = await this.send({ ...request, headers: { Accept: '*/*', ...request.headers } });
    return withRequestId(await response.blob(), response);
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

/** Adds the response's `Request-Id` to a result as a non-enumerable `requestId`. */
export function withRequestId<T extends object>(value: T, response: Response): WithRequestId<T> {
  Object.defineProperty(value, 'requestId', { value: response.headers.get('request-id') ?? undefined, enumerable: false, configurable: true });
  return value as WithRequestId<T>;
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
