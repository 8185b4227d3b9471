/**
 * The local S3 gate (local/s3-gate.ts) on POST bodies that are not well-formed forms: S3's MalformedPOSTRequest,
 * not EntityTooLarge, and nothing reaches storage behind it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Gate } from '../../local/s3-gate';

let upstream: Server;
let forwarded = 0;
let gate: { endpoint: string; close(): Promise<void> };

beforeAll(async () => {
  upstream = createServer((_req, res) => {
    forwarded++;
    res.end('stored');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  gate = await startS3Gate({ target: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, bucket: 'skin-images', secretAccessKey: 'S3RVER' });
});
afterAll(async () => {
  await gate?.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

async function post(contentType: string, body: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${gate.endpoint}/skin-images`, { method: 'POST', headers: { 'Content-Type': contentType }, body });
  return { status: response.status, text: await response.text() };
}

describe('S3 gate on malformed POST bodies', () => {
  it('when the multipart boundary is missing or the form is cut off, then 400 MalformedPOSTRequest and nothing is forwarded', async () => {
    for (const [contentType, body] of [
      ['multipart/form-data', 'garbage'],
      ['multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="key"\r\n\r\nbroken'],
      ['multipart/form-data; boundary=zz', `--zz\r\nno headers here\r\n\r\n${'x'.repeat(256 * 1024)}`],
    ]) {
      const answer = await post(contentType, body);
      expect(answer.status).toBe(400);
      expect(answer.text).toContain('<Code>MalformedPOSTRequest</Code>');
    }
    expect(forwarded).toBe(0);
  });
});
