/**
 * Splits a pasted INCI label (or an array of names) into ingredient items, without any knowledge of ingredients.
 * Every non-empty item (one with a letter or digit) ends up exactly once in `items` or, when it is a footnote
 * sentence such as "*Organic", in `footnotes`.
 */
import { foldConfusables, normaliseColourIndex, normaliseText } from './normalise';

export interface LookupCandidate {
  text: string;
  /** True for the whole name (with or without its bracketed parts); false for a part of it. */
  whole: boolean;
}

export interface ParsedItem {
  /** 1-based position among the items. */
  position: number;
  /** The item as it appeared, trimmed. */
  as_written: string;
  /** Cleaned name: no percentage, footnote marks, "(nano)" or bullets; colour index written "CI 77491". */
  name: string;
  /** Strings to look up, best first. */
  candidates: LookupCandidate[];
  percentage: number | null;
  optional_colourant: boolean;
  nano: boolean;
  /** Trailing footnote mark such as "*" or "^1", when present. */
  footnote_mark: string | null;
}

export interface Footnote {
  mark: string | null;
  text: string;
}

export interface ParsedLabel {
  items: ParsedItem[];
  footnotes: Footnote[];
}

const MARK = String.raw`(?:\(\s*\+\s*\/\s*-\s*\)|\+\s*\/\s*-|±|may\s+contain|peut\s+contenir|kann\s+enthalten|puede\s+contener|pode\s+conter|pu[oò]\s+contenere|kan\s+bevatten|mag\s+bevatten|mo[zż]e\s+zawiera[cć])`;
const MARKER_RUN = String.raw`${MARK}(?:\s*[\/|,]?\s*${MARK})*\s*:?`;
const MARKER = new RegExp(String.raw`([\[(]\s*)?${MARKER_RUN}`, 'iu');
const MARKER_GLOBAL = new RegExp(MARKER.source, 'giu');
const LEADING_MARKER = new RegExp(String.raw`^\s*[\[(]?\s*${MARKER_RUN}\s*`, 'iu');

const HEADER_WORD = String.raw`(?:(?:active|inactive|other)\s+)?(?:ingredients?|ingr[eé]dients?|ingredientes|ingredienti|inhaltsstoffe|bestandteile|composition|ingredi[eë]nten|sk[łl]adniki|inci(?:\s+list)?)(?:[ ]*\([^)\n]{1,24}\))?`;
const HEADER = new RegExp(String.raw`(^|[\n.;,•·\- ])[ ]*${HEADER_WORD}(?:[ ]*[\/|][ ]*${HEADER_WORD})*[ ]*:`, 'giu');
const LEADING_HEADER = /^\s*(?:ingredients|ingr[eé]dients|inci)\b\s*(?=\S)/iu;

const ITEM_SEPARATORS = new Set(['\n', ',', ';', '•', '·', '●', '▪', '◦', '‣', '|', '、', '¦']);
const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const ABBREVIATIONS = new Set(['denat', 'ext', 'extr', 'no', 'nr', 'st', 'var', 'ssp', 'subsp', 'sp', 'spp', 'co', 'inc', 'ltd', 'approx', 'alc', 'dr', 'vit', 'fl', 'oz']);

const FOOTNOTE_MARK_CHARS = '*†‡°✝';
const LEADING_MARK = /^(\*+|†+|‡+|°+|✝+|\^\d+)\s*/u;
const NEXT_MARK = /\s(\*+|†+|‡+|°+|✝+|\^\d+)\s*(?=\S)/u;
const TRAILING_MARK = /\s*(\*+|†+|‡+|°+|✝+|\^\d+)$/u;
const FOOTNOTE_WORDS =
  /organic|biolog|\bbio\b|natur|origin|certif|fair\s*trade|[ée]quitable|ecocert|cosmos|agricult|wild\s*craft|vegan|ingredient|ingr[ée]dient|derived|issu|transform|processed|of the total|du total|from\s/iu;
const SENTENCE_FOOTNOTE =
  /natural origin|origine naturelle|organic farming|agriculture biologique|of the total|du total|ingredients? (?:are|is)|ingr[ée]dients? (?:sont|est)|certified organic|issus de/iu;

const PERCENT_TRAILING = /\s*[([]?\s*(\d{1,3}(?:[.,]\d+)?)\s*%(?:\s*w\/w)?\s*[)\]]?\s*$/iu;
const PERCENT_LEADING = /^\s*(\d{1,3}(?:[.,]\d+)?)\s*%(?:\s*w\/w)?\s+/iu;
const NANO = /\s*[([]\s*nano\s*[)\]]/giu;
const NANO_TEST = /[([]\s*nano\s*[)\]]/iu;
const HAS_ALNUM = /[\p{L}\p{N}]/u;

