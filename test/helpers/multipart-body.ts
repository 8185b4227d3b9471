/**
 * Multipart bodies written byte by byte, for tests that need them broken in ways FormData never produces
 * (cut inside a part, a wrong boundary, huge part headers), and a raw HTTP/1.1 client that can stop halfway.
 */
import { connect } from 'node:net';

export const BOUNDARY = '----skin-test-boundary-7d1f';

export interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A well-formed multipart/form-data body of `parts` with `boundary`. */
export function multipartBody(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The body of a scan upload, cut off `keep` bytes into the image part (no closing boundary). */
export function cutScanBody(image: Buffer, keep: number, boundary = BOUNDARY): Buffer {
  const whole = multipartBody([{ name: 'markers', value: 'acne' }, { name: 'image', value: image, filename: 'face.jpg', contentType: 'image/jpeg' }], boundary);
  const imageStart = whole.indexOf(image.subarray(0, 16));
  return whole.subarray(0, imageStart + keep);
}

/**
 * Sends a POST over a raw socket: the headers and the first `sendBytes` of `body` (Content-Length says the whole
 * body), waits `pauseMs` so the server is reading, then destroys the socket: a client that went away mid-upload.
 */
export async function abortMidUpload(options: {
  url: string;
  headers: Record<string, string>;
  body: Buffer;
  sendBytes: number;
  pauseMs?: number;
  chunked?: boolean;
}): Promise<void> {
  const url = new URL(options.url);
  const socket = connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => undefined);
  const framing = options.chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(options.body.length) };
  const head = Object.entries({ Host: url.host, ...options.headers, ...framing }).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.write(`POST ${url.pathname}${url.search} HTTP/1.1\r\n${head}\r\n`);
  const sent = options.body.subarray(0, options.sendBytes);
  socket.write(options.chunked ? Buffer.concat([Buffer.from(`${sent.length.toString(16)}\r\n`), sent, Buffer.from('\r\n')]) : sent);
  await new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? 150));
  socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
}
