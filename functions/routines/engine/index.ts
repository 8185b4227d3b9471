/**
 * The routine engine: marker results + profile (+ optional products) → AM, PM and weekly steps. Pure, synchronous,
 * deterministic; the HTTP layer validates the body (../request-schema.ts), resolves a scan_id to marker results and
 * calls `generateRoutine`.
 */
import { getKnowledgeBase } from '../../ingredients/contract';
import { buildPlan, type PlannedStep } from './plan';
import { chooseProducts } from './products';
import { ROUTINE_SOURCES, RULES } from './rules';
import type { AppliedRule, RoutineInput, RoutinePlan, SourceSummary, Step } from './types';

export * from './types';
export { ACTIVE_OPTIONS, CONCERN_CANDIDATES, ROUTINE_SOURCES, RULES } from './rules';
export { guessCategory } from './products';

function resolveSource(id: string): SourceSummary | null {
  const own = ROUTINE_SOURCES[id];
  if (own) return { title: own.title, url: own.url };
  const kb = getKnowledgeBase().sources.get(id);
  return kb ? { title: kb.title, url: kb.url ?? null } : null;
}

/**
 * Generates a routine.
 *
 * @example
 * const plan = generateRoutine({
 *   markers: { acne: { score: 28, severity: 'high' }, hydration: { score: 55, severity: 'moderate' } },
 *   profile: { skin_type: 'combination', preferences: { fragrance_free: true } },
 * });
 * plan.am.map((s) => s.step); // ['cleanse', 'treat', 'moisturise', 'protect'] (benzoyl peroxide in the morning)
 * plan.am.at(-1)?.step;       // 'protect', always
 */
export function generateRoutine(input: RoutineInput): RoutinePlan {
  const plan = buildPlan(input);
  if (input.products?.length) chooseProducts(plan, input, input.products);
  const steps = (xs: readonly PlannedStep[]): Step[] => xs.map((x) => x.step);
  const am = steps(plan.am);
  const pm = steps(plan.pm);
  const weekly = steps(plan.weekly);

  const rules: AppliedRule[] = (Object.keys(RULES) as (keyof typeof RULES)[])
    .filter((id) => plan.applied.has(id))
    .map((id) => ({ id, rule: RULES[id].rule, sources: [...RULES[id].sources] }));
  const ids = new Set<string>();
  for (const s of [...am, ...pm, ...weekly]) for (const k of s.key_ingredients) ids.add(k.source);
  for (const r of rules) for (const id of r.sources) ids.add(id);
  const sources: Record<string, SourceSummary> = {};
  for (const id of [...ids].sort()) {
    const ref = resolveSource(id);
    if (ref) sources[id] = ref;
  }
  return { am, pm, weekly, warnings: plan.warnings, notes: plan.notes, introduction: plan.introduction, rules_applied: rules, sources };
}