/** Superscript digits would become plain digits under NFKC ("Aloe¹" → "Aloe1"); write them as marks first. */
function protectSuperscripts(text: string): string {
  const map: Record<string, string> = { '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9' };
  return text.replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, (run) => '^' + [...run].map((c) => map[c]).join(''));
}

const NO_PAIRS: ReadonlyMap<number, number> = new Map();
const ANY_BRACKET = /[()[\]{}]/;

/**
 * Index pairs of brackets that close properly (one stack per bracket kind, so the scan stays linear); unbalanced
 * brackets are treated as plain characters.
 */
function matchedBrackets(text: string): ReadonlyMap<number, number> {
  if (!ANY_BRACKET.test(text)) return NO_PAIRS;
  const pairs = new Map<number, number>();
  const round: number[] = [];
  const square: number[] = [];
  const curly: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let open: number | undefined;
    switch (text.charCodeAt(i)) {
      case 40: round.push(i); continue; // (
      case 91: square.push(i); continue; // [
      case 123: curly.push(i); continue; // {
      case 41: open = round.pop(); break; // )
      case 93: open = square.pop(); break; // ]
      case 125: open = curly.pop(); break; // }
      default: continue;
    }
    if (open !== undefined) {
      pairs.set(open, i);
      pairs.set(i, open);
    }
  }
  return pairs;
}

const UNWRAP_TRIM: ReadonlySet<string> = new Set([' ', '\n', '.', ';', ',']);
const TRIM_CHARS = new Set([' ', '\n', ',', '.', ':', ';', '-', '"', "'", '“', '”', '«', '»']);

/** Trims the given characters from both ends (a loop: end-anchored regexes can be quadratic on long runs). */
function trimChars(text: string, chars: ReadonlySet<string> = TRIM_CHARS): string {
  let lo = 0;
  let hi = text.length;
  while (lo < hi && chars.has(text[lo])) lo++;
  while (hi > lo && chars.has(text[hi - 1])) hi--;
  return text.slice(lo, hi);
}

/** Runs an end-anchored regex on the last characters only, keeping it linear on long inputs. */
function execTail(re: RegExp, text: string, window = 48): { index: number; match: RegExpExecArray } | null {
  const offset = Math.max(0, text.length - window);
  const match = re.exec(text.slice(offset));
  return match ? { index: offset + match.index, match } : null;
}

/** Removes brackets that enclose the whole text ("[CI 77491, CI 77492]" → "CI 77491, CI 77492"). */
function unwrap(text: string): string {
  const t = trimChars(text, UNWRAP_TRIM);
  if (!(t[0] in OPENERS)) return t;
  const pairs = matchedBrackets(t);
  let lo = 0;
  let hi = t.length - 1;
  while (lo < hi && t[lo] in OPENERS && pairs.get(lo) === hi) {
    lo++;
    hi--;
    while (lo <= hi && /\s/.test(t[lo])) lo++;
    while (hi >= lo && /\s/.test(t[hi])) hi--;
  }
  return t.slice(lo, hi + 1);
}

interface Section {
  text: string;
  optional: boolean;
}

/** Splits off "may contain" / "+/-" sections; their items are colourants that only some shades contain. */
function splitOptionalSections(text: string): Section[] {
  const sections: Section[] = [];
  const pairs = matchedBrackets(text);
  const marker = MARKER_GLOBAL;
  let pos = 0;
  for (;;) {
    marker.lastIndex = pos;
    const m = marker.exec(text);
    if (!m) {
      sections.push({ text: text.slice(pos), optional: false });
      return sections;
    }
    sections.push({ text: text.slice(pos, m.index), optional: false });
    const afterMarker = m.index + m[0].length;
    const close = m[1] ? pairs.get(m.index) : undefined;
    if (close !== undefined && close >= afterMarker) {
      const content = text.slice(afterMarker, close);
      if (HAS_ALNUM.test(content)) {
        // "[+/- CI 77491, CI 77492]": the bracket closes the optional section.
        sections.push({ text: unwrap(content), optional: true });
        pos = close + 1;
        continue;
      }
      // "(+/-) CI 77491, ...": the bracket only wraps the marker.
      sections.push({ text: unwrap(text.slice(close + 1)), optional: true });
      return sections;
    }
    sections.push({ text: unwrap(text.slice(afterMarker)), optional: true });
    return sections;
  }
}

