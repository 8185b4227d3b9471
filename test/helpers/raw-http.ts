import { request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request through node:http rather than fetch: for methods and paths the OpenAPI document does not list
 * (the global fetch of the test setup checks every /v1 response against the document).
 */
export function rawRequest(method: string, url: string, headers: Record<string, string> = {}, body?: Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: body ? { ...headers, 'Content-Length': String(body.length) } : headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
