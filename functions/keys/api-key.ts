import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Environment } from '../kernel/tenant';

const KEY_PATTERN = /^sk_(test|live)_[A-Za-z0-9_-]{43,}$/;

/** A new secret key: `sk_test_` or `sk_live_` + base64url of 32 random bytes (256 bits). */
export function generateApiKey(environment: Environment): string {
  return `sk_${environment}_${randomBytes(32).toString('base64url')}`;
}

/** Keys are stored only as this hash plus their last four characters. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The environment a well-formed key belongs to, or undefined for anything that is not a key. */
export function keyEnvironment(key: string): Environment | undefined {
  const match = KEY_PATTERN.exec(key);
  return match ? (match[1] as Environment) : undefined;
}

export function lastFour(key: string): string {
  return key.slice(-4);
}

/** Constant-time equality of two hex digests (the stored hash and the presented key's hash). */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
