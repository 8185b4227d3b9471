/**
 * Text normalisation shared by the label parser and the knowledge-base index, so that a name on a label and the
 * same name in the data always produce the same lookup key.
 */

/** Cyrillic and Greek letters that look like Latin ones (homoglyphs seen in copy-pasted or OCR'd labels). */
const CONFUSABLES: Record<string, string> = {
  // Cyrillic
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y', І: 'I', Ј: 'J',
  Ѕ: 'S', Ԛ: 'Q', Ԝ: 'W', а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's', ԛ: 'q',
  ԝ: 'w', һ: 'h', ӏ: 'l', к: 'k',
  // Greek
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  ο: 'o', ν: 'v', ρ: 'p', ι: 'i', κ: 'k', α: 'a',
};
const NON_LATIN_LETTER = /[\u0370-\u03ff\u0400-\u04ff\u0500-\u052f]/;
const WORD = /[^\s,;()[\]{}/]+/g;

/**
 * Replaces Cyrillic/Greek look-alike letters by Latin ones, but only inside words where every such letter has a
 * Latin twin (so "Аqua" becomes "Aqua", while a real Russian word such as "Вода" is left alone).
 */
export function foldConfusables(text: string): string {
  if (!NON_LATIN_LETTER.test(text)) return text;
  return text.replace(WORD, (word) => {
    if (!NON_LATIN_LETTER.test(word)) return word;
    let out = '';
    for (const ch of word) {
      if (NON_LATIN_LETTER.test(ch)) {
        const latin = CONFUSABLES[ch];
        if (latin === undefined) return word;
        out += latin;
      } else out += ch;
    }
    return out;
  });
}

/**
 * Unicode and punctuation clean-up applied to a whole label before parsing: NFKC (full-width forms, ligatures,
 * superscript digits), one kind of dash and space, no zero-width characters, Windows line ends.
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000\t]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .replace(/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g, '-')
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"');
}

/** Writes colour index numbers one way: "CI77491", "C.I. 77491", "C1 77491" (OCR) all become "CI 77491". */
export function normaliseColourIndex(text: string): string {
  return text.replace(/\bC\s*\.?\s*[I1lǀ|]\s*\.?\s*(\d{5})(?::(\d))?(?!\d)/gi, (_m, n: string, lake?: string) =>
    lake ? `CI ${n}:${lake}` : `CI ${n}`,
  );
}

const DIACRITICS = /[\u0300-\u036f]/g;

/**
 * The lookup key of a name: lower case, no diacritics, look-alike letters folded, colour index normalised, and
 * only letters and digits kept ("Caprylic/Capric Triglyceride" → "capryliccaprictriglyceride").
 */
const ASCII = /^[\x00-\x7f]*$/;
const FIVE_DIGITS = /\d{5}/;

export function lookupKey(name: string): string {
  if (ASCII.test(name)) {
    const ci = FIVE_DIGITS.test(name) ? normaliseColourIndex(name) : name;
    return ci.toLowerCase().replace(/[^a-z0-9]+/g, '');
  }
  const folded = normaliseColourIndex(foldConfusables(name.normalize('NFKC')));
  return folded.normalize('NFD').replace(DIACRITICS, '').toLowerCase().replace(/[^a-z0-9]+/g, '');
}
