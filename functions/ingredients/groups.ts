/**
 * Which "free of" tags an ingredient falls under. Applied to recognised entries (with their family and flags) and,
 * by name pattern only, to unknown items, so an unrecognised "Heptylparaben" still counts as a paraben.
 */
import type { Flags, FreeOfTag } from './types';

const SILICONE = /(methicone|siloxane|silsesquioxane|dimethiconol|siloxysilicate|silylate)/i;
const SULFATE_SURFACTANT = /\b(?:lauryl|laureth|coco|myreth|trideceth|cetearyl|cetyl|alkyl|pareth|lauryl ether|olefin)\b.*\bsul(?:f|ph)ate\b/i;
const PARABEN = /paraben\b/i;
const FRAGRANCE_WORD = /\b(?:parfum|fragrance|perfume|aroma|flavou?r)\b/i;
const DRYING_ALCOHOL = /^(?:sd\s+)?alcohol(?:\s+denat\.?)?(?:\s+\d+[-\w]*)?$|^(?:ethanol|isopropanol|isopropyl alcohol)$/i;
const ESSENTIAL_OIL_WORDS = /\b(?:essential oil|huile essentielle)\b|\b(?:peel|flower|leaf|bark|herb|needle|twig|wood|bud)\s+oil$/i;

/** Benzyl alcohol is an allergen on the list but in skin care it is mostly a preservative or solvent. */
const NOT_FRAGRANCE = new Set(['Benzyl Alcohol', 'Phenethyl Alcohol']);

export function groupsOfEntry(inci: string, family: string, flags: Flags): FreeOfTag[] {
  // For known entries the flags decide drying alcohol and essential oil; the name patterns only guess them.
  const tags = new Set<FreeOfTag>(groupsOfName(inci).filter((t) => t !== 'alcohol' && t !== 'essential_oils'));
  if (family === 'silicones') tags.add('silicone');
  if (flags.drying_alcohol) tags.add('alcohol');
  if (flags.essential_oil) tags.add('essential_oils');
  if ((flags.essential_oil || family === 'fragrance_allergens_essential_oils') && !NOT_FRAGRANCE.has(inci)) tags.add('fragrance');
  if (NOT_FRAGRANCE.has(inci)) tags.delete('fragrance');
  return [...tags];
}

export function groupsOfName(name: string): FreeOfTag[] {
  const tags: FreeOfTag[] = [];
  if (FRAGRANCE_WORD.test(name)) tags.push('fragrance');
  if (DRYING_ALCOHOL.test(name.trim())) tags.push('alcohol');
  if (SILICONE.test(name)) tags.push('silicone');
  if (SULFATE_SURFACTANT.test(name)) tags.push('sulfate');
  if (PARABEN.test(name)) tags.push('paraben');
  if (ESSENTIAL_OIL_WORDS.test(name)) tags.push('essential_oils');
  return tags;
}
