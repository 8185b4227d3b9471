import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeIngredients, parseLabel } from '../../functions/ingredients/contract';
import { validateIngredientAnalysisRequest } from '../helpers/validate-request';
import { boundedDamerauLevenshtein } from '../../functions/ingredients/fuzzy';
import { normaliseColourIndex } from '../../functions/ingredients/normalise';

const MAX_BODY = 64 * 1024;

/** Pieces that exercise the parser: separators, brackets, markers, marks, percentages, look-alikes. */
const TOKENS = [
  ',', ';', '\n', '\r\n', ' • ', '·', ' - ', '|', '(', ')', '[', ']', '{', '}', '/', '.', '. ', ':', '*', '**', '°', '¹', '%', '10%',
  '0,5', '1,2-', 'Ingredients:', 'INCI:', 'Ingrédients :', 'May contain', '[+/-', '+/-', '(+/-)', '±', 'Peut contenir', 'nano',
  'CI77491', 'C1 77492', 'Aqua', 'Water', 'Glycerin', 'Retinol', 'Glycolic Acid', 'Benzoyl Peroxide', 'Ascorbic Acid', 'Niacinamide',
  'Parfum', 'Linalool', 'Аqua', 'Ρarfum', 'Glycerni', '*Organic', '99% of the total ingredients are from natural origin', ' ', '  ',
  '\t', '\u00a0', '\u200b', '😀', '水', 'ß', 'é', '\u0301', '\ud800',
];

const labelLike = fc.array(fc.oneof(fc.constantFrom(...TOKENS), fc.string({ maxLength: 12, unit: 'binary' })), { maxLength: 400 }).map((parts) => parts.join(''));
/** Big inputs built by repetition, up to the 64 KB body limit. */
const bigLabel = fc
  .tuple(fc.oneof(labelLike, fc.constantFrom('(', ')]', '0.', '\n', ' ', 'may contain ', '[+/-]', '*', 'a,', 'ab, ', '((a)', 'C1 ')), fc.integer({ min: 1, max: MAX_BODY }))
  .map(([unit, times]) => (unit.length ? unit.repeat(Math.ceil(times / unit.length)).slice(0, times) : unit));
const anyText = fc.oneof(fc.string({ maxLength: 300, unit: 'binary' }), labelLike, bigLabel);

function validateThenAnalyse(body: unknown): void {
  const result = validateIngredientAnalysisRequest(body);
  if (!result.success) {
    expect(result.errors.length).toBeGreaterThan(0);
    for (const e of result.errors) {
      expect(typeof e.param).toBe('string');
      expect(e.message.length).toBeGreaterThan(0);
    }
    return;
  }
  const analysis = analyzeIngredients(result.data);
  expect(analysis.ingredients.map((i) => i.position)).toStrictEqual(analysis.ingredients.map((_, i) => i + 1));
  expect(analysis.summary.count).toBe(analysis.ingredients.length);
  expect(() => JSON.stringify(analysis)).not.toThrow();
}

describe('fuzzing the request and the parser', () => {
  it('when any text up to 64 KB is sent as ingredients, then the schema rejects it cleanly or the analysis returns', () => {
    fc.assert(fc.property(anyText, (text) => validateThenAnalyse({ ingredients: text })), { numRuns: 150 });
  }, 120_000);

  it('when any array of strings or any products are sent, then the schema rejects cleanly or the analysis returns', () => {
    const arrayBody = fc.record({ ingredients: fc.array(fc.oneof(fc.constantFrom(...TOKENS), fc.string({ maxLength: 40 })), { maxLength: 320 }) });
    const productsBody = fc.record({
      ingredients: labelLike,
      markers: fc.array(fc.constantFrom('acne', 'Redness ', 'hydration', 'bogus', ''), { maxLength: 4 }),
      products: fc.array(fc.record({ name: fc.string({ maxLength: 10 }), ingredients: fc.oneof(labelLike, fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 })) }), { maxLength: 22 }),
    });
    fc.assert(fc.property(fc.oneof(arrayBody, productsBody), validateThenAnalyse), { numRuns: 150 });
  }, 120_000);

  it('when any JSON value is sent as the body, then validation never throws', () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }), (body) => {
      expect(() => validateIngredientAnalysisRequest(body)).not.toThrow();
    }), { numRuns: 300 });
  });

  it('when any text is parsed, then positions run 1..n and every item name has a letter or a digit', () => {
    fc.assert(fc.property(anyText, (text) => {
      const { items } = parseLabel(text);
      expect(items.map((i) => i.position)).toStrictEqual(items.map((_, i) => i + 1));
      for (const i of items) expect(/[\p{L}\p{N}]/u.test(i.name)).toBe(true);
    }), { numRuns: 150 });
  }, 120_000);
});

