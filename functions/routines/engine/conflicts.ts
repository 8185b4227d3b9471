/**
 * Conflict checks between planned actives, read from the ingredient knowledge base's conflict rules
 * (functions/ingredients/data/conflicts.json): the same rules the ingredient analysis applies, so a routine never
 * puts in one slot what POST /v1/ingredients/analyze would call a conflict.
 */
import { getKnowledgeBase, type KbEntry } from '../../ingredients/contract';
import type { ConflictRule, RuleSide } from '../../ingredients/contract';

function onSide(side: RuleSide, entry: KbEntry): boolean {
  return (entry.active !== null && side.classes.has(entry.active.class)) || side.inci.has(entry.inci);
}

/** The knowledge-base entry of a canonical INCI name, or null. */
export function kbEntry(inci: string): KbEntry | null {
  return getKnowledgeBase().byInci.get(inci) ?? null;
}

/** Conflict rules that two ingredients (canonical INCI names) trigger together, in either order. */
export function conflictRulesBetween(a: string, b: string): ConflictRule[] {
  const ea = kbEntry(a);
  const eb = kbEntry(b);
  if (!ea || !eb) return [];
  return getKnowledgeBase().rules.filter((r) => (onSide(r.a, ea) && onSide(r.b, eb)) || (onSide(r.a, eb) && onSide(r.b, ea)));
}

/** Conflict rules that `candidate` triggers with any of `others`. */
export function conflictRulesWith(candidate: string, others: readonly string[]): { with: string; rule: ConflictRule }[] {
  const out: { with: string; rule: ConflictRule }[] = [];
  for (const other of others) for (const rule of conflictRulesBetween(candidate, other)) out.push({ with: other, rule });
  return out;
}
