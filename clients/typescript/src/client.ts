import { HttpClient, type ClientOptions, type RequestOptions, type ResponseMeta, type WithRequestId } from './http.js';
import { SkinError } from './errors.js';
import { ClientTokensResource, UploadsResource } from './apps.js';
import type {
  IngredientAnalysis,
  IngredientAnalysisRequest,
  MarkerCatalogueEntry,
  MarkerName,
  Routine,
  RoutineRequest,
  Scan,
  ScanList,
  UserScore,
} from './types.js';

/** The photo: a Blob/File (browsers), or bytes (Node: `await readFile(path)`). */
export type ImageInput = Blob | ArrayBuffer | ArrayBufferView;

export interface CreateScanInput {
  image: ImageInput;
  /** The part's file name (default `image`). */
  filename?: string;
  /** The part's media type when `image` is bytes (default application/octet-stream; the API reads the format from the bytes). */
  contentType?: string;
  /** Markers to score (default: all). */
  markers?: readonly MarkerName[] | string;
  /** Your own identifier of the person (1-128 of letters, digits and `_ . : @ -`). */
  userId?: string;
  /** Seconds the API may wait for the result (0-25; default 10), or 'async' to answer at once with a `processing` scan. */
  wait?: number | 'async';
}

export interface ListScansInput {
  userId?: string;
  /** Scans per page, 1-100 (default 20). */
  limit?: number;
  /** Start from this page (a `next_cursor`). */
  cursor?: string;
}

export interface WaitOptions extends RequestOptions {
  /** Give up after this long (default 60 s). */
  timeoutMs?: number;
  /** Between polls (default 500 ms). */
  intervalMs?: number;
}

const path = (template: string, ...ids: string[]) => {
  let i = 0;
  return template.replace(/\{[^}]+\}/g, () => encodeURIComponent(ids[i++]!));
};

/**
 * Pages of GET /v1/scans: `for await (const page of client.scans.list())` walks the pages (each `{data, has_more,
 * next_cursor}`); `.items()` walks the scans one by one.
 */
export class ScanPages implements AsyncIterable<WithRequestId<ScanList>> {
  constructor(
    private readonly http: HttpClient,
    private readonly input: ListScansInput,
    private readonly options?: RequestOptions,
  ) {}

  async *[Symbol.asyncIterator](): AsyncIterator<WithRequestId<ScanList>> {
    let cursor = this.input.cursor;
    for (let first = true; ; first = false) {
      const page = await this.http.json<ScanList>({
        method: 'GET',
        path: '/v1/scans',
        query: { user_id: this.input.userId, limit: this.input.limit, cursor },
        options: this.options,
      });
      // `has_more` can be true when the last page was exactly full; the empty page after it is not handed out.
      if (!first && page.data.length === 0) return;
      yield page;
      if (!page.has_more || !page.next_cursor) return;
      cursor = page.next_cursor;
    }
  }

  async *items(): AsyncIterable<Scan> {
    for await (const page of this) yield* page.data;
  }

  /** The first scan (the newest), or undefined when there is none. */
  async first(): Promise<Scan | undefined> {
    for await (const page of this) return page.data[0];
    return undefined;
  }

  /** The first page only. */
  async firstPage(): Promise<WithRequestId<ScanList>> {
    for await (const page of this) return page;
    throw new SkinError('no page');
  }
}

class ScansResource {
  constructor(private readonly http: HttpClient) {}

  /**
   * POST /v1/scans. Resolves with the scan: `completed`, or `processing` when the analysis took longer than the
   * wait (then `waitFor` it). A photo that fails a check (no face, blurry, …) rejects with a SkinApiError whose
   * `code` names the check and whose `scanId` is the stored failed scan.
   */
  create(input: CreateScanInput, options?: RequestOptions): Promise<WithRequestId<Scan>> {
    const form = new FormData();
    const image = input.image instanceof Blob ? input.image : new Blob([toArrayBuffer(input.image)], { type: input.contentType ?? 'application/octet-stream' });
    form.append('image', image, input.filename ?? 'image');
    if (input.markers !== undefined) form.append('markers', typeof input.markers === 'string' ? input.markers : input.markers.join(','));
    if (input.userId !== undefined) form.append('user_id', input.userId);
    const prefer = input.wait === undefined ? undefined : input.wait === 'async' ? 'respond-async' : `wait=${input.wait}`;
    return this.http.json<Scan>({ method: 'POST', path: '/v1/scans', body: form, headers: prefer ? { Prefer: prefer } : {}, options });
  }

  /** GET /v1/scans/{scan_id}. */
  get(scanId: string, options?: RequestOptions): Promise<WithRequestId<Scan>> {
    return this.http.json<Scan>({ method: 'GET', path: path('/v1/scans/{scan_id}', scanId), options });
  }

  /** GET /v1/scans, newest first, as an async iterable of pages. */
  list(input: ListScansInput = {}, options?: RequestOptions): ScanPages {
    return new ScanPages(this.http, input, options);
  }

  /** DELETE /v1/scans/{scan_id}: the record, the image and the overlays. */
  delete(scanId: string, options?: RequestOptions): Promise<ResponseMeta> {
    return this.http.empty({ method: 'DELETE', path: path('/v1/scans/{scan_id}', scanId), options });
  }