function isSeparatorAt(text: string, i: number): boolean {
  const ch = text[i];
  if (ITEM_SEPARATORS.has(ch)) {
    // "1,2-Hexanediol" and "0,5%": a comma between digits belongs to the name.
    if (ch === ',' && /\d/.test(text[i - 1] ?? '') && /\d/.test(text[i + 1] ?? '')) return false;
    return true;
  }
  if (ch === '-' && text[i - 1] === ' ' && text[i + 1] === ' ') return true;
  if (ch === '.') {
    const next = text[i + 1];
    if (next !== undefined && !/\s/.test(next) && !FOOTNOTE_MARK_CHARS.includes(next)) return false;
    // "1. Squalane": the number of a numbered line, not the end of an item.
    if (/\d/.test(text[i - 1] ?? '')) {
      const from = Math.max(0, i - 5);
      const head = text.slice(from, i);
      const nl = head.lastIndexOf('\n');
      const prefix = nl >= 0 ? head.slice(nl + 1) : from === 0 ? head : null;
      if (prefix !== null && /^[ ]*\d{1,3}$/.test(prefix)) return false;
    }
    const word = /([\p{L}]+)\s*$/u.exec(text.slice(Math.max(0, i - 12), i));
    if (word && ABBREVIATIONS.has(word[1].toLowerCase())) return false;
    return true;
  }
  return false;
}

/** Splits one section at separators outside brackets. */
function splitItems(text: string): string[] {
  const t = unwrap(text.replace(HEADER, '$1\n').replace(LEADING_HEADER, ''));
  const pairs = matchedBrackets(t);
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < t.length) {
    const close = pairs.get(i);
    if (close !== undefined && close > i) {
      i = close + 1;
      continue;
    }
    if (isSeparatorAt(t, i)) {
      out.push(t.slice(start, i));
      start = i + 1;
    }
    i++;
  }
  out.push(t.slice(start));
  return out;
}

function parsePercent(raw: string): number | null {
  const value = Number(raw.replace(',', '.'));
  return Number.isFinite(value) && value > 0 && value <= 100 ? value : null;
}

/** Parts to try after the whole name: bracket contents (and their comma parts), then slash-separated parts. */
function lookupCandidates(name: string): LookupCandidate[] {
  const candidates: LookupCandidate[] = [{ text: name, whole: true }];
  const hasBrackets = ANY_BRACKET.test(name);
  if (!hasBrackets && !name.includes('/')) return candidates;
  const seen = new Set([name.toLowerCase()]);
  const parts: [string, boolean][] = [];
  let base = name;
  if (hasBrackets) {
    const pairs = matchedBrackets(name);
    let stripped = '';
    const groups: string[] = [];
    for (let i = 0; i < name.length; i++) {
      const close = pairs.get(i);
      if (close !== undefined && close > i) {
        groups.push(name.slice(i + 1, close));
        stripped += ' ';
        i = close;
      } else stripped += name[i];
    }
    parts.push([stripped, true]);
    for (const g of groups) {
      parts.push([g, false]);
      if (g.includes(',')) for (const part of g.split(',')) parts.push([part, false]);
    }
    const cleanStripped = trimChars(stripped.replace(/\s+/g, ' '));
    if (HAS_ALNUM.test(cleanStripped)) base = cleanStripped;
  }
  if (base.includes('/')) for (const part of base.split('/')) parts.push([part, false]);
  for (const [text, whole] of parts) {
    const t = trimChars(text.replace(/\s+/g, ' '));
    const lower = t.toLowerCase();
    if (!HAS_ALNUM.test(t) || seen.has(lower)) continue;
    seen.add(lower);
    candidates.push({ text: t, whole });
  }
  return candidates;
}

interface Cleaned {
  name: string;
  percentage: number | null;
  nano: boolean;
  mark: string | null;
}

