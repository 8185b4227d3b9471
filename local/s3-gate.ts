import busboy from 'busboy';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyPostPolicy } from './s3-post-policy';

/** More than any upload policy admits; a body past it is refused without being buffered whole. */
const MAX_POST_BYTES = 64 * 1024 * 1024;

/**
 * A pass-through proxy in front of s3rver that enforces presigned POST policies (local/s3-post-policy.ts), which
 * s3rver does not. Every other request (the SDK's gets, puts, lists, deletes, and CORS preflights) goes through
 * untouched; a POST upload to the bucket is read, checked, and forwarded only when S3 would accept it.
 */
export async function startS3Gate(options: { target: string; bucket: string; secretAccessKey: string; port?: number; now?: () => number }): Promise<{ endpoint: string; close(): Promise<void> }> {
  const target = new URL(options.target);
  const now = options.now ?? Date.now;
  const forward = (req: IncomingMessage, res: ServerResponse, body?: Buffer) => {
    const upstream = httpRequest(
      { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    if (body) upstream.end(body);
    else req.pipe(upstream);
  };

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const isUpload = req.method === 'POST' && (path === `/${options.bucket}` || path === `/${options.bucket}/`) && /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');
    if (!isUpload) return forward(req, res);
    readUpload(req).then(
      ({ body, fields, fileBytes }) => {
        const verdict = verifyPostPolicy({ bucket: options.bucket, fields, fileBytes, now: now(), secretAccessKey: options.secretAccessKey });
        if (verdict.ok) return forward(req, res, body);
        s3Error(res, verdict.status, verdict.code, verdict.message);
      },
      (error) =>
        error instanceof UploadTooLarge
          ? s3Error(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.')
          : s3Error(res, 400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.'),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A body past MAX_POST_BYTES (any other failure to read it is a malformed form). */
class UploadTooLarge extends Error {}

/** The whole body (to forward), the fields sent before the file, and the file's size. */
function readUpload(req: IncomingMessage): Promise<{ body: Buffer; fields: Record<string, string>; fileBytes: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const fields: Record<string, string> = {};
    let fileBytes = 0;
    let fileSeen = false;
    const parser = busboy({ headers: req.headers, limits: { fieldSize: 64 * 1024 } });
    parser.on('field', (name, value) => {
      if (!fileSeen) fields[name] = value;
    });
    parser.on('file', (name, stream) => {
      if (name.toLowerCase() !== 'file' || fileSeen) return stream.resume();
      fileSeen = true;
      stream.on('data', (chunk: Buffer) => (fileBytes += chunk.length));
    });
    parser.on('close', () => resolve({ body: Buffer.concat(chunks), fields, fileBytes }));
    parser.on('error', reject);
    // Past the limit the rest is read and dropped, so the client still gets S3's answer rather than a reset.
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_POST_BYTES) return;
      chunks.push(chunk);
      parser.write(chunk);
    });
    req.on('end', () => (size > MAX_POST_BYTES ? reject(new UploadTooLarge()) : parser.end()));
    req.on('error', reject);
  });
}

/** S3's XML error; CORS-readable like S3's own answers to POSTs (the bucket rule admits any origin for POST). */
function s3Error(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/xml', 'Access-Control-Allow-Origin': '*', Connection: 'close' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message.replace(/[<&>]/g, '')}</Message></Error>`);
}
