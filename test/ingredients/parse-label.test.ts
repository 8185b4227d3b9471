import { describe, expect, it } from 'vitest';
import { parseLabel } from '../../functions/ingredients/parse-label';

const names = (input: string | string[]) => parseLabel(input).items.map((i) => i.name);

describe('parseLabel', () => {
  it('when items are separated by commas, semicolons, line breaks and bullets, then each is one item', () => {
    expect(names('Aqua, Glycerin; Niacinamide\nPanthenol • Allantoin · Squalane | Urea')).toStrictEqual([
      'Aqua', 'Glycerin', 'Niacinamide', 'Panthenol', 'Allantoin', 'Squalane', 'Urea',
    ]);
  });

  it('when a list uses dash bullets and numbered lines, then the bullets and numbers are dropped', () => {
    expect(names('- Aqua\n- Glycerin\n1. Squalane\n2) Tocopherol')).toStrictEqual(['Aqua', 'Glycerin', 'Squalane', 'Tocopherol']);
  });

  it('when a comma sits inside parentheses or between digits, then it does not split the item', () => {
    expect(names('Tocopherol (Vitamin E, natural), 1,2-Hexanediol, Retinol 0,5%')).toStrictEqual([
      'Tocopherol (Vitamin E, natural)', '1,2-Hexanediol', 'Retinol',
    ]);
  });

  it('when the label starts with "Ingredients:", "INCI:" or "Ingrédients :", then the header is not an item', () => {
    expect(names('Ingredients: Aqua, Glycerin')).toStrictEqual(['Aqua', 'Glycerin']);
    expect(names('INCI: Aqua, Glycerin')).toStrictEqual(['Aqua', 'Glycerin']);
    expect(names('Ingrédients : Aqua, Glycerin')).toStrictEqual(['Aqua', 'Glycerin']);
    expect(names('INGREDIENTS/INGRÉDIENTS: AQUA')).toStrictEqual(['AQUA']);
    expect(names('Active ingredient: Benzoyl Peroxide 5% Inactive ingredients: Water, Carbomer')).toStrictEqual(['Benzoyl Peroxide', 'Water', 'Carbomer']);
  });

  it('when percentages are written before, after or in brackets, then they are read and removed from the name', () => {
    const items = parseLabel('Niacinamide 10%, 5% Zinc PCA, Ascorbic Acid (15 %), Retinol 0.5%, Water').items;

    expect(items.map((i) => [i.name, i.percentage])).toStrictEqual([
      ['Niacinamide', 10], ['Zinc PCA', 5], ['Ascorbic Acid', 15], ['Retinol', 0.5], ['Water', null],
    ]);
  });

  it('when an item says (nano), then it is flagged and the marker removed', () => {
    const [item] = parseLabel('Titanium Dioxide [Nano]').items;

    expect({ name: item.name, nano: item.nano }).toStrictEqual({ name: 'Titanium Dioxide', nano: true });
  });

  it('when colour index numbers are written in different ways, then they are normalised to "CI 77491"', () => {
    expect(names('CI77491, C.I. 77492, C1 77499, ci 77891, Iron Oxides (CI 77491)')).toStrictEqual([
      'CI 77491', 'CI 77492', 'CI 77499', 'CI 77891', 'Iron Oxides (CI 77491)',
    ]);
  });

  it('when a "may contain" section follows, then its items are optional colourants and the others are not', () => {
    for (const text of [
      'Talc, Mica, [+/- CI 77491, CI 77492]',
      'Talc, Mica, May contain: CI 77491, CI 77492',
      'Talc, Mica. Peut contenir (+/-): CI 77491, CI 77492',
      'Talc, Mica, +/- CI 77491, CI 77492',
      'Talc, Mica, (+/-) CI 77491, CI 77492',
      'Talc, Mica [+/- May Contain / Peut Contenir: CI 77491, CI 77492]',
    ]) {
      const items = parseLabel(text).items;
      expect(items.map((i) => [i.name, i.optional_colourant])).toStrictEqual([
        ['Talc', false], ['Mica', false], ['CI 77491', true], ['CI 77492', true],
      ]);
    }
  });

  it('when a bracketed "may contain" section closes, then later items are not optional', () => {
    const items = parseLabel('Talc, [+/- CI 77491], Dimethicone').items;

    expect(items.map((i) => [i.name, i.optional_colourant])).toStrictEqual([['Talc', false], ['CI 77491', true], ['Dimethicone', false]]);
  });

  it('when items carry footnote marks and the label ends with footnotes, then marks are stripped and footnotes kept apart', () => {
    const parsed = parseLabel('Aloe Barbadensis Leaf Juice*, Glycerin, Rosa Canina Fruit Oil°, Citral**. *Organic\n° Ingrédient issu de l\'agriculture biologique\n**Naturally occurring');

    expect(parsed.items.map((i) => [i.name, i.footnote_mark])).toStrictEqual([
      ['Aloe Barbadensis Leaf Juice', '*'], ['Glycerin', null], ['Rosa Canina Fruit Oil', '°'], ['Citral', '**'],
    ]);
    expect(parsed.footnotes).toStrictEqual([
      { mark: '*', text: 'Organic' },
      { mark: '°', text: "Ingrédient issu de l'agriculture biologique" },
      { mark: '**', text: 'Naturally occurring' },
    ]);
  });

  it('when footnotes use superscript digits, then they survive Unicode normalisation as marks', () => {
    const parsed = parseLabel('Aqua, Aloe Barbadensis Leaf Juice¹\n¹ Certified organic');

    expect(parsed.items.map((i) => [i.name, i.footnote_mark])).toStrictEqual([['Aqua', null], ['Aloe Barbadensis Leaf Juice', '^1']]);
    expect(parsed.footnotes).toStrictEqual([{ mark: '^1', text: 'Certified organic' }]);
  });

  it('when the list ends with a sentence about natural origin, then it is a footnote, not an ingredient', () => {
    const parsed = parseLabel('Aqua, Glycerin. 99% of the total ingredients are from natural origin.');

    expect(parsed.items.map((i) => i.name)).toStrictEqual(['Aqua', 'Glycerin']);
    expect(parsed.footnotes).toStrictEqual([{ mark: null, text: '99% of the total ingredients are from natural origin' }]);
  });

  it('when a period ends an abbreviation such as "Denat." or "Vit.", then the item is not split', () => {
    expect(names('Alcohol Denat., Vit. E, FD&C Blue No. 1. Aqua')).toStrictEqual(['Alcohol Denat', 'Vit. E', 'FD&C Blue No. 1', 'Aqua']);
  });

  it('when Cyrillic or Greek look-alike letters are mixed in, then they are folded to Latin; real Cyrillic words stay', () => {
    expect(names('Аqua, Glусerin, ΑΗΑ, Вода')).toStrictEqual(['Aqua', 'Glycerin', 'AHA', 'Вода']);
  });

  it('when spacing and case are messy, then the name is tidied but as_written keeps what was pasted', () => {
    const [item] = parseLabel('   caprylic  /  capric   TRIGLYCERIDE  ( medium chain ) ').items;

    expect([item.as_written, item.name]).toStrictEqual(['caprylic / capric TRIGLYCERIDE ( medium chain )', 'caprylic/capric TRIGLYCERIDE (medium chain)']);
  });

  it('when a name has brackets or slashes, then the lookup candidates are the whole, the bracket-free name and the parts', () => {
    const [item] = parseLabel('Aqua/Water/Eau').items;
    const [fragrance] = parseLabel('Parfum (Fragrance)').items;

    expect(item.candidates).toStrictEqual([
      { text: 'Aqua/Water/Eau', whole: true }, { text: 'Aqua', whole: false }, { text: 'Water', whole: false }, { text: 'Eau', whole: false },
    ]);
    expect(fragrance.candidates).toStrictEqual([
      { text: 'Parfum (Fragrance)', whole: true }, { text: 'Parfum', whole: true }, { text: 'Fragrance', whole: false },
    ]);
  });

  it('when an array is given, then each non-empty element is one item even if it contains commas', () => {
    const parsed = parseLabel(['Aqua', '', '  ', 'Tocopherol (Vitamin E, natural)', 'May contain: CI 77491', 'CI 77492']);

    expect(parsed.items.map((i) => [i.position, i.name, i.optional_colourant])).toStrictEqual([
      [1, 'Aqua', false], [2, 'Tocopherol (Vitamin E, natural)', false], [3, 'CI 77491', true], [4, 'CI 77492', true],
    ]);
  });

  it('when brackets are unbalanced, then the separators still split the list', () => {
    expect(names('Aqua, Glycerin (plant, Squalane, Tocopherol')).toStrictEqual(['Aqua', 'Glycerin (plant', 'Squalane', 'Tocopherol']);
  });

  it('when the text has nothing but separators and marks, then there are no items', () => {
    expect(parseLabel(' , ; \n • * ** . ').items).toStrictEqual([]);
  });
});
