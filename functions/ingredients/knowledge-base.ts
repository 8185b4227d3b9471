/**
 * The ingredient knowledge base: the project's curated JSON under ./data, validated once at load (zod) and indexed
 * by lookup key (canonical INCI names and synonyms). Invalid data throws KnowledgeBaseError at load, so a broken
 * deployment fails at start, not in the middle of a request.
 */
import { z } from 'zod';
import waterHumectants from './data/water-humectants.json' with { type: 'json' };
import emollients from './data/emollients-oils-butters.json' with { type: 'json' };
import emulsifiers from './data/emulsifiers-fatty-alcohols.json' with { type: 'json' };
import silicones from './data/silicones.json' with { type: 'json' };
import surfactants from './data/surfactants.json' with { type: 'json' };
import preservatives from './data/preservatives.json' with { type: 'json' };
import fragrance from './data/fragrance-allergens-essential-oils.json' with { type: 'json' };
import uvFilters from './data/uv-filters.json' with { type: 'json' };
import colourants from './data/colourants.json' with { type: 'json' };
import actives from './data/actives.json' with { type: 'json' };
import alcohols from './data/alcohols-solvents.json' with { type: 'json' };
import thickeners from './data/thickeners-film-formers.json' with { type: 'json' };
import plants from './data/plant-extracts.json' with { type: 'json' };
import others from './data/others.json' with { type: 'json' };
import sourcesFile from './data/sources.json' with { type: 'json' };
import conflictsFile from './data/conflicts.json' with { type: 'json' };
import { KnowledgeBaseError } from './errors';
import { letterCounts } from './fuzzy';
import { groupsOfEntry } from './groups';
import { lookupKey } from './normalise';
import {
  ACTIVE_CLASSES,
  FLAG_NAMES,
  MARKER_NAMES,
  SEVERITIES,
  type ActiveInfo,
  type Benefit,
  type Evidence,
  type Flags,
  type FreeOfTag,
  type Irritancy,
  type RatingRange,
  type SourceRef,
} from './types';

/** Function names (the CosIng vocabulary, snake_case). */
export const INGREDIENT_FUNCTIONS = [
  'solvent', 'humectant', 'skin_conditioning', 'emollient', 'occlusive', 'emulsifying', 'emulsion_stabilising',
  'cleansing', 'foaming', 'foam_boosting', 'surfactant', 'viscosity_controlling', 'film_forming', 'antioxidant',
  'chelating', 'buffering', 'ph_adjuster', 'preservative', 'antimicrobial', 'perfuming', 'masking', 'uv_absorber',
  'uv_filter', 'colorant', 'opacifying', 'bulking', 'absorbent', 'abrasive', 'exfoliating', 'keratolytic',
  'hair_conditioning', 'antistatic', 'smoothing', 'soothing', 'skin_protecting', 'tonic', 'astringent',
  'antiseborrhoeic', 'bleaching', 'binding', 'gel_forming', 'denaturant', 'refreshing', 'deodorant', 'plasticiser',
  'light_stabilizer', 'anticaking', 'slip_modifier', 'pearlescent', 'hydrotrope', 'antidandruff', 'oxidising',
  'reducing', 'refatting', 'hair_fixing', 'detangling', 'tanning', 'antiperspirant', 'oral_care',
  'nail_conditioning', 'antifoaming',
] as const;

/** Regulation (EU) 2023/1545: label the allergen above these concentrations. */
export const ALLERGEN_LABELLING_THRESHOLD_PERCENT = Object.freeze({ leave_on: 0.001, rinse_off: 0.01 });

const sourceId = z.string().min(1);
const sourceIds = z.array(sourceId).min(1);
const grade = z.number().min(0).max(5);
const ratingSchema = z
  .strictObject({ min: grade, max: grade, sources: sourceIds, note: z.string().optional() })
  .refine((r) => r.min <= r.max, 'min must not exceed max');
