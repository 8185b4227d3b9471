/**
 * The pure core of POST /v1/ingredients/analyze: parse each list, resolve items against the knowledge base, then
 * summarise actives, conflicts, suitability per marker and "free of" tags. Synchronous and side-effect free.
 */
import { groupsOfName } from './groups';
import { getKnowledgeBase, type ConflictRule, type KbEntry, type KnowledgeBase, type NonConflictRule, type RuleSide } from './knowledge-base';
import { resolveItem } from './match';
import { parseLabel, type ParsedItem } from './parse-label';
import type { IngredientAnalysisRequest } from './request-schema';
import {
  FREE_OF_TAGS,
  MARKER_NAMES,
  type ActiveClass,
  type ActiveFound,
  type AnalysedIngredient,
  type AnalysisContext,
  type Conflict,
  type FreeOfTag,
  type IngredientAnalysis,
  type ListAnalysis,
  type MarkerName,
  type MarkerSuitability,
  type NonConflict,
  type ProductConflict,
  type ProductRef,
  type Severity,
  type SourceRef,
  type SuitabilityReason,
} from './types';

interface Resolved {
  item: ParsedItem;
  entry: KbEntry | null;
  out: AnalysedIngredient;
}

const IRRITATING_ACTIVES: ReadonlySet<ActiveClass> = new Set(['retinoid', 'aha', 'bha', 'benzoyl_peroxide']);
const SEVERITY_RANK: Record<Severity, number> = { high: 0, moderate: 1, low: 2 };
/** A drying alcohol matters when it is a main ingredient. */
const DRYING_ALCOHOL_TOP_POSITIONS = 5;
const DRYING_ALCOHOL_PERCENT = 5;

/** Ingredients listed in (almost) alphabetical order: the label is not by descending concentration. */
function looksAlphabetical(items: readonly ParsedItem[]): boolean {
  if (items.length < 8) return false;
  let ordered = 0;
  for (let i = 1; i < items.length; i++) if (items[i - 1].name.toLowerCase() <= items[i].name.toLowerCase()) ordered++;
  return ordered / (items.length - 1) >= 0.9;
}

/**
 * Labels list ingredients above 1% in descending order, then the rest in any order. Everything after an ingredient
 * whose EU limit is 1% or less is therefore itself at most 1%. Returns the index of that first capped ingredient.
 */
function onePercentLine(resolved: readonly Resolved[]): number {
  const main = resolved.filter((r) => !r.item.optional_colourant);
  if (looksAlphabetical(main.map((r) => r.item))) return -1;
  for (const r of main) if (r.entry?.max_percent != null && r.entry.max_percent <= 1) return r.item.position;
  return -1;
}

function activeLevelLikely(entry: KbEntry | null, item: ParsedItem, atMostOnePercent: boolean): boolean | null {
  if (!entry?.active) return null;
  const min = entry.active.usual_concentration?.min ?? null;
  if (item.percentage !== null && min !== null) return item.percentage >= min;
  if (atMostOnePercent && min !== null && min > 1) return false;
  return entry.active.dual_use ? null : true;
}

function toOutput(item: ParsedItem, entry: KbEntry | null, match: AnalysedIngredient['match'], footnote: string | null): AnalysedIngredient {
  return {
    position: item.position,
    as_written: item.as_written,
    name: entry?.inci ?? null,
    match,
    family: entry?.family ?? null,
    functions: entry ? [...entry.functions] : [],
    comedogenic: entry?.comedogenic ?? null,
    irritancy: entry?.irritancy ?? null,
    flags: entry?.flags ?? {},
    benefits: entry ? [...entry.benefits] : [],
    active: entry?.active ? { class: entry.active.class, usual_concentration: entry.active.usual_concentration, source: entry.active.source } : null,
    active_level_likely: null,
    optional_colourant: item.optional_colourant,
    percentage: item.percentage,
    nano: item.nano,
    at_most_one_percent: false,
    footnote,
  };
}

