/**
 * Near-miss matching of ingredient names: optimal-string-alignment Damerau-Levenshtein distance (insertions,
 * deletions, substitutions and swaps of adjacent letters) over lookup keys, with a band cut-off.
 */
import type { FuzzyKey, KnowledgeBase } from './knowledge-base';

/** Largest distance accepted for a key of this length; short keys are never matched fuzzily. */
export function maxDistance(length: number): number {
  if (length < 5) return 0;
  if (length <= 8) return 1;
  if (length <= 15) return 2;
  return 3;
}

/**
 * Distance between a and b when it is at most `limit`, else limit + 1.
 *
 * @example
 * boundedDamerauLevenshtein('glycerni', 'glycerin', 2); // 1 (a swap)
 */
export function boundedDamerauLevenshtein(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const n = a.length;
  const m = b.length;
  let prevPrev = new Array<number>(m + 1).fill(0);
  let prev = new Array<number>(m + 1);
  let cur = new Array<number>(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) v = Math.min(v, prevPrev[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    [prevPrev, prev, cur] = [prev, cur, prevPrev];
  }
  return prev[m] <= limit ? prev[m] : limit + 1;
}

/** Occurrences of a-z and 0-9 in a lookup key. */
export function letterCounts(key: string): Uint8Array {
  const counts = new Uint8Array(36);
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    const slot = c >= 97 ? c - 97 : c - 48 + 26;
    if (slot >= 0 && slot < 36 && counts[slot] < 255) counts[slot]++;
  }
  return counts;
}

function countDistance(a: Uint8Array, b: Uint8Array): number {
  let d = 0;
  for (let i = 0; i < 36; i++) d += a[i] > b[i] ? a[i] - b[i] : b[i] - a[i];
  return d;
}

export interface FuzzyHit {
  candidate: FuzzyKey;
  distance: number;
  /** Another entry at the same distance: the match is ambiguous. */
  tied: boolean;
}

/**
 * The closest key within the allowed distance. Numbers must agree exactly ("Ceteareth-30" never matches
 * "Ceteareth-20"), and a different first letter costs the match unless the distance is 1.
 */
export function nearestKey(kb: KnowledgeBase, key: string): FuzzyHit | null {
  const limit = maxDistance(key.length);
  if (limit === 0 || key.length > 80) return null;
  const digits = key.replace(/\D/g, '');
  const counts = letterCounts(key);
  let best: FuzzyHit | null = null;
  for (let len = key.length - limit; len <= key.length + limit; len++) {
    for (const candidate of kb.fuzzyKeys.get(len) ?? []) {
      if (candidate.digits !== digits) continue;
      const bound = best ? Math.min(limit, best.distance) : limit;
      // Each edit changes the letter counts by at most 2: a cheap lower bound that skips most keys.
      if (countDistance(counts, candidate.counts) > 2 * bound) continue;
      const d = boundedDamerauLevenshtein(key, candidate.key, candidate.key[0] === key[0] ? bound : Math.min(bound, 1));
      if (d > bound) continue;
      if (d > 1 && candidate.key[0] !== key[0]) continue;
      if (!best || d < best.distance) best = { candidate, distance: d, tied: false };
      else if (d === best.distance && candidate.entry !== best.candidate.entry) best.tied = true;
    }
  }
  return best;
}
