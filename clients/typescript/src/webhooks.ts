/**
 * Verifies a webhook delivery: the Standard Webhooks scheme (https://www.standardwebhooks.com), with WebCrypto
 * HMAC-SHA256, so it runs in Node 20+, browsers, Deno and edge runtimes alike.
 *
 *   signed content  = `${webhook-id}.${webhook-timestamp}.${raw body}`
 *   webhook-signature = space-separated `v1,<base64 HMAC-SHA256>` (two during a secret rotation; any may match)
 *   key             = base64-decoded part of the secret after `whsec_`
 */
import { WebhookVerificationError } from './errors.js';
import type { WebhookEvent } from './types.js';

/** Node's `req.headers`, a fetch `Headers`, or any name → value map (names are case-insensitive). */
export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far `webhook-timestamp` may be from now, either way. Default 300 s (5 minutes). */
  toleranceSeconds?: number;
  /** The current time in milliseconds (tests). */
  now?: () => number;
}

const encoder = new TextEncoder();

/**
 * Checks the signature and the timestamp of a delivery and returns the parsed payload. Pass the raw body, exactly
 * as received (re-serialised JSON has other bytes). Throws WebhookVerificationError when it must not be trusted.
 *
 * @example
 * const event = await verifyWebhook(rawBody, req.headers, process.env.SKIN_WEBHOOK_SECRET!);
 * if (event.event === 'scan.completed') console.log(event.skin_score);
 */
export async function verifyWebhook(
  body: string | ArrayBuffer | ArrayBufferView,
  headers: HeadersLike,
  secret: string,
  options: VerifyOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature header');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('Invalid webhook-timestamp header');

  const now = Math.floor((options.now?.() ?? Date.now()) / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  const sent = Number(timestamp);
  if (sent < now - tolerance) throw new WebhookVerificationError('Message timestamp too old');
  if (sent > now + tolerance) throw new WebhookVerificationError('Message timestamp too new');

  const bytes = bodyBytes(body);
  const expected = await hmacSha256(secretKey(secret), concat(encoder.encode(`${id}.${timestamp}.`), bytes));
  const matched = signatures
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .some((entry) => {
      const given = decodeBase64(entry.slice(3));
      return given !== undefined && constantTimeEqual(given, expected);
    });
  if (!matched) throw new WebhookVerificationError('No matching signature found');

  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('The body is not JSON');
  }
}

function header(headers: HeadersLike, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(' ') : value;
  }
  return undefined;
}

function bodyBytes(body: string | ArrayBuffer | ArrayBufferView): Uint8Array {
  if (typeof body === 'string') return encoder.encode(body);
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
}

function secretKey(secret: string): Uint8Array {
  const key = decodeBase64(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (!key || key.length === 0) throw new WebhookVerificationError('The secret is not whsec_ followed by base64');
  return key;
}

async function hmacSha256(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new WebhookVerificationError('WebCrypto (crypto.subtle) is not available in this runtime');
  const cryptoKey = await subtle.importKey('raw', asBuffer(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle.sign('HMAC', cryptoKey, asBuffer(data)));
}

/** Compares every byte whatever the first difference, so the time taken says nothing about the expected value. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

function decodeBase64(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** A copy in its own ArrayBuffer (WebCrypto takes BufferSource; a view of a larger or shared buffer is copied). */
function asBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy.buffer;
}