  /** GET /v1/scans/{scan_id}/overlay: a PNG (default: the scan's first marker, `regions` on the face crop; `legend`: a label box with the marker, score and severity). */
  overlay(
    scanId: string,
    input: { marker?: MarkerName; style?: 'regions' | 'heatmap' | 'spots'; aligned?: 'crop' | 'original'; width?: number; legend?: boolean } = {},
    options?: RequestOptions,
  ): Promise<WithRequestId<Blob>> {
    const legend = input.legend === undefined ? undefined : String(input.legend);
    const query = { marker: input.marker, style: input.style, aligned: input.aligned, width: input.width, legend };
    return this.http.blob({ method: 'GET', path: path('/v1/scans/{scan_id}/overlay', scanId), query, options });
  }

  /** Polls a scan until it is no longer `processing` (completed or failed); resolves with it. */
  async waitFor(scanId: string, options: WaitOptions = {}): Promise<WithRequestId<Scan>> {
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    for (;;) {
      const scan = await this.get(scanId, { signal: options.signal });
      if (scan.status !== 'processing') return scan;
      if (Date.now() > deadline) throw new SkinError(`scan ${scanId} is still processing after ${options.timeoutMs ?? 60_000} ms`);
      await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 500));
    }
  }
}

class IngredientsResource {
  constructor(private readonly http: HttpClient) {}

  /** POST /v1/ingredients/analyze. */
  analyze(body: IngredientAnalysisRequest, options?: RequestOptions): Promise<WithRequestId<IngredientAnalysis>> {
    return this.http.json<IngredientAnalysis>({ method: 'POST', path: '/v1/ingredients/analyze', ...jsonBody(body), options });
  }
}

class RoutinesResource {
  constructor(private readonly http: HttpClient) {}

  /** POST /v1/routines (idempotent across this call's retries). */
  create(body: RoutineRequest, options?: RequestOptions): Promise<WithRequestId<Routine>> {
    return this.http.json<Routine>({ method: 'POST', path: '/v1/routines', ...jsonBody(body), options });
  }

  /** GET /v1/routines/{routine_id}. */
  get(routineId: string, options?: RequestOptions): Promise<WithRequestId<Routine>> {
    return this.http.json<Routine>({ method: 'GET', path: path('/v1/routines/{routine_id}', routineId), options });
  }
}

class UsersResource {
  constructor(private readonly http: HttpClient) {}

  /** GET /v1/users/{user_id}/score. */
  score(userId: string, options?: RequestOptions): Promise<WithRequestId<UserScore>> {
    return this.http.json<UserScore>({ method: 'GET', path: path('/v1/users/{user_id}/score', userId), options });
  }

  /** DELETE /v1/users/{user_id}: every scan, image, routine and score of that user. */
  erase(userId: string, options?: RequestOptions): Promise<ResponseMeta> {
    return this.http.empty({ method: 'DELETE', path: path('/v1/users/{user_id}', userId), options });
  }
}

class MarkersResource {
  constructor(private readonly http: HttpClient) {}

  /** GET /v1/markers: the marker catalogue. */
  async list(options?: RequestOptions): Promise<WithRequestId<MarkerCatalogueEntry[]>> {
    const catalogue = await this.http.json<{ data: MarkerCatalogueEntry[] }>({ method: 'GET', path: '/v1/markers', options });
    return Object.defineProperty(catalogue.data, 'requestId', { value: catalogue.requestId, enumerable: false }) as WithRequestId<MarkerCatalogueEntry[]>;
  }
}

/**
 * The Skin Analysis API.
 *
 * @example
 * const client = new SkinClient(); // SKIN_API_KEY and SKIN_API_URL from the environment
 * // or: new SkinClient({ apiKey: 'sk_test_…', baseUrl: 'https://…/prod' })
 * const scan = await client.scans.create({ image: await readFile('face.jpg'), markers: ['acne', 'hydration'] });
 */
export class SkinClient {
  readonly scans: ScansResource;
  readonly ingredients: IngredientsResource;
  readonly routines: RoutinesResource;
  readonly users: UsersResource;
  readonly markers: MarkersResource;
  /** Client tokens for apps (server side, with a secret key). */
  readonly clientTokens: ClientTokensResource;
  /** Direct uploads: presigned POST to storage, then a scan by upload id. */
  readonly uploads: UploadsResource;

  constructor(options: ClientOptions = {}) {
    const http = new HttpClient(options);
    this.scans = new ScansResource(http);
    this.ingredients = new IngredientsResource(http);
    this.routines = new RoutinesResource(http);
    this.users = new UsersResource(http);
    this.markers = new MarkersResource(http);
    this.clientTokens = new ClientTokensResource(http);
    this.uploads = new UploadsResource(http);
  }
}

export function createClient(options: ClientOptions = {}): SkinClient {
  return new SkinClient(options);
}

function jsonBody(body: unknown): { body: string; headers: Record<string, string> } {
  return { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
}

function toArrayBuffer(bytes: ArrayBuffer | ArrayBufferView): ArrayBuffer {
  if (bytes instanceof ArrayBuffer) return bytes;
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return copy.buffer;
}
