/**
 * What changes from one capture to the next, pinned so that the committed examples only change when the API's
 * answers do: ids (by order of first appearance in the run), timestamps (by rank within one example), the
 * stack's random port, and the seconds left in a rate-limit window.
 */
/** A prefixed ULID of any kind (`scan_`, `rtn_`, `upl_`, `ct_`, …). */
const ID = /\b([a-z]{2,5})_[0-9A-HJKMNP-TV-Z]{26}\b/g;
const TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z/g;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The local stack's default address, which the examples show. */
export const EXAMPLE_BASE_URL = 'http://127.0.0.1:3000';
const FIRST_TIMESTAMP = Date.parse('2026-11-21T17:40:00.000Z');
/** Where the local stack's S3 stand-in is shown to listen. */
const EXAMPLE_STORAGE_URL = 'http://127.0.0.1:4569';

/** Fields whose values are fresh secrets or signatures on every call, by name, with what the examples show. */
const STAND_INS: Record<string, string> = {
  next_cursor: 'c2Nhbl8wMUpEM1E4WjVYOVY0TjJNN0s2SDVHMDAwMQ.EXAMPLEsignatureEXAMPLEsignature',
  cursor: 'c2Nhbl8wMUpEM1E4WjVYOVY0TjJNN0s2SDVHMDAwMQ.EXAMPLEsignatureEXAMPLEsignature',
  token: 'ct_test_3q2-7wEXAMPLEexampleEXAMPLEexampleEXAMPLE0',
  Policy: 'eyJleHBpcmF0aW9uIjoiMjAyNi0xMS0yMVQxNzo1MDowMC4wMDBaIiwiY29uZGl0aW9ucyI6W119',
  'X-Amz-Signature': '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  'X-Amz-Credential': 'local/20261121/us-east-1/s3/aws4_request',
  'X-Amz-Date': '20261121T174000Z',
};

export class Normaliser {
  private readonly ids = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  /**
   * One example's value, normalised (ids keep their identity across the whole run). Timestamps (also inside text)
   * move so that the earliest is FIRST_TIMESTAMP; those within a minute of it follow one second apart in their
   * order, later ones keep their distance rounded to the minute (a 15-minute expiry stays 15 minutes).
   */
  example(value: unknown): unknown {
    const timestamps = [...new Set(collectStrings(value).flatMap((s) => s.match(TIMESTAMP) ?? []))].sort();
    const first = timestamps.length ? Date.parse(timestamps[0]!) : 0;
    const replaced = new Map(
      timestamps.map((t, i) => {
        const delta = Date.parse(t) - first;
        const shown = delta < 60_000 ? i * 1_000 : Math.round(delta / 60_000) * 60_000;
        return [t, new Date(FIRST_TIMESTAMP + shown).toISOString()];
      }),
    );
    return this.walk(value, (text, key) => {
      // Secrets and signatures made fresh each time (cursors, tokens, presigned POST fields): stable stand-ins.
      if (key !== undefined && key in STAND_INS) return STAND_INS[key]!;
      return text
        .replace(TIMESTAMP, (t) => replaced.get(t) ?? t)
        .split(this.baseUrl)
        .join(EXAMPLE_BASE_URL)
        // The stack's other endpoints (the local S3) listen on random ports too.
        .replace(/http:\/\/127\.0\.0\.1:\d+/g, (url) => (url === EXAMPLE_BASE_URL ? url : EXAMPLE_STORAGE_URL))
        .replace(ID, (id, prefix: string) => this.stableId(id, prefix))
        .replace(/retry in \d+ s/, 'retry in 42 s');
    });
  }

  private stableId(id: string, prefix: string): string {
    let stable = this.ids.get(id);
    if (!stable) {
      let n = this.ids.size + 1;
      let suffix = '';
      for (let i = 0; i < 4; i++, n = Math.floor(n / 32)) suffix = CROCKFORD[n % 32] + suffix;
      stable = `${prefix}_01JD3Q8Z5X9V4N2M7K6H5G${suffix}`;
      this.ids.set(id, stable);
    }
    return stable;
  }

  private walk(value: unknown, text: (value: string, key: string | undefined) => string, key?: string): unknown {
    if (typeof value === 'string') return text(value, key);
    if (Array.isArray(value)) return value.map((item) => this.walk(item, text, key));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.walk(v, text, k)]));
    }
    return value;
  }
}

function collectStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(collectStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(collectStrings);
  return [];
}
