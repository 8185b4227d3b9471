/**
 * Resolves a parsed item to a knowledge-base entry: exact canonical name, synonym, near-miss spelling, or unknown.
 * A near miss is never silent: it comes back as type "fuzzy" with a confidence and the suggested name.
 */
import { nearestKey } from './fuzzy';
import type { KbEntry, KnowledgeBase } from './knowledge-base';
import { lookupKey } from './normalise';
import type { ParsedItem } from './parse-label';
import type { Match } from './types';

export interface Resolution {
  entry: KbEntry | null;
  match: Match;
}

/** Confidence when the name matched only through a part (bracket contents or one side of a slash). */
const PART_CONFIDENCE = 0.9;
const FUZZY_CONFIDENCE_CAP = 0.95;

/**
 * @example
 * resolveItem(kb, parseLabel('Water (Aqua)').items[0]); // { entry: Aqua, match: { type: 'synonym', confidence: 1 } }
 * resolveItem(kb, parseLabel('Glycerni').items[0]);     // { entry: Glycerin, match: { type: 'fuzzy', confidence: 0.88, suggestion: 'Glycerin' } }
 */
export function resolveItem(kb: KnowledgeBase, item: ParsedItem): Resolution {
  for (const candidate of item.candidates) {
    const key = lookupKey(candidate.text);
    if (!key) continue;
    const hit = kb.index.get(key);
    if (hit) {
      return {
        entry: hit.entry,
        match: { type: hit.via === 'inci' ? 'exact' : 'synonym', confidence: candidate.whole ? 1 : PART_CONFIDENCE },
      };
    }
  }
  for (const candidate of item.candidates) {
    if (!candidate.whole) continue;
    const key = lookupKey(candidate.text);
    const near = nearestKey(kb, key);
    if (!near) continue;
    const suggestion = near.candidate.entry.inci;
    if (near.tied) return { entry: null, match: { type: 'unknown', confidence: 0, suggestion } };
    const confidence = Math.min(FUZZY_CONFIDENCE_CAP, Math.round((1 - near.distance / key.length) * 100) / 100);
    return { entry: near.candidate.entry, match: { type: 'fuzzy', confidence, suggestion } };
  }
  return { entry: null, match: { type: 'unknown', confidence: 0 } };
}