/** Plain ingredient-like names: letters, digits, spaces and inner hyphens; nothing the parser treats specially. */
const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,11}$/);
const itemName = fc
  .tuple(fc.array(word, { minLength: 1, maxLength: 4 }), fc.boolean())
  .map(([words, hyphenated]) => words.join(hyphenated ? '-' : ' '))
  .filter((name) => !/^(ingredients?|ingr[eé]dients?|inci)\b/i.test(name))
  .filter((name) => !/may contain|peut contenir|kann enthalten|puede contener|pode conter|contenere|bevatten|zawiera/i.test(name))
  .filter((name) => !/natural origin|organic farming|of the total|ingredients? (are|is)|certified organic/i.test(name));
const separator = fc.constantFrom(', ', ',', '; ', ';', '\n', ' • ', '·', ' | ', ' - ', ',\n');
const expectedName = (name: string) => normaliseColourIndex(name.replace(/\s+/g, ' ').trim());

describe('parsing never loses an item', () => {
  it('when plain names are joined with any separators, then each appears once, in order', () => {
    fc.assert(fc.property(fc.array(fc.tuple(itemName, separator), { minLength: 1, maxLength: 120 }), (pairs) => {
      const text = pairs.map(([name, sep], i) => (i === 0 ? name : sep + name)).join('');
      const parsed = parseLabel(text);
      expect(parsed.items.map((i) => i.name)).toStrictEqual(pairs.map(([name]) => expectedName(name)));
      expect(parsed.footnotes).toStrictEqual([]);
    }), { numRuns: 300 });
  });

  it('when names are wrapped in brackets, given percentages or footnote marks, then each still appears once', () => {
    const decorated = fc.tuple(itemName, fc.constantFrom('', ' (Aqua)', ' 5%', '*', ' [nano]', ' (Vitamin E, natural)')).map(([n, d]) => n + d);
    fc.assert(fc.property(fc.array(decorated, { minLength: 1, maxLength: 80 }), (names) => {
      const parsed = parseLabel(names.join(', '));
      // as_written is the text as written once whitespace and colour-index notation are normalised ("CI00000" → "CI 00000").
      expect(parsed.items.map((i) => i.as_written)).toStrictEqual(names.map((n) => normaliseColourIndex(n.replace(/\s+/g, ' ').trim())));
    }), { numRuns: 200 });
  });

  it('when an array of names is given, then each non-empty element is exactly one item', () => {
    fc.assert(fc.property(fc.array(fc.oneof(itemName, fc.constantFrom('', '  ', ' , ')), { maxLength: 100 }), (elements) => {
      const parsed = parseLabel(elements);
      const nonEmpty = elements.filter((e) => /[A-Za-z0-9]/.test(e));
      expect(parsed.items.map((i) => i.name)).toStrictEqual(nonEmpty.map(expectedName));
    }), { numRuns: 300 });
  });
});

describe('bounded Damerau-Levenshtein distance', () => {
  it('when two keys are compared, then the distance is symmetric, zero only for equal keys and a swap costs one', () => {
    const key = fc.stringMatching(/^[a-z0-9]{0,20}$/);
    fc.assert(fc.property(key, key, (a, b) => {
      const d = boundedDamerauLevenshtein(a, b, 3);
      expect(boundedDamerauLevenshtein(b, a, 3)).toBe(d);
      expect(d === 0).toBe(a === b);
      expect(d).toBeLessThanOrEqual(4);
    }), { numRuns: 500 });
    expect(boundedDamerauLevenshtein('glycerni', 'glycerin', 3)).toBe(1);
    expect(boundedDamerauLevenshtein('niacinamid', 'niacinamide', 3)).toBe(1);
    expect(boundedDamerauLevenshtein('abcdef', 'ghijkl', 2)).toBe(3);
  });
});