const irritancySchema = z.union([
  ratingSchema,
  z.strictObject({ level: z.enum(SEVERITIES), sources: sourceIds, note: z.string().optional() }),
]);
const flagSchema = z.strictObject({
  source: sourceId,
  note: z.string().optional(),
  annex_ref: z.string().optional(),
  limit: z.string().optional(),
  max_percent: z.number().positive().max(100).optional(),
});
const flagsSchema = z
  .strictObject(Object.fromEntries(FLAG_NAMES.map((f) => [f, flagSchema.optional()])) as Record<
    (typeof FLAG_NAMES)[number],
    z.ZodOptional<typeof flagSchema>
  >)
  .refine((f) => !f.eu_restricted || !!f.eu_restricted.limit, 'eu_restricted needs a limit');
const entrySchema = z.strictObject({
  inci: z.string().min(1),
  synonyms: z.array(z.string().min(1)).optional(),
  functions: z.array(z.enum(INGREDIENT_FUNCTIONS)).min(1),
  comedogenic: ratingSchema.optional(),
  irritancy: irritancySchema.optional(),
  flags: flagsSchema.optional(),
  benefits: z.array(z.strictObject({ marker: z.enum(MARKER_NAMES), source: sourceId })).optional(),
  active: z
    .strictObject({
      class: z.enum(ACTIVE_CLASSES),
      usual_concentration: z
        .strictObject({ min: z.number().nullable(), max: z.number().nullable(), unit: z.literal('%') })
        .nullable(),
      source: sourceId,
      dual_use: z.boolean().optional(),
    })
    .optional(),
  note: z.string().optional(),
});
const familySchema = z.strictObject({
  family: z.string().regex(/^[a-z_]+$/),
  title: z.string().min(1),
  defaults: z.strictObject({ sources: z.strictObject({ functions: sourceIds }) }),
  ingredients: z.array(entrySchema).min(1),
});
const sourcesSchema = z.strictObject({
  sources: z.record(
    z.string().regex(/^[a-z0-9_]+$/),
    z.strictObject({
      title: z.string().min(1),
      url: z.url().optional(),
      kind: z.enum(['regulation', 'database', 'primary', 'review', 'guideline', 'secondary', 'label']),
      checked: z.boolean(),
      note: z.string().optional(),
    }),
  ),
});
const sideSchema = z
  .strictObject({ classes: z.array(z.enum(ACTIVE_CLASSES)).optional(), inci: z.array(z.string()).optional() })
  .refine((s) => (s.classes?.length ?? 0) + (s.inci?.length ?? 0) > 0, 'a side needs classes or inci names');
const conflictsSchema = z.strictObject({
  rules: z.array(
    z.strictObject({
      id: z.string().regex(/^[a-z_]+$/),
      a: sideSchema,
      b: sideSchema,
      severity: z.enum(['avoid', 'caution']),
      evidence: z.enum(['strong', 'moderate', 'weak', 'extrapolated']),
      reason: z.string().min(1),
      advice: z.string().min(1),
      sources: sourceIds,
    }),
  ),
  non_conflicts: z.array(
    z.strictObject({ id: z.string().regex(/^[a-z_]+$/), a: sideSchema, b: sideSchema, note: z.string().min(1), sources: sourceIds }),
  ),
});

/** One curated ingredient, validated and frozen. */
export interface KbEntry {
  inci: string;
  synonyms: readonly string[];
  family: string;
  functions: readonly string[];
  comedogenic: RatingRange | null;
  irritancy: Irritancy | null;
  flags: Flags;
  benefits: readonly Benefit[];
  active: (ActiveInfo & { dual_use: boolean }) | null;
  note: string | null;
  /** Source ids per fact category. */
  sources: { functions: readonly string[] };
  /** Free-of tags this ingredient breaks. */
  groups: readonly FreeOfTag[];
  /** Highest EU concentration limit (%), when there is one. */
  max_percent: number | null;
  /** Every source id this entry's facts cite. */
  source_ids: readonly string[];
}

export interface RuleSide {
  classes: ReadonlySet<string>;
  inci: ReadonlySet<string>;
}

export interface ConflictRule {
  id: string;
  a: RuleSide;
  b: RuleSide;
  severity: 'avoid' | 'caution';
  evidence: Evidence;
  reason: string;
  advice: string;
  sources: readonly string[];
}

export interface NonConflictRule {
  id: string;
  a: RuleSide;
  b: RuleSide;
  note: string;
  sources: readonly string[];
}

