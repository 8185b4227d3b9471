import { request } from 'node:http';
import { bearer } from '../helpers/http';
import type { TestStack } from '../helpers/stack';

/** POST /v1/client_tokens with a secret key; the parsed answer and the response. */
export async function mintToken(stack: TestStack, key: string, body: Record<string, unknown>) {
  const response = await fetch(`${stack.apiUrl}/v1/client_tokens`, {
    method: 'POST',
    headers: bearer(key, { 'Content-Type': 'application/json' }),
    body: JSON.stringify(body),
  });
  return { response, body: await response.json() };
}

export interface UploadAnswer {
  upload_id: string;
  user_id: string | null;
  url: string;
  fields: Record<string, string>;
  max_bytes: number;
  post_expires_at: string;
  expires_at: string;
}

/** POST /v1/uploads. */
export async function createUpload(stack: TestStack, credential: string, body: Record<string, unknown>): Promise<UploadAnswer> {
  const response = await fetch(`${stack.apiUrl}/v1/uploads`, {
    method: 'POST',
    headers: bearer(credential, { 'Content-Type': 'application/json' }),
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST /v1/uploads: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The browser's side of a presigned POST: the fields as given (some replaced), then the file. */
export async function postToStorage(upload: UploadAnswer, file: Buffer, options: { type?: string; fields?: Record<string, string> } = {}): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...upload.fields, ...options.fields })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)], { type: options.type ?? upload.fields['Content-Type'] }), 'photo');
  return fetch(upload.url, { method: 'POST', body: form });
}

/** POST /v1/scans with JSON naming an upload. */
export function scanFromUpload(stack: TestStack, credential: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${stack.apiUrl}/v1/scans`, {
    method: 'POST',
    headers: bearer(credential, { 'Content-Type': 'application/json', ...headers }),
    body: JSON.stringify(body),
  });
}

/**
 * A CORS preflight as a browser sends it, over a plain socket: preflights are not API operations, so they stay
 * outside the contract check that wraps `fetch`.
 */
export function preflight(apiUrl: string, path: string, origin: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${apiUrl}${path}`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}
