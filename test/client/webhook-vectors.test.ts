/**
 * The shared webhook vectors (clients/webhook-vectors/webhooks.json), which the Python and Kotlin clients verify
 * too: the file is what the service's signer produces today, and the TypeScript client and the public
 * standardwebhooks library each reach every vector's verdict.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { verifyWebhook, WebhookVerificationError } from '../../clients/typescript/src/index';
import { VECTORS_FILE, vectorsDocument, type WebhookVector } from '../../clients/webhook-vectors/generate';

const { vectors } = JSON.parse(readFileSync(VECTORS_FILE, 'utf8')) as { vectors: WebhookVector[] };

const expectedMessage: Record<NonNullable<WebhookVector['error']>, string> = {
  missing_header: 'Missing webhook-id, webhook-timestamp or webhook-signature header',
  invalid_timestamp: 'Invalid webhook-timestamp header',
  timestamp_too_old: 'Message timestamp too old',
  timestamp_too_new: 'Message timestamp too new',
  no_matching_signature: 'No matching signature found',
};

describe('shared webhook vectors', () => {
  it('when the generator runs again, then it writes exactly the committed file (npx tsx clients/webhook-vectors/generate.ts)', () => {
    expect(readFileSync(VECTORS_FILE, 'utf8')).toBe(vectorsDocument());
  });

  it('when the vectors are counted, then both verdicts and every refusal reason are covered', () => {
    expect(vectors.filter((v) => v.valid).length).toBeGreaterThanOrEqual(5);
    expect(new Set(vectors.map((v) => v.error))).toEqual(new Set([null, ...Object.keys(expectedMessage)]));
  });

  it.each(vectors.map((v) => [v.name, v] as const))('%s: the TypeScript client reaches the verdict', async (_name, vector) => {
    const verdict = verifyWebhook(vector.body, vector.headers, vector.secret, {
      now: () => vector.now * 1000,
      toleranceSeconds: vector.tolerance_seconds,
    });
    if (vector.valid) await expect(verdict).resolves.toEqual(JSON.parse(vector.body));
    else await expect(verdict).rejects.toEqual(new WebhookVerificationError(expectedMessage[vector.error!]));
  });

  it.each(vectors.map((v) => [v.name, v] as const))('%s: the standardwebhooks library agrees', (_name, vector) => {
    // The library reads the real clock (its tolerance is also 5 minutes): set it to the vector's receiver clock.
    vi.useFakeTimers({ now: vector.now * 1000, toFake: ['Date'] });
    try {
      const library = () => new Webhook(vector.secret).verify(vector.body, vector.headers);
      if (vector.valid) expect(library()).toEqual(JSON.parse(vector.body));
      else expect(library).toThrow();
    } finally {
      vi.useRealTimers();
    }
  });
});