function resolveList(kb: KnowledgeBase, input: string | readonly string[]): { resolved: Resolved[]; footnotes: string[] } {
  const parsed = parseLabel(input);
  const notes = new Map(parsed.footnotes.filter((f) => f.mark).map((f) => [f.mark as string, f.text]));
  const resolved = parsed.items.map((item) => {
    const { entry, match } = resolveItem(kb, item);
    const footnote = item.footnote_mark ? (notes.get(item.footnote_mark) ?? null) : null;
    return { item, entry, out: toOutput(item, entry, match, footnote) };
  });
  const line = onePercentLine(resolved);
  for (const r of resolved) {
    r.out.at_most_one_percent = line > 0 && r.item.position > line && !r.item.optional_colourant;
    r.out.active_level_likely = activeLevelLikely(r.entry, r.item, r.out.at_most_one_percent);
  }
  return { resolved, footnotes: parsed.footnotes.map((f) => (f.mark ? `${f.mark} ${f.text}` : f.text)) };
}

/** Items on one side of a rule that are present at a plausible active level. */
function sideItems(side: RuleSide, resolved: readonly Resolved[]): Resolved[] {
  return resolved.filter(
    (r) =>
      r.entry !== null &&
      r.out.active_level_likely !== false &&
      ((r.entry.active !== null && side.classes.has(r.entry.active.class)) || side.inci.has(r.entry.inci)),
  );
}

const names = (rs: readonly Resolved[]) => [...new Set(rs.map((r) => r.entry!.inci))];

function listConflicts(kb: KnowledgeBase, resolved: readonly Resolved[]): { conflicts: Conflict[]; nonConflicts: NonConflict[] } {
  const conflicts: Conflict[] = [];
  for (const rule of kb.rules) {
    const a = sideItems(rule.a, resolved);
    const b = sideItems(rule.b, resolved);
    if (a.length && b.length) conflicts.push(conflictOf(rule, [names(a), names(b)]));
  }
  const nonConflicts: NonConflict[] = [];
  for (const rule of kb.nonConflicts) {
    const a = sideItems(rule.a, resolved);
    const b = sideItems(rule.b, resolved);
    if (a.length && b.length) nonConflicts.push(nonConflictOf(rule, [names(a), names(b)]));
  }
  return { conflicts, nonConflicts };
}

function conflictOf(rule: ConflictRule, between: [string[], string[]]): Conflict {
  return { id: rule.id, severity: rule.severity, evidence: rule.evidence, between, reason: rule.reason, advice: rule.advice, sources: [...rule.sources] };
}

function nonConflictOf(rule: NonConflictRule, between: [string[], string[]]): NonConflict {
  return { id: rule.id, between, note: rule.note, sources: [...rule.sources] };
}

function listActives(resolved: readonly Resolved[]): ActiveFound[] {
  const byClass = new Map<ActiveClass, ActiveFound>();
  for (const r of resolved) {
    const active = r.entry?.active;
    if (!active) continue;
    const found = byClass.get(active.class) ?? { class: active.class, ingredients: [], usual_concentration: active.usual_concentration };
    found.ingredients.push({ name: r.entry!.inci, position: r.item.position, percentage: r.item.percentage, active_level_likely: r.out.active_level_likely });
    byClass.set(active.class, found);
  }
  return [...byClass.values()];
}

function reasonOf(r: Resolved, text: string, sources: readonly string[]): SuitabilityReason {
  return {
    ingredient: r.entry!.inci,
    position: r.item.position,
    reason: r.item.optional_colourant ? `${text} (in the "may contain" list)` : text,
    sources: [...new Set(sources)],
  };
}