export interface IndexHit {
  entry: KbEntry;
  via: 'inci' | 'synonym';
}

export interface FuzzyKey {
  key: string;
  entry: KbEntry;
  digits: string;
  counts: Uint8Array;
}

export interface KnowledgeBase {
  version: string;
  entries: readonly KbEntry[];
  families: readonly { family: string; title: string; count: number }[];
  sources: ReadonlyMap<string, SourceRef>;
  rules: readonly ConflictRule[];
  nonConflicts: readonly NonConflictRule[];
  /** Lookup key → entry, for canonical names and synonyms. */
  index: ReadonlyMap<string, IndexHit>;
  /** Lookup keys grouped by length, for near-miss matching. */
  fuzzyKeys: ReadonlyMap<number, readonly FuzzyKey[]>;
  byInci: ReadonlyMap<string, KbEntry>;
}

export interface RawKnowledgeBase {
  families: unknown[];
  sources: unknown;
  conflicts: unknown;
}

export const DEFAULT_DATA: RawKnowledgeBase = {
  families: [
    waterHumectants, emollients, emulsifiers, silicones, surfactants, preservatives, fragrance, uvFilters,
    colourants, actives, alcohols, thickeners, plants, others,
  ],
  sources: sourcesFile,
  conflicts: conflictsFile,
};

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

function issuesOf(where: string, error: z.ZodError): string[] {
  return error.issues.map((i) => `${where}${i.path.length ? '.' + i.path.join('.') : ''}: ${i.message}`);
}

/** FNV-1a over the data, so a response can say which knowledge base answered. */
function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * Validates curated data and builds the indexes. Throws KnowledgeBaseError listing every problem found.
 *
 * @example
 * const kb = loadKnowledgeBase(); // the data shipped under ./data
 * kb.index.get(lookupKey('Water'))?.entry.inci; // 'Aqua'
 */
