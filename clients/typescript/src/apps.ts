/**
 * Calling the API from an app: client tokens (minted by your back end, used by the app) and direct uploads
 * (the photo goes to storage with a presigned POST, then is scanned by its upload id).
 */
import type { HttpClient, RequestOptions } from './http.js';
import { SkinError } from './errors.js';
import type { ClientToken, MarkerName, Scan, Upload, UploadRequest } from './types.js';

/** The photo: a Blob/File (browsers), or bytes (Node). */
type Photo = Blob | ArrayBuffer | ArrayBufferView;

export interface CreateClientTokenInput {
  /** The user the token acts for. */
  userId: string;
  /** Default all of scans:write, scans:read, scores:read. */
  scopes?: ClientToken['scopes'];
  /** Seconds, 60 to 86400 (default 900). */
  expiresIn?: number;
}

export class ClientTokensResource {
  constructor(private readonly http: HttpClient) {}

  /** POST /v1/client_tokens (with a secret key, on your server): hand `token` to the app. */
  create(input: CreateClientTokenInput, options?: RequestOptions): Promise<ClientToken> {
    const body = { user_id: input.userId, ...(input.scopes ? { scopes: input.scopes } : {}), ...(input.expiresIn !== undefined ? { expires_in: input.expiresIn } : {}) };
    return this.http.json<ClientToken>({ method: 'POST', path: '/v1/client_tokens', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' }, options });
  }
}

export interface ScanFromUploadInput {
  markers?: readonly MarkerName[];
  userId?: string;
  /** Seconds the API may wait for the result (0-25; default 10), or 'async'. */
  wait?: number | 'async';
}

export class UploadsResource {
  constructor(private readonly http: HttpClient) {}

  /** POST /v1/uploads: an upload id and the presigned POST for one photo of `contentType`. */
  create(input: { contentType: UploadRequest['content_type']; userId?: string }, options?: RequestOptions): Promise<Upload> {
    const body = { content_type: input.contentType, ...(input.userId !== undefined ? { user_id: input.userId } : {}) };
    return this.http.json<Upload>({ method: 'POST', path: '/v1/uploads', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' }, options });
  }

  /** Sends the photo to storage as the presigned POST says (fields first, the file last); throws when storage refuses. */
  async send(upload: Upload, photo: Photo, options: { signal?: AbortSignal } = {}): Promise<void> {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', photo instanceof Blob ? photo : new Blob([copy(photo)], { type: upload.fields['Content-Type'] }), 'photo');
    const response = await this.http.external(upload.url, { method: 'POST', body: form, signal: options.signal });
    if (!response.ok) {
      const text = await response.text();
      const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? 'unknown';
      throw new SkinError(`storage refused the upload ${upload.upload_id}: ${response.status} ${code}`);
    }
  }

  /** POST /v1/scans with `{upload_id}`: the uploaded photo is checked and scanned (once per upload id). */
  scan(uploadId: string, input: ScanFromUploadInput = {}, options?: RequestOptions): Promise<Scan> {
    const body = { upload_id: uploadId, ...(input.markers ? { markers: input.markers } : {}), ...(input.userId !== undefined ? { user_id: input.userId } : {}) };
    const prefer = input.wait === undefined ? undefined : input.wait === 'async' ? 'respond-async' : `wait=${input.wait}`;
    return this.http.json<Scan>({
      method: 'POST',
      path: '/v1/scans',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', ...(prefer ? { Prefer: prefer } : {}) },
      options,
    });
  }

  /** The whole flow: create an upload, send the photo, scan it. Photos up to `max_bytes` (15 MB). */
  async uploadAndScan(input: ScanFromUploadInput & { image: Photo; contentType?: UploadRequest['content_type'] }, options?: RequestOptions): Promise<Scan> {
    const blobType = input.image instanceof Blob ? input.image.type : '';
    const contentType = input.contentType ?? (isUploadType(blobType) ? blobType : 'image/jpeg');
    const upload = await this.create({ contentType, userId: input.userId }, options);
    await this.send(upload, input.image, { signal: options?.signal });
    return this.scan(upload.upload_id, { markers: input.markers, wait: input.wait }, options);
  }
}

function isUploadType(type: string): type is UploadRequest['content_type'] {
  return type === 'image/jpeg' || type === 'image/png' || type === 'image/webp';
}

function copy(bytes: ArrayBuffer | ArrayBufferView): ArrayBuffer {
  if (bytes instanceof ArrayBuffer) return bytes;
  const out = new Uint8Array(bytes.byteLength);
  out.set(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return out.buffer;
}