/** Most items are plain names: letters, digits, spaces and a little punctuation, nothing to strip. */
const PLAIN_NAME = /^[A-Za-z][A-Za-z0-9 ,'&-]*[A-Za-z0-9]$/;

function clean(raw: string): Cleaned {
  if (PLAIN_NAME.test(raw)) return { name: raw, percentage: null, nano: false, mark: null };
  let s = raw;
  s = s.replace(/^(?:[-–—•·●▪◦‣>+*†‡°✝]\s*)+/u, '').replace(/^\^\d+\s*/u, '').replace(/^\d{1,3}[.)]\s+(?=\p{L})/u, '');
  let nano = false;
  if (NANO_TEST.test(s)) {
    nano = true;
    s = s.replace(NANO, '');
  }
  s = trimChars(s);
  let mark: string | null = null;
  let trailing = execTail(TRAILING_MARK, s);
  if (trailing && HAS_ALNUM.test(s.slice(0, trailing.index))) {
    mark = trailing.match[1];
    s = s.slice(0, trailing.index).trim();
  }
  let percentage: number | null = null;
  const pt = s.includes('%') ? execTail(PERCENT_TRAILING, s) : null;
  if (pt && HAS_ALNUM.test(s.slice(0, pt.index).replace(/\d/g, ''))) {
    percentage = parsePercent(pt.match[1]);
    if (percentage !== null) s = s.slice(0, pt.index).trim();
  } else {
    const pl = s.includes('%') ? PERCENT_LEADING.exec(s.slice(0, 48)) : null;
    if (pl && HAS_ALNUM.test(s.slice(pl[0].length))) {
      percentage = parsePercent(pl[1]);
      if (percentage !== null) s = s.slice(pl[0].length).trim();
    }
  }
  if (!mark) {
    trailing = execTail(TRAILING_MARK, s);
    if (trailing && HAS_ALNUM.test(s.slice(0, trailing.index))) {
      mark = trailing.match[1];
      s = s.slice(0, trailing.index).trim();
    }
  }
  s = s.replace(/\s*([)\]}])/g, '$1').replace(/([([{])\s*/g, '$1').replace(/\s*\/\s*/g, '/');
  s = trimChars(s);
  return { name: foldConfusables(s), percentage, nano, mark };
}

/**
 * Footnote sentences: marked and worded like one ("*Organic", "**Naturally occurring in essential oils", possibly
 * several in one piece), or an unmarked sentence about the whole list ("99% of ingredients are of natural origin").
 */
function asFootnotes(s: string): Footnote[] | null {
  const lead = LEADING_MARK.exec(s);
  if (lead) {
    const found: Footnote[] = [];
    let mark = lead[1];
    let rest = s.slice(lead[0].length);
    for (;;) {
      const next = NEXT_MARK.exec(rest);
      const text = trimChars(next ? rest.slice(0, next.index) : rest);
      if (!HAS_ALNUM.test(text) || !FOOTNOTE_WORDS.test(text)) return null;
      found.push({ mark, text });
      if (!next) return found;
      mark = next[1];
      rest = rest.slice(next.index + next[0].length);
    }
  }
  if (SENTENCE_FOOTNOTE.test(s) && s.split(' ').length >= 4) return [{ mark: null, text: trimChars(s) }];
  return null;
}

function parseRawItems(raws: { text: string; optional: boolean }[]): ParsedLabel {
  const items: ParsedItem[] = [];
  const footnotes: Footnote[] = [];
  for (const raw of raws) {
    const asWritten = raw.text.replace(/\s+/g, ' ').trim();
    if (!HAS_ALNUM.test(asWritten)) continue;
    const found = asFootnotes(asWritten);
    if (found) {
      footnotes.push(...found);
      continue;
    }
    const cleaned = clean(asWritten);
    const name = HAS_ALNUM.test(cleaned.name) ? cleaned.name : asWritten;
    items.push({
      position: items.length + 1,
      as_written: asWritten,
      name,
      candidates: lookupCandidates(name),
      percentage: cleaned.percentage,
      optional_colourant: raw.optional,
      nano: cleaned.nano,
      footnote_mark: cleaned.mark,
    });
  }
  return { items, footnotes };
}

/**
 * Parses an ingredient label.
 *
 * @example
 * parseLabel('Ingredients: Aqua/Water/Eau, Glycerin, Niacinamide 10%, Parfum (Fragrance)*. *Organic')
 * // items: Aqua/Water/Eau, Glycerin, Niacinamide (percentage 10), Parfum (Fragrance); footnotes: [{mark:'*', text:'Organic'}]
 */
export function parseLabel(input: string | readonly string[]): ParsedLabel {
  if (typeof input === 'string') {
    const text = normaliseColourIndex(normaliseText(protectSuperscripts(input)));
    const raws: { text: string; optional: boolean }[] = [];
    for (const section of splitOptionalSections(text)) {
      for (const piece of splitItems(section.text)) raws.push({ text: piece, optional: section.optional });
    }
    return parseRawItems(raws);
  }
  // An array holds one item per element; a "may contain" marker makes this and later elements optional.
  const raws: { text: string; optional: boolean }[] = [];
  let optional = false;
  for (const element of input) {
    let text = normaliseColourIndex(normaliseText(protectSuperscripts(String(element))));
    const marker = LEADING_MARKER.exec(text);
    if (marker) {
      optional = true;
      text = unwrap(text.slice(marker[0].length));
    }
    text = text.replace(HEADER, '$1').trim();
    raws.push({ text, optional });
  }
  return parseRawItems(raws);
}