function worseningReasons(marker: MarkerName, r: Resolved): SuitabilityReason[] {
  const e = r.entry!;
  const out: SuitabilityReason[] = [];
  const high = r.item.position <= DRYING_ALCOHOL_TOP_POSITIONS || (r.item.percentage ?? 0) >= DRYING_ALCOHOL_PERCENT;
  if ((marker === 'acne' || marker === 'pores') && e.comedogenic && e.comedogenic.max >= 3) {
    const grade = e.comedogenic.min === e.comedogenic.max ? `${e.comedogenic.max}` : `${e.comedogenic.min}-${e.comedogenic.max}`;
    out.push(reasonOf(r, `comedogenic grade ${grade} of 5`, e.comedogenic.sources));
  }
  if (marker === 'redness') {
    if (e.flags.eu_fragrance_allergen) out.push(reasonOf(r, 'EU-listed fragrance allergen (can sensitise)', [e.flags.eu_fragrance_allergen.source]));
    else if (e.groups.includes('fragrance')) out.push(reasonOf(r, 'fragrance (can sensitise)', ['eu_2023_1545']));
    const irr = e.irritancy;
    if (irr && ('level' in irr ? irr.level === 'high' : irr.max >= 3)) out.push(reasonOf(r, 'irritant', irr.sources));
    else if (e.active && IRRITATING_ACTIVES.has(e.active.class) && r.out.active_level_likely !== false)
      out.push(reasonOf(r, `${e.active.class.replace(/_/g, ' ')} can irritate, especially at first`, irr?.sources ?? [e.active.source]));
  }
  if ((marker === 'redness' || marker === 'hydration') && e.flags.drying_alcohol && high)
    out.push(reasonOf(r, 'drying alcohol high on the list', [e.flags.drying_alcohol.source]));
  if (marker === 'hydration' && e.irritancy && 'level' in e.irritancy && e.irritancy.level === 'high' && e.functions.includes('cleansing'))
    out.push(reasonOf(r, 'harsh cleansing surfactant (strips the skin barrier)', e.irritancy.sources));
  return out;
}

function chooseMarkers(requested: readonly MarkerName[] | undefined, severities: AnalysisContext['markerSeverities']): MarkerName[] {
  if (requested?.length) return [...requested];
  const fromScan = MARKER_NAMES.filter((m) => severities?.[m] !== undefined);
  return fromScan.length ? fromScan : [...MARKER_NAMES];
}

function suitability(resolved: readonly Resolved[], markers: readonly MarkerName[], severities: AnalysisContext['markerSeverities']): MarkerSuitability[] {
  const rows = markers.map((marker, order) => {
    const helps: SuitabilityReason[] = [];
    const mayWorsen: SuitabilityReason[] = [];
    for (const r of resolved) {
      if (!r.entry) continue;
      const benefit = r.entry.benefits.find((b) => b.marker === marker);
      // A shade colour that may not be in the tube is no reason to call the product helpful.
      if (benefit && r.out.active_level_likely !== false && !r.item.optional_colourant) {
        const at = r.item.percentage !== null ? ` at ${r.item.percentage}%` : '';
        helps.push(reasonOf(r, `evidence of benefit for ${marker.replace(/_/g, ' ')}${at}`, [benefit.source]));
      }
      mayWorsen.push(...worseningReasons(marker, r));
    }
    const verdict = helps.length && mayWorsen.length ? 'mixed' : helps.length ? 'helps' : mayWorsen.length ? 'may_worsen' : 'neutral';
    return { marker, severity: severities?.[marker] ?? null, order, verdict, helps, may_worsen: mayWorsen } as const;
  });
  rows.sort((x, y) => (x.severity ? SEVERITY_RANK[x.severity] : 3) - (y.severity ? SEVERITY_RANK[y.severity] : 3) || x.order - y.order);
  return rows.map(({ order: _order, ...row }, i) => ({ ...row, priority: i + 1 }));
}

function freeOf(resolved: readonly Resolved[]): FreeOfTag[] {
  const present = new Set<FreeOfTag>();
  for (const r of resolved) for (const tag of r.entry ? r.entry.groups : groupsOfName(r.item.name)) present.add(tag);
  return FREE_OF_TAGS.filter((t) => !present.has(t));
}

function analyseList(kb: KnowledgeBase, input: string | readonly string[], markers: readonly MarkerName[], severities: AnalysisContext['markerSeverities']): { analysis: ListAnalysis; resolved: Resolved[] } {
  const { resolved, footnotes } = resolveList(kb, input);
  const { conflicts, nonConflicts } = listConflicts(kb, resolved);
  const ingredients = resolved.map((r) => r.out);
  const flagged = (flag: 'eu_fragrance_allergen' | 'eu_banned') => [...new Set(resolved.filter((r) => r.entry?.flags[flag]).map((r) => r.entry!.inci))];
  const analysis: ListAnalysis = {
    ingredients,
    footnotes,
    summary: {
      count: ingredients.length,
      recognised: ingredients.filter((i) => i.match.type === 'exact' || i.match.type === 'synonym').length,
      fuzzy: ingredients.filter((i) => i.match.type === 'fuzzy').length,
      unknown: ingredients.filter((i) => i.match.type === 'unknown').length,
      optional_colourants: ingredients.filter((i) => i.optional_colourant).length,
      eu_fragrance_allergens: flagged('eu_fragrance_allergen'),
      eu_banned: flagged('eu_banned'),
    },
    actives: listActives(resolved),
    conflicts,
    non_conflicts: nonConflicts,
    suitability: suitability(resolved, markers, severities),
    free_of: freeOf(resolved),
  };
  return { analysis, resolved };
}

