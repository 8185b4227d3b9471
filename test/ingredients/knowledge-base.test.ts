import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA, getKnowledgeBase, INGREDIENT_FUNCTIONS, loadKnowledgeBase } from '../../functions/ingredients/knowledge-base';
import { KnowledgeBaseError } from '../../functions/ingredients/errors';
import { lookupKey } from '../../functions/ingredients/normalise';
import { ACTIVE_CLASSES, FLAG_NAMES, MARKER_NAMES } from '../../functions/ingredients/types';

const kb = getKnowledgeBase();

/** A deep copy of the shipped data with one family file changed. */
function withFamily(index: number, change: (family: { ingredients: Record<string, unknown>[] }) => void) {
  const families = structuredClone(DEFAULT_DATA.families) as { ingredients: Record<string, unknown>[] }[];
  change(families[index]);
  return { ...DEFAULT_DATA, families };
}

function problemsOf(load: () => unknown): string[] {
  try {
    load();
  } catch (error) {
    if (error instanceof KnowledgeBaseError) return error.problems;
    throw error;
  }
  return [];
}

describe('knowledge base data', () => {
  it('when the shipped data is loaded, then it validates and holds at least 500 ingredients across the families', () => {
    expect(kb.entries.length).toBeGreaterThanOrEqual(500);
    expect(kb.families.map((f) => f.family)).toStrictEqual([
      'water_humectants', 'emollients_oils_butters', 'emulsifiers_fatty_alcohols', 'silicones', 'surfactants', 'preservatives',
      'fragrance_allergens_essential_oils', 'uv_filters', 'colourants', 'actives', 'alcohols_solvents', 'thickeners_film_formers',
      'plant_extracts', 'others',
    ]);
    expect(kb.version).toMatch(/^kb-\d+-[0-9a-f]{8}$/);
  });

  it('when every entry is checked, then it is well-formed: functions from the vocabulary, ratings 0-5 with min <= max, known flags, markers and classes', () => {
    for (const e of kb.entries) {
      expect(e.inci.trim()).toBe(e.inci);
      expect(e.functions.length).toBeGreaterThan(0);
      for (const f of e.functions) expect(INGREDIENT_FUNCTIONS).toContain(f);
      for (const r of [e.comedogenic, e.irritancy && 'min' in e.irritancy ? e.irritancy : null]) {
        if (!r) continue;
        expect(r.min).toBeGreaterThanOrEqual(0);
        expect(r.max).toBeLessThanOrEqual(5);
        expect(r.min).toBeLessThanOrEqual(r.max);
        expect(r.sources.length).toBeGreaterThan(0);
      }
      for (const flag of Object.keys(e.flags)) expect(FLAG_NAMES).toContain(flag);
      for (const b of e.benefits) expect(MARKER_NAMES).toContain(b.marker);
      if (e.active) expect(ACTIVE_CLASSES).toContain(e.active.class);
      if (e.flags.eu_restricted) expect(e.flags.eu_restricted.limit).toBeTruthy();
    }
  });

  it('when every name and synonym is looked up, then it resolves to exactly the entry that lists it', () => {
    const owners = new Map<string, Set<string>>();
    for (const e of kb.entries) {
      for (const name of [e.inci, ...e.synonyms]) {
        const key = lookupKey(name);
        owners.set(key, (owners.get(key) ?? new Set()).add(e.inci));
      }
    }
    const shared = [...owners].filter(([, who]) => who.size > 1);
    expect(shared).toStrictEqual([]);
    for (const e of kb.entries) for (const name of [e.inci, ...e.synonyms]) expect(kb.index.get(lookupKey(name))?.entry.inci).toBe(e.inci);
  });

  it('when every source id is collected from entries and conflict rules, then each exists in sources.json with a title', () => {
    const used = new Set<string>();
    for (const e of kb.entries) e.source_ids.forEach((s) => used.add(s));
    for (const r of [...kb.rules, ...kb.nonConflicts]) r.sources.forEach((s) => used.add(s));
    for (const id of used) expect(kb.sources.get(id)?.title, id).toBeTruthy();
    expect([...kb.sources.keys()].filter((id) => !used.has(id))).toStrictEqual([]);
  });

  it('when the EU fragrance allergens are listed, then the 2023/1545 substances and key essential oils are flagged and the banned ones are not', () => {
    const allergens = new Set(kb.entries.filter((e) => e.flags.eu_fragrance_allergen).map((e) => e.inci));
    for (const name of ['Linalool', 'Limonene', 'Citral', 'Geraniol', 'Coumarin', 'Eugenol', 'Benzyl Alcohol', 'Menthol', 'Vanillin', 'Camphor', 'Linalyl Acetate', 'Lavandula Angustifolia Oil', 'Citrus Limon Peel Oil', 'Mentha Piperita Oil']) {
      expect(allergens.has(name), name).toBe(true);
    }
    expect(allergens.size).toBeGreaterThanOrEqual(70);
    expect(allergens.has('Butylphenyl Methylpropional')).toBe(false);
    expect(kb.byInci.get('Butylphenyl Methylpropional')?.flags.eu_banned?.source).toBe('eu_2021_1902');
  });

  it('when the comedogenic ratings are checked, then only entries with a recorded source carry one and the rest are null', () => {
    const rated = kb.entries.filter((e) => e.comedogenic);
    expect(rated.length).toBeGreaterThan(60);
    expect(kb.byInci.get('Aqua')?.comedogenic).toBeNull();
    expect(kb.byInci.get('Niacinamide')?.comedogenic).toBeNull();
    expect(kb.byInci.get('Lauric Acid')?.comedogenic).toStrictEqual({ min: 3, max: 4, sources: ['fulton_1989'] });
  });

  it('when an entry is used in a conflict rule by name, then the name exists', () => {
    for (const r of [...kb.rules, ...kb.nonConflicts]) for (const name of [...r.a.inci, ...r.b.inci]) expect(kb.byInci.has(name), name).toBe(true);
  });

  it('when a synonym clashes with another entry, then loading fails naming both', () => {
    const data = withFamily(0, (f) => {
      f.ingredients[1] = { ...f.ingredients[1], synonyms: ['Water'] };
    });

    expect(problemsOf(() => loadKnowledgeBase(data))).toStrictEqual(['"Water" (Glycerin) clashes with "Aqua" (key water)']);
  });

  it('when a fact cites an unknown source, then loading fails naming the fact', () => {
    const data = withFamily(0, (f) => {
      f.ingredients[1] = { ...f.ingredients[1], comedogenic: { min: 0, max: 0, sources: ['nowhere_2030'] } };
    });

    expect(problemsOf(() => loadKnowledgeBase(data))).toStrictEqual(['water_humectants/Glycerin.comedogenic: unknown source id "nowhere_2030"']);
  });

  it('when an entry is malformed, then loading fails with the path of the problem', () => {
    const data = withFamily(0, (f) => {
      f.ingredients[0] = { inci: 'Aqua', functions: ['magic'], comedogenic: { min: 3, max: 1, sources: ['cosing'] } };
    });

    const problems = problemsOf(() => loadKnowledgeBase(data));
    expect(problems.some((p) => p.startsWith('family file #0.ingredients.0.functions.0'))).toBe(true);
    expect(problems.some((p) => p.includes('min must not exceed max'))).toBe(true);
  });

  it('when the knowledge base is loaded, then its entries are frozen', () => {
    expect(Object.isFrozen(kb.entries[0])).toBe(true);
    expect(Object.isFrozen(kb.entries[0].flags)).toBe(true);
  });
});