export function loadKnowledgeBase(raw: RawKnowledgeBase = DEFAULT_DATA): KnowledgeBase {
  const problems: string[] = [];
  const sourcesParsed = sourcesSchema.safeParse(raw.sources);
  if (!sourcesParsed.success) problems.push(...issuesOf('sources.json', sourcesParsed.error));
  const sources = new Map<string, SourceRef>(Object.entries(sourcesParsed.success ? sourcesParsed.data.sources : {}));
  const needSource = (id: string, where: string) => {
    if (sourcesParsed.success && !sources.has(id)) problems.push(`${where}: unknown source id "${id}"`);
  };

  const entries: KbEntry[] = [];
  const families: { family: string; title: string; count: number }[] = [];
  raw.families.forEach((file, fi) => {
    const parsed = familySchema.safeParse(file);
    if (!parsed.success) {
      problems.push(...issuesOf(`family file #${fi}`, parsed.error));
      return;
    }
    const fam = parsed.data;
    families.push({ family: fam.family, title: fam.title, count: fam.ingredients.length });
    for (const id of fam.defaults.sources.functions) needSource(id, `${fam.family}.defaults`);
    for (const x of fam.ingredients) {
      const where = `${fam.family}/${x.inci}`;
      const flags: Flags = {};
      for (const name of FLAG_NAMES) {
        const f = x.flags?.[name];
        if (!f) continue;
        needSource(f.source, `${where}.flags.${name}`);
        const { max_percent: _omit, ...detail } = f;
        flags[name] = name === 'eu_fragrance_allergen' ? { ...detail, labelling_threshold_percent: ALLERGEN_LABELLING_THRESHOLD_PERCENT } : detail;
      }
      x.comedogenic?.sources.forEach((s) => needSource(s, `${where}.comedogenic`));
      x.irritancy?.sources.forEach((s) => needSource(s, `${where}.irritancy`));
      x.benefits?.forEach((b) => needSource(b.source, `${where}.benefits`));
      if (x.active) needSource(x.active.source, `${where}.active`);
      const benefits = [...new Map((x.benefits ?? []).map((b) => [b.marker, b])).values()];
      if (benefits.length !== (x.benefits ?? []).length) problems.push(`${where}: a marker is listed twice in benefits`);
      entries.push({
        inci: x.inci,
        synonyms: x.synonyms ?? [],
        family: fam.family,
        functions: x.functions,
        comedogenic: x.comedogenic ?? null,
        irritancy: x.irritancy ?? null,
        flags,
        benefits,
        active: x.active ? { class: x.active.class, usual_concentration: x.active.usual_concentration, source: x.active.source, dual_use: x.active.dual_use ?? false } : null,
        note: x.note ?? null,
        sources: { functions: fam.defaults.sources.functions },
        groups: groupsOfEntry(x.inci, fam.family, flags),
        max_percent: x.flags?.eu_restricted?.max_percent ?? null,
        source_ids: [
          ...new Set([
            ...fam.defaults.sources.functions,
            ...(x.comedogenic?.sources ?? []),
            ...(x.irritancy?.sources ?? []),
            ...Object.values(flags).map((f) => f!.source),
            ...benefits.map((b) => b.source),
            ...(x.active ? [x.active.source] : []),
          ]),
        ],
      });
    }
  });

  // One key → one entry. A synonym equal to its own entry's name is redundant, not a clash.
  const index = new Map<string, IndexHit>();
  const byInci = new Map<string, KbEntry>();
  for (const entry of entries) {
    if (byInci.has(entry.inci)) problems.push(`duplicate entry "${entry.inci}"`);
    byInci.set(entry.inci, entry);
  }
  const claim = (name: string, entry: KbEntry, via: 'inci' | 'synonym') => {
    const key = lookupKey(name);
    if (!key) {
      problems.push(`${entry.inci}: "${name}" has no letters or digits`);
      return;
    }
    const prior = index.get(key);
    if (prior && prior.entry !== entry) {
      problems.push(`"${name}" (${entry.inci}) clashes with "${prior.entry.inci}" (key ${key})`);
      return;
    }
    if (!prior || (prior.via === 'synonym' && via === 'inci')) index.set(key, { entry, via });
  };
  for (const entry of entries) claim(entry.inci, entry, 'inci');
  for (const entry of entries) for (const s of entry.synonyms) claim(s, entry, 'synonym');

  const fuzzyKeys = new Map<number, FuzzyKey[]>();
  for (const [key, hit] of index) {
    const list = fuzzyKeys.get(key.length) ?? [];
    list.push({ key, entry: hit.entry, digits: key.replace(/\D/g, ''), counts: letterCounts(key) });
    fuzzyKeys.set(key.length, list);
  }

  const rules: ConflictRule[] = [];
  const nonConflicts: NonConflictRule[] = [];
  const conflictsParsed = conflictsSchema.safeParse(raw.conflicts);
  if (!conflictsParsed.success) problems.push(...issuesOf('conflicts.json', conflictsParsed.error));
  else {
    const side = (s: z.infer<typeof sideSchema>, where: string): RuleSide => {
      for (const name of s.inci ?? []) if (!byInci.has(name)) problems.push(`${where}: unknown ingredient "${name}"`);
      return { classes: new Set(s.classes ?? []), inci: new Set(s.inci ?? []) };
    };
    for (const r of conflictsParsed.data.rules) {
      r.sources.forEach((s) => needSource(s, `conflicts/${r.id}`));
      rules.push({ ...r, a: side(r.a, `conflicts/${r.id}.a`), b: side(r.b, `conflicts/${r.id}.b`) });
    }
    for (const r of conflictsParsed.data.non_conflicts) {
      r.sources.forEach((s) => needSource(s, `non_conflicts/${r.id}`));
      nonConflicts.push({ ...r, a: side(r.a, `non_conflicts/${r.id}.a`), b: side(r.b, `non_conflicts/${r.id}.b`) });
    }
  }

  if (problems.length) throw new KnowledgeBaseError(problems);
  const version = `kb-${entries.length}-${fingerprint(JSON.stringify(raw))}`;
  return deepFreeze({ version, entries, families, sources, rules, nonConflicts, index, fuzzyKeys, byInci }) as KnowledgeBase;
}

let cached: KnowledgeBase | undefined;

/** The shipped knowledge base, validated on first use and then shared. */
export function getKnowledgeBase(): KnowledgeBase {
  cached ??= loadKnowledgeBase();
  return cached;
}