function crossConflicts(kb: KnowledgeBase, lists: readonly { ref: ProductRef; resolved: readonly Resolved[] }[]): ProductConflict[] {
  const out: ProductConflict[] = [];
  for (let i = 0; i < lists.length; i++) {
    for (let j = i + 1; j < lists.length; j++) {
      for (const rule of kb.rules) {
        const aI = sideItems(rule.a, lists[i].resolved);
        const bJ = sideItems(rule.b, lists[j].resolved);
        if (aI.length && bJ.length) {
          out.push({ ...conflictOf(rule, [names(aI), names(bJ)]), products: [lists[i].ref, lists[j].ref] });
          continue;
        }
        const aJ = sideItems(rule.a, lists[j].resolved);
        const bI = sideItems(rule.b, lists[i].resolved);
        if (aJ.length && bI.length) out.push({ ...conflictOf(rule, [names(aJ), names(bI)]), products: [lists[j].ref, lists[i].ref] });
      }
    }
  }
  return out;
}

function collectSources(
  kb: KnowledgeBase,
  lists: readonly { analysis: ListAnalysis; resolved: readonly Resolved[] }[],
  productConflicts: readonly ProductConflict[],
): Record<string, SourceRef> {
  const ids = new Set<string>();
  for (const { analysis, resolved } of lists) {
    for (const r of resolved) if (r.entry) for (const id of r.entry.source_ids) ids.add(id);
    for (const c of analysis.conflicts) for (const id of c.sources) ids.add(id);
    for (const c of analysis.non_conflicts) for (const id of c.sources) ids.add(id);
    for (const m of analysis.suitability) for (const r of m.may_worsen) for (const id of r.sources) ids.add(id);
  }
  for (const c of productConflicts) for (const id of c.sources) ids.add(id);
  const out: Record<string, SourceRef> = {};
  for (const id of [...ids].sort()) {
    const ref = kb.sources.get(id);
    if (ref) out[id] = ref;
  }
  return out;
}

/**
 * Analyses an ingredient list and, optionally, a set of products for clashes between them.
 * Expects a request that passed `ingredientAnalysisRequestSchema`; never throws for any such request.
 *
 * @example
 * analyzeIngredients({ ingredients: 'Aqua, Glycerin, Retinol, Glycolic Acid', markers: ['acne'] });
 * // conflicts: [{ id: 'retinoid_with_aha', between: [['Retinol'], ['Glycolic Acid']], ... }]
 * analyzeIngredients({ ingredients: 'Aqua, Niacinamide' }, { markerSeverities: { pigmentation: 'high' } });
 * // suitability: [{ marker: 'pigmentation', severity: 'high', priority: 1, verdict: 'helps', ... }]
 */
export function analyzeIngredients(req: IngredientAnalysisRequest, ctx: AnalysisContext = {}): IngredientAnalysis {
  const kb = getKnowledgeBase();
  const severities = ctx.markerSeverities;
  const markers = chooseMarkers(req.markers, severities);
  const main = analyseList(kb, req.ingredients, markers, severities);
  const products = (req.products ?? []).map((p, index) => ({ index, name: p.name, ...analyseList(kb, p.ingredients, markers, severities) }));
  const productConflicts = products.length
    ? crossConflicts(kb, [
        { ref: { index: null, name: 'ingredients' }, resolved: main.resolved },
        ...products.map((p) => ({ ref: { index: p.index, name: p.name }, resolved: p.resolved })),
      ])
    : [];
  const productAnalyses = products.map((p) => ({ index: p.index, name: p.name, ...p.analysis }));
  return {
    ...main.analysis,
    products: productAnalyses,
    product_conflicts: productConflicts,
    sources: collectSources(kb, [main, ...products], productConflicts),
    knowledge_base: { version: kb.version, entries: kb.entries.length },
  };
}
