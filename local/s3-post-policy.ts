import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * S3's checks of a browser POST upload (a presigned POST policy), for the local stack: s3rver stores any POST and
 * ignores the policy, so local/s3-gate.ts runs these first. Rules from "Creating a POST policy" (Amazon S3 API
 * reference, Signature Version 4): the signature over the base64 policy, its expiration, every condition (exact
 * match, starts-with, content-length-range), and no form field the policy does not cover.
 */
export type PolicyVerdict = { ok: true } | { ok: false; status: 400 | 403; code: string; message: string };

export interface PostUpload {
  /** The bucket named by the URL. */
  bucket: string;
  /** Form fields before the file, as sent. */
  fields: Record<string, string>;
  fileBytes: number;
  now: number;
  secretAccessKey: string;
}

/** Fields every POST may carry without a condition. */
const UNCONDITIONED = new Set(['policy', 'x-amz-signature', 'file']);

export function verifyPostPolicy(upload: PostUpload): PolicyVerdict {
  const fields = Object.fromEntries(Object.entries(upload.fields).map(([name, value]) => [name.toLowerCase(), value]));
  const policyBase64 = fields.policy;
  const signature = fields['x-amz-signature'];
  const credential = fields['x-amz-credential'];
  if (!policyBase64 || !signature || !credential || fields['x-amz-algorithm'] !== 'AWS4-HMAC-SHA256') {
    return denied('AccessDenied', 'Bucket POST must contain a Policy, X-Amz-Signature, X-Amz-Credential and X-Amz-Algorithm AWS4-HMAC-SHA256.');
  }
  const [, date, region, service, terminator] = credential.split('/');
  if (!date || !region || service !== 's3' || terminator !== 'aws4_request') return denied('AccessDenied', 'X-Amz-Credential is malformed.');
  const expected = hmac(signingKey(upload.secretAccessKey, date, region), policyBase64);
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return denied('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }

  let policy: { expiration?: string; conditions?: unknown[] };
  try {
    policy = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8'));
  } catch {
    return { ok: false, status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  if (!policy.expiration || !(Date.parse(policy.expiration) > upload.now)) return denied('AccessDenied', 'Invalid according to Policy: Policy expired.');

  const covered = new Set<string>();
  const valueOf = (name: string) => (name === 'bucket' ? upload.bucket : fields[name]);
  for (const condition of policy.conditions ?? []) {
    if (Array.isArray(condition) && condition[0] === 'content-length-range') {
      const [, min, max] = condition as [string, number, number];
      if (upload.fileBytes > max) return { ok: false, status: 400, code: 'EntityTooLarge', message: `Your proposed upload exceeds the maximum allowed size (${max} bytes).` };
      if (upload.fileBytes < min) return { ok: false, status: 400, code: 'EntityTooSmall', message: `Your proposed upload is smaller than the minimum allowed size (${min} bytes).` };
      continue;
    }
    const [operator, name, expected] = Array.isArray(condition)
      ? [String(condition[0]).toLowerCase(), String(condition[1]).replace(/^\$/, '').toLowerCase(), String(condition[2])]
      : ['eq', ...Object.entries(condition as Record<string, string>).map(([k, v]) => [k.toLowerCase(), String(v)])[0]!];
    const actual = valueOf(name!) ?? '';
    const holds = operator === 'starts-with' ? actual.startsWith(expected!) : actual === expected;
    if (!holds) return denied('AccessDenied', `Invalid according to Policy: Policy Condition failed: ["${operator}", "$${name}", "${expected}"]`);
    covered.add(name!);
  }
  const extra = Object.keys(fields).filter((name) => !UNCONDITIONED.has(name) && !name.startsWith('x-ignore-') && !covered.has(name));
  if (extra.length > 0) return denied('AccessDenied', `Invalid according to Policy: Extra input fields: ${extra.join(', ')}`);
  return { ok: true };
}

function denied(code: string, message: string): PolicyVerdict {
  return { ok: false, status: 403, code, message };
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

function signingKey(secret: string, date: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
}
