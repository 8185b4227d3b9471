/**
 * What changes from one capture to the next, pinned so that the committed examples only change when the API's
 * answers do: ids (by order of first appearance in the run), timestamps (by rank within one example), the
 * stack's random port, and the seconds left in a rate-limit window.
 */
const ID = /\b(scan|rtn|evt|key|whk|acct|dlv|req|upl|ctk|usr|ses)_[0-9A-HJKMNP-TV-Z]{26}\b/g;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The local stack's default address, which the examples show. */
export const EXAMPLE_BASE_URL = 'http://127.0.0.1:3000';
const FIRST_TIMESTAMP = Date.parse('2026-11-21T17:40:00.000Z');

export class Normaliser {
  private readonly ids = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  /** One example's value, normalised (ids keep their identity across the whole run). */
  example(value: unknown): unknown {
    const timestamps = [...new Set(collectStrings(value).filter((s) => TIMESTAMP.test(s)))].sort();
    const replaced = new Map(timestamps.map((t, i) => [t, new Date(FIRST_TIMESTAMP + i * 1_000).toISOString()]));
    return this.walk(value, (text, key) => {
      if (replaced.has(text)) return replaced.get(text)!;
      // Opaque cursors encode ids and may be signed: a stable stand-in of the same shape.
      if (key === 'next_cursor' || key === 'cursor') return 'eyJleGFtcGxlIjoiY3Vyc29yIn0';
      return text
        .split(this.baseUrl)
        .join(EXAMPLE_BASE_URL)
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
