/**
 * The routine engine's curated rules: the actives it may recommend (each with the reason and source per marker),
 * which actives each concern tries in order, step budgets, ramp-up texts, and the sources that are the routine
 * engine's own. Source ids not defined here are the ingredient knowledge base's (functions/ingredients/data/sources.json).
 *
 * What conflicts with what is deliberately NOT here: the engine reads the ingredient knowledge base's conflict rules
 * (functions/ingredients/data/conflicts.json), so routines and ingredient analysis agree.
 */
import type { MarkerName } from '../../analysis/contract';
import type { ActiveClass } from '../../ingredients/contract';
import type { Frequency, SlotName, StepBudget, StepKind } from './types';

export interface RoutineSource {
  title: string;
  url: string;
  kind: 'guideline' | 'label' | 'secondary';
  /** Read in this session (the page was found and says what the title claims). */
  checked: boolean;
  note?: string;
}

/** Sources specific to routines. Ingredient facts cite the knowledge base's sources. */
export const ROUTINE_SOURCES: Readonly<Record<string, RoutineSource>> = Object.freeze({
  aad_sunscreen_faqs: {
    title: 'American Academy of Dermatology: Sunscreen FAQs (everyone: broad-spectrum, SPF 30 or higher, water resistant)',
    url: 'https://www.aad.org/media/stats-sunscreen',
    kind: 'guideline',
    checked: true,
  },
  curology_routine_basics: {
    title: 'Curology: basic skin care routine steps (AM cleanse, moisturise, broad-spectrum SPF 30+; PM cleanse, treat, moisturise)',
    url: 'https://curology.co/blog/basic-skin-care-routine-steps/',
    kind: 'secondary',
    checked: true,
  },
  routine_order_secondary: {
    title: 'Curology: what order to apply skin care products (cleanser, treatment, moisturiser, sunscreen last in the morning; thin to thick)',
    url: 'https://curology.co/blog/what-order-to-apply-skincare-products',
    kind: 'secondary',
    checked: true,
  },
  new_product_spacing_secondary: {
    title: 'How to introduce new skincare products: one new product at a time, at least two weeks apart; irritating actives at low frequency first',
    url: 'https://www.nicerskin.com/routines/introducing-new-products',
    kind: 'secondary',
    checked: true,
    note: 'Consumer site citing Lindberg 2004 and Wetter 2010 on cosmetic reactions; the two-week spacing is practice advice, not trial evidence.',
  },
  aad_test_products: {
    title: 'American Academy of Dermatology (2021): test skin care products on a small spot twice daily for 7-10 days; retinol and glycolic acid can irritate sensitive skin (as reported by U.S. Pharmacist)',
    url: 'https://www.uspharmacist.com/article/tips-on-testing-skin-care-products-before-use',
    kind: 'secondary',
    checked: true,
  },
  aad_rosacea_skin_care: {
    title: 'American Academy of Dermatology (2024): 7 rosacea skin care tips (products for sensitive skin; avoid alcohol, camphor, fragrance, glycolic acid, lactic acid, menthol, sodium lauryl sulfate and urea on the face; test products first)',
    url: 'https://www.newswise.com/articles/7-rosacea-skin-care-tips',
    kind: 'secondary',
    checked: true,
    note: 'AAD press release as republished by Newswise.',
  },
  retinoid_start_handout: {
    title: 'Village Dermatology patient handout: introduce topical retinoids gradually (two nights in week one, one more night each week; skip a night if irritated)',
    url: 'https://sites.google.com/a/villagedermatologyhouston.com/website/retinoids',
    kind: 'secondary',
    checked: true,
  },
  azelaic_start_secondary: {
    title: 'Azelaic acid for rosacea: apply every other night at first, nightly only if tolerated; do not stack strong actives on the same night',
    url: 'https://nosacea.com/blog/azelaic-acid-for-rosacea',
    kind: 'secondary',
    checked: true,
  },
  finacea_label: {
    title: 'FINACEA (azelaic acid) Gel 15% prescribing information: inflammatory papules and pustules of rosacea; minimally absorbed, maternal use not expected to cause fetal exposure',
    url: 'https://prescriberpoint.com/therapies/finacea-bea1957',
    kind: 'label',
    checked: true,
  },
  del_bino_2013: {
    title: 'Del Bino S, Bernerd F. Variations in skin colour and the biological consequences of ultraviolet radiation exposure. Br J Dermatol 2013;169 Suppl 3:33-40 (ITA° classes; lighter skin has lower minimal erythema doses and more UV-induced DNA damage)',
    url: 'https://pubmed.ncbi.nlm.nih.gov/?term=Del+Bino+Bernerd+Variations+in+skin+colour+biological+consequences+ultraviolet',
    kind: 'secondary',
    checked: false,
    note: 'Cited from the literature; not opened in this session (no internet access beyond package registries).',
  },
  chardon_1991: {
    title: 'Chardon A, Cretois I, Hourseau C. Skin colour typology and suntanning pathways. Int J Cosmet Sci 1991;13(4):191-208 (the individual typology angle and its categories)',
    url: 'https://pubmed.ncbi.nlm.nih.gov/?term=Chardon+Cretois+Hourseau+Skin+colour+typology+suntanning+pathways',
    kind: 'secondary',
    checked: false,
    note: 'Cited from the literature; not opened in this session.',
  },
  mahmoud_2010: {
    title: 'Mahmoud BH, Ruvolo E, Hexsel CL, et al. Impact of long-wavelength UVA and visible light on melanocompetent skin. J Invest Dermatol 2010;130(8):2092-2097 (visible light induced darker, longer-lasting pigmentation in skin types IV-VI, not in type II)',
    url: 'https://pubmed.ncbi.nlm.nih.gov/?term=Mahmoud+Impact+of+long-wavelength+UVA+and+visible+light+on+melanocompetent+skin',
    kind: 'secondary',
    checked: false,
    note: 'Cited from the literature; not opened in this session.',
  },
  castanedo_cazares_2014: {
    title: 'Castanedo-Cazares JP et al. Near-visible light and UV photoprotection in the treatment of melasma: a double-blind randomized trial. Photodermatol Photoimmunol Photomed 2014;30(1):35-42 (a sunscreen with iron oxides improved melasma more than UV filters alone)',
    url: 'https://pubmed.ncbi.nlm.nih.gov/?term=Castanedo-Cazares+Near-visible+light+UV+photoprotection+melasma',
    kind: 'secondary',
    checked: false,
    note: 'Cited from the literature; not opened in this session.',
  },
  moisturiser_by_skin_type: {
    title: 'Dermatologist routine basics (TODAY): a cleanser for your skin type without alcohol; oil-free lotions or water-based gel creams for oily, acne-prone or combination skin, richer creams for dry skin',
    url: 'https://www.today.com/health/how-start-simple-skin-care-routine-today-t226553',
    kind: 'secondary',
    checked: true,
  },
});

/** Classes counted as "strong" (irritating) actives: sensitive skin gets at most one of these in the whole routine. */
export const STRONG_CLASSES: ReadonlySet<ActiveClass> = new Set(['retinoid', 'aha', 'bha', 'benzoyl_peroxide']);

export interface MarkerReason {
  reason: string;
  source: string;
}

/** An active the engine may recommend. `inci` must be an entry of the ingredient knowledge base (checked by tests). */
export interface ActiveOption {
  id: string;
  inci: string;
  /** Words for descriptions, e.g. "a retinol serum". */
  product_words: string;
  step: Extract<StepKind, 'treat' | 'exfoliate' | 'eye_care'>;
  reasons: Partial<Record<MarkerName, MarkerReason>>;
  /** Ramp-up kind (see rampUp in plan.ts). */
  ramp: 'strong' | 'exfoliant' | 'azelaic' | 'vitamin_c' | 'none';
  /** Sensitive skin: the highest frequency (salicylic acid: a few times a week at most). */
  sensitive_max?: Frequency;
}

export const ACTIVE_OPTIONS: Readonly<Record<string, ActiveOption>> = Object.freeze({
  benzoyl_peroxide: {
    id: 'benzoyl_peroxide',
    inci: 'Benzoyl Peroxide',
    product_words: 'a benzoyl peroxide 2.5-5% gel or wash (in the morning)',
    step: 'treat',
    ramp: 'strong',
    reasons: {
      acne: { reason: 'kills acne bacteria and clears inflamed spots; 2.5-5% works as well as stronger gels with less irritation', source: 'zaenglein_2016' },
    },
  },
  adapalene: {
    id: 'adapalene',
    inci: 'Adapalene',
    product_words: 'an adapalene 0.1% gel (at night)',
    step: 'treat',
    ramp: 'strong',
    reasons: {
      acne: { reason: 'retinoid that unclogs pores and prevents new spots; adapalene is the retinoid that stays stable with benzoyl peroxide and light', source: 'zaenglein_2016' },
      blackheads: { reason: 'retinoid that clears and prevents comedones (blackheads and whiteheads)', source: 'zaenglein_2016' },
    },
  },
  salicylic_acid: {
    id: 'salicylic_acid',
    inci: 'Salicylic Acid',
    product_words: 'a salicylic acid (BHA) 0.5-2% leave-on',
    step: 'treat',
    ramp: 'strong',
    sensitive_max: 'twice_weekly',
    reasons: {
      acne: { reason: 'oil-soluble BHA that exfoliates inside the pore, against blackheads and spots', source: 'zaenglein_2016' },
      pores: { reason: 'oil-soluble BHA that clears sebum and debris from pores', source: 'arif_2015' },
      blackheads: { reason: 'oil-soluble BHA that dissolves the plugs of open comedones (blackheads)', source: 'zaenglein_2016' },
      texture: { reason: 'BHA exfoliant that smooths rough texture', source: 'arif_2015' },
    },
  },
  glycolic_acid: {
    id: 'glycolic_acid',
    inci: 'Glycolic Acid',
    product_words: 'a glycolic acid (AHA) exfoliant',
    step: 'exfoliate',
    ramp: 'exfoliant',
    reasons: {
      texture: { reason: 'AHA exfoliant that loosens dead cells for smoother texture', source: 'tang_2018' },
      pores: { reason: 'AHA exfoliant that keeps the pore openings clear of dead cells', source: 'tang_2018' },
      wrinkles: { reason: 'AHA exfoliant with evidence for fine lines', source: 'tang_2018' },
    },
  },
  lactic_acid: {
    id: 'lactic_acid',
    inci: 'Lactic Acid',
    product_words: 'a lactic acid (AHA) exfoliant',
    step: 'exfoliate',
    ramp: 'exfoliant',
    reasons: {
      texture: { reason: 'milder AHA exfoliant (also a humectant) for smoother texture', source: 'tang_2018' },
    },
  },
  gluconolactone: {
    id: 'gluconolactone',
    inci: 'Gluconolactone',
    product_words: 'a gluconolactone (PHA) exfoliant',
    step: 'exfoliate',
    ramp: 'none',
    reasons: {
      texture: { reason: 'PHA exfoliant: larger molecule, gentler than AHAs, suits sensitive skin', source: 'grimes_2004' },
      pores: { reason: 'gentle PHA exfoliant that keeps pore openings clear without the sting of AHA/BHA', source: 'grimes_2004' },
    },
  },
  retinol: {
    id: 'retinol',
    inci: 'Retinol',
    product_words: 'a retinol serum (at night)',
    step: 'treat',
    ramp: 'strong',
    reasons: {
      wrinkles: { reason: 'retinoid with the best evidence against fine lines and wrinkles', source: 'mukherjee_2006' },
      texture: { reason: 'retinoid that renews the surface for smoother texture', source: 'mukherjee_2006' },
      pigmentation: { reason: 'retinoid that evens out uneven pigmentation', source: 'mukherjee_2006' },
      age_spots: { reason: 'retinoid that fades the brown spots of sun-aged skin', source: 'mukherjee_2006' },
    },
  },
  ascorbic_acid: {
    id: 'ascorbic_acid',
    inci: 'Ascorbic Acid',
    product_words: 'an L-ascorbic acid (vitamin C) serum (in the morning, under sunscreen)',
    step: 'treat',
    ramp: 'vitamin_c',
    reasons: {
      pigmentation: { reason: 'vitamin C inhibits melanin formation and, in the morning, adds antioxidant protection under sunscreen', source: 'al_niaimi_2017' },
      wrinkles: { reason: 'vitamin C supports collagen and is an antioxidant against UV damage', source: 'al_niaimi_2017' },
      radiance: { reason: 'vitamin C brightens dull skin and protects it from UV damage under sunscreen', source: 'al_niaimi_2017' },
      age_spots: { reason: 'vitamin C inhibits melanin formation and lightens sun spots', source: 'al_niaimi_2017' },
      uniformness: { reason: 'vitamin C inhibits melanin formation and evens out the tone', source: 'al_niaimi_2017' },
    },
  },
  azelaic_acid: {
    id: 'azelaic_acid',
    inci: 'Azelaic Acid',
    product_words: 'an azelaic acid 10-20% cream or gel',
    step: 'treat',
    ramp: 'azelaic',
    reasons: {
      acne: { reason: 'azelaic acid reduces spots and the marks they leave', source: 'zaenglein_2016' },
      pigmentation: { reason: 'azelaic acid fades hyperpigmentation and is gentler than most brightening actives', source: 'sarkar_2013' },
      redness: { reason: 'azelaic acid calms inflammatory redness and bumps (approved for rosacea)', source: 'finacea_label' },
      age_spots: { reason: 'azelaic acid fades brown spots', source: 'sarkar_2013' },
    },
  },
  niacinamide: {
    id: 'niacinamide',
    inci: 'Niacinamide',
    product_words: 'a niacinamide 2-5% serum',
    step: 'treat',
    ramp: 'none',
    reasons: {
      oiliness: { reason: 'niacinamide 2% reduced facial sebum production', source: 'draelos_2006' },
      redness: { reason: 'niacinamide reduced red blotchiness and supports the barrier', source: 'bissett_2004' },
      pigmentation: { reason: 'niacinamide reduced hyperpigmented spots', source: 'bissett_2004' },
      uniformness: { reason: 'niacinamide reduced red blotchiness and hyperpigmented spots, evening out the tone', source: 'bissett_2004' },
      age_spots: { reason: 'niacinamide reduced hyperpigmented spots in aging facial skin', source: 'bissett_2004' },
      radiance: { reason: 'niacinamide reduced the sallow yellowing of aging skin', source: 'bissett_2004' },
      wrinkles: { reason: 'niacinamide reduced fine lines in a 12-week trial', source: 'bissett_2004' },
      acne: { reason: 'niacinamide has some (limited) evidence against acne and is well tolerated', source: 'zaenglein_2016' },
    },
  },
  caffeine: {
    id: 'caffeine',
    inci: 'Caffeine',
    product_words: 'a caffeine eye cream',
    step: 'eye_care',
    ramp: 'none',
    reasons: {
      dark_circles: { reason: 'caffeine eye products reduced dark circles and puffiness in a small trial', source: 'ahmadraji_2015' },
      eye_bags: { reason: 'caffeine eye products reduced puffiness in a small trial', source: 'ahmadraji_2015' },
    },
  },
});

export interface Candidate {
  option: keyof typeof ACTIVE_OPTIONS;
  /** Slots to try, in order. */
  slots: SlotName[];
}

const c = (option: string, ...slots: SlotName[]): Candidate => ({ option, slots });

export interface ConcernCandidates {
  /** Default order. */
  default: Candidate[];
  /** Order for sensitive skin (gentler first), when it differs. */
  sensitive?: Candidate[];
}

/**
 * Which actives each concern tries, in order. Weekly entries are evenings used for that step instead of the usual PM
 * actives (alternate nights). Hydration is served by the moisturiser (and in a full routine a toner and mask), not
 * by a treatment. Options that the knowledge base flags `pregnancy_caution` are skipped for pregnancy.
 */
export const CONCERN_CANDIDATES: Readonly<Record<Exclude<MarkerName, 'hydration'>, { high: ConcernCandidates; moderate: ConcernCandidates }>> = Object.freeze({
  acne: {
    high: {
      default: [c('benzoyl_peroxide', 'am'), c('adapalene', 'pm'), c('salicylic_acid', 'am', 'pm')],
      sensitive: [c('adapalene', 'pm'), c('salicylic_acid', 'pm', 'am'), c('benzoyl_peroxide', 'am')],
    },
    moderate: {
      default: [c('salicylic_acid', 'am', 'pm'), c('azelaic_acid', 'pm', 'am'), c('niacinamide', 'am', 'pm'), c('benzoyl_peroxide', 'am'), c('adapalene', 'pm')],
      sensitive: [c('azelaic_acid', 'pm', 'am'), c('niacinamide', 'am', 'pm'), c('salicylic_acid', 'pm', 'am')],
    },
  },
  pigmentation: {
    high: {
      default: [c('ascorbic_acid', 'am'), c('azelaic_acid', 'pm', 'am'), c('niacinamide', 'am', 'pm')],
      sensitive: [c('azelaic_acid', 'pm', 'am'), c('niacinamide', 'am', 'pm'), c('ascorbic_acid', 'am')],
    },
    moderate: {
      default: [c('ascorbic_acid', 'am'), c('niacinamide', 'am', 'pm'), c('azelaic_acid', 'pm', 'am')],
      sensitive: [c('niacinamide', 'am', 'pm'), c('azelaic_acid', 'pm', 'am'), c('ascorbic_acid', 'am')],
    },
  },
  redness: {
    high: { default: [c('azelaic_acid', 'pm', 'am'), c('niacinamide', 'am', 'pm')] },
    moderate: { default: [c('niacinamide', 'am', 'pm'), c('azelaic_acid', 'pm', 'am')] },
  },
  wrinkles: {
    high: { default: [c('retinol', 'pm'), c('ascorbic_acid', 'am'), c('niacinamide', 'am', 'pm')] },
    moderate: { default: [c('retinol', 'pm'), c('niacinamide', 'am', 'pm'), c('ascorbic_acid', 'am')] },
  },
  pores: {
    high: {
      default: [c('salicylic_acid', 'weekly', 'am', 'pm'), c('glycolic_acid', 'weekly', 'am'), c('gluconolactone', 'weekly', 'pm', 'am')],
      sensitive: [c('salicylic_acid', 'weekly'), c('gluconolactone', 'weekly', 'pm', 'am')],
    },
    moderate: {
      default: [c('salicylic_acid', 'weekly', 'am', 'pm'), c('glycolic_acid', 'weekly', 'am'), c('gluconolactone', 'weekly', 'pm', 'am')],
      sensitive: [c('gluconolactone', 'weekly', 'pm', 'am'), c('salicylic_acid', 'weekly')],
    },
  },
  texture: {
    high: {
      default: [c('glycolic_acid', 'weekly', 'am'), c('salicylic_acid', 'weekly', 'am', 'pm'), c('gluconolactone', 'weekly', 'pm', 'am')],
      sensitive: [c('gluconolactone', 'weekly', 'pm', 'am'), c('lactic_acid', 'weekly')],
    },
    moderate: {
      default: [c('glycolic_acid', 'weekly', 'am'), c('lactic_acid', 'weekly', 'am'), c('salicylic_acid', 'weekly', 'am', 'pm'), c('gluconolactone', 'weekly', 'pm', 'am')],
      sensitive: [c('gluconolactone', 'weekly', 'pm', 'am'), c('lactic_acid', 'weekly')],
    },
  },
  oiliness: {
    high: { default: [c('niacinamide', 'am', 'pm')] },
    moderate: { default: [c('niacinamide', 'am', 'pm')] },
  },
  dark_circles: {
    high: { default: [c('caffeine', 'am')] },
    moderate: { default: [c('caffeine', 'am')] },
  },
  eye_bags: {
    high: { default: [c('caffeine', 'am')] },
    moderate: { default: [c('caffeine', 'am')] },
  },
  uniformness: {
    high: { default: [c('niacinamide', 'am', 'pm'), c('ascorbic_acid', 'am')] },
    moderate: { default: [c('niacinamide', 'am', 'pm'), c('ascorbic_acid', 'am')] },
  },
  radiance: {
    high: { default: [c('ascorbic_acid', 'am'), c('niacinamide', 'am', 'pm')] },
    moderate: { default: [c('ascorbic_acid', 'am'), c('niacinamide', 'am', 'pm')] },
  },
  age_spots: {
    high: {
      default: [c('ascorbic_acid', 'am'), c('retinol', 'pm'), c('azelaic_acid', 'pm', 'am'), c('niacinamide', 'am', 'pm')],
      sensitive: [c('azelaic_acid', 'pm', 'am'), c('niacinamide', 'am', 'pm'), c('ascorbic_acid', 'am')],
    },
    moderate: {
      default: [c('ascorbic_acid', 'am'), c('niacinamide', 'am', 'pm'), c('azelaic_acid', 'pm', 'am')],
      sensitive: [c('niacinamide', 'am', 'pm'), c('azelaic_acid', 'pm', 'am')],
    },
  },
  blackheads: {
    high: {
      default: [c('salicylic_acid', 'am', 'pm'), c('adapalene', 'pm')],
      sensitive: [c('salicylic_acid', 'pm', 'am'), c('adapalene', 'pm')],
    },
    moderate: {
      default: [c('salicylic_acid', 'am', 'pm'), c('adapalene', 'pm')],
      sensitive: [c('salicylic_acid', 'pm', 'am')],
    },
  },
});

export interface Budget {
  /** Actives (treat and exfoliate steps) in the whole routine. */
  actives: number;
  /** Treat steps per daily slot. */
  treat_per_slot: number;
  weekly: number;
  eye_care: boolean;
  tone: boolean;
  mask: boolean;
}

/** `steps` preference → how many steps the routine may have. minimal: cleanse, one treat at most, moisturise, protect. */
export const BUDGETS: Readonly<Record<StepBudget, Budget>> = Object.freeze({
  minimal: { actives: 1, treat_per_slot: 1, weekly: 0, eye_care: false, tone: false, mask: false },
  standard: { actives: 3, treat_per_slot: 2, weekly: 1, eye_care: true, tone: false, mask: false },
  full: { actives: 5, treat_per_slot: 3, weekly: 2, eye_care: true, tone: true, mask: true },
});

/** Weeks between two new actives. */
export const INTRODUCTION_SPACING_WEEKS = { default: 2, sensitive: 4 } as const;

/** The rules the engine applies, with their sources; the plan lists those that shaped it. */
export const RULES = Object.freeze({
  spf_every_morning: {
    rule: 'Broad-spectrum sunscreen, SPF 30 or higher, every morning as the last step.',
    sources: ['aad_sunscreen_faqs', 'routine_order_secondary'],
  },
  retinoid_night_only: {
    rule: 'Retinoids at night only (light degrades them and they make skin more sun-sensitive); benzoyl peroxide in the morning.',
    sources: ['mukherjee_2006', 'tretinoin_label', 'martin_1998'],
  },
  no_conflicts_in_slot: {
    rule: 'No slot (AM, PM, each weekly evening) holds two actives that the ingredient knowledge base lists as conflicting; acids go to the morning or to evenings without the retinoid.',
    sources: ['retinoid_acid_layering_secondary', 'martin_1998', 'draelos_2016_bpo_vitc'],
  },
  one_active_per_class: {
    rule: 'At most one active of each class (for example one retinoid), since the irritation adds up.',
    sources: ['retinoid_acid_layering_secondary'],
  },
  pregnancy: {
    rule: 'Pregnant or breastfeeding: no retinoids, no salicylic acid products (high-dose peels are the concern), no hydroquinone (the knowledge base flags them pregnancy_caution); azelaic acid, niacinamide, vitamin C and benzoyl peroxide (not detected in serum) remain options.',
    sources: ['bozzo_2011', 'beleznay_pregnancy', 'finacea_label'],
  },
  sensitive: {
    rule: 'Sensitive skin: at most one strong active (retinoid, AHA, BHA, benzoyl peroxide) in the whole routine, gentler choices first (azelaic acid, niacinamide, PHA instead of AHA), slower ramp-up, fragrance-free products.',
    sources: ['aad_rosacea_skin_care', 'grimes_2004', 'aad_test_products'],
  },
  introduce_one_at_a_time: {
    rule: 'Start new actives one at a time, two weeks apart (four for sensitive skin), strong actives at a low frequency first.',
    sources: ['new_product_spacing_secondary', 'retinoid_start_handout', 'azelaic_start_secondary', 'aad_test_products'],
  },
  acne: {
    rule: 'Acne: benzoyl peroxide, a retinoid (adapalene) or salicylic acid when high; azelaic acid or niacinamide are gentler options when moderate.',
    sources: ['zaenglein_2016'],
  },
  pigmentation: {
    rule: 'Pigmentation: vitamin C in the morning, azelaic acid or niacinamide, and daily sunscreen.',
    sources: ['al_niaimi_2017', 'sarkar_2013', 'bissett_2004'],
  },
  redness: {
    rule: 'Redness: azelaic acid or niacinamide, soothing moisturiser, no fragrance.',
    sources: ['finacea_label', 'bissett_2004', 'aad_rosacea_skin_care'],
  },
  hydration: {
    rule: 'Low hydration: humectants (glycerin, hyaluronic acid) and ceramides in the moisturiser.',
    sources: ['purnamawati_2017'],
  },
  wrinkles: {
    rule: 'Wrinkles: a retinoid at night (not in pregnancy) and daily sunscreen.',
    sources: ['mukherjee_2006', 'hughes_2013'],
  },
  oiliness: {
    rule: 'Oiliness: niacinamide and a light, oil-free moisturiser.',
    sources: ['draelos_2006', 'moisturiser_by_skin_type'],
  },
  dark_circles: {
    rule: 'Dark circles: a caffeine eye product in the morning.',
    sources: ['ahmadraji_2015'],
  },
  eye_bags: {
    rule: 'Eye bags: a caffeine eye product in the morning (puffiness from anatomy or age does not go away with creams).',
    sources: ['ahmadraji_2015'],
  },
  uniformness: {
    rule: 'Uneven tone: niacinamide or vitamin C, and daily sunscreen.',
    sources: ['bissett_2004', 'al_niaimi_2017', 'aad_sunscreen_faqs'],
  },
  radiance: {
    rule: 'Dull skin: vitamin C in the morning under sunscreen, or niacinamide.',
    sources: ['al_niaimi_2017', 'bissett_2004'],
  },
  age_spots: {
    rule: 'Age spots: vitamin C in the morning, a retinoid at night (not in pregnancy), azelaic acid or niacinamide, and daily sunscreen.',
    sources: ['al_niaimi_2017', 'mukherjee_2006', 'sarkar_2013', 'bissett_2004', 'aad_sunscreen_faqs'],
  },
  blackheads: {
    rule: 'Blackheads: salicylic acid (BHA), or a retinoid such as adapalene at night.',
    sources: ['zaenglein_2016', 'arif_2015'],
  },
  texture_pores: {
    rule: 'Texture and pores: a BHA or AHA exfoliant (PHA for sensitive skin), never in the same slot as a retinoid.',
    sources: ['arif_2015', 'tang_2018', 'grimes_2004'],
  },
  skin_type: {
    rule: 'Skin type shapes the cleanser and moisturiser: gentle non-stripping cleansers; richer creams for dry skin, light oil-free ones for oily skin.',
    sources: ['moisturiser_by_skin_type', 'purnamawati_2017', 'sls_irritation_model'],
  },
  skin_type_from_scan: {
    rule: 'Without a skin type in the profile, the skin type the scan measured (shine on the T-zone against the cheeks and chin, dryness marks on the cheeks) shapes the cleanser and moisturiser; a scan that reads sensitive-prone (redness) makes the routine fragrance-free.',
    sources: ['moisturiser_by_skin_type', 'aad_rosacea_skin_care'],
  },
  sun_protection_by_tone: {
    rule: "The scan's skin tone (ITA° category) shapes the sunscreen advice: very light and light skin burns most easily (SPF 50, reapply outdoors); tan, brown and dark skin with a pigmentation concern gets a tinted sunscreen with iron oxides, since visible light darkens pigmentation in melanin-rich skin. Everyone keeps SPF 30 or higher every morning.",
    sources: ['chardon_1991', 'del_bino_2013', 'mahmoud_2010', 'castanedo_cazares_2014', 'aad_sunscreen_faqs'],
  },
  step_budget: {
    rule: 'The steps preference limits the routine: minimal is cleanse, at most one treatment, moisturise, protect.',
    sources: ['curology_routine_basics'],
  },
} satisfies Record<string, { rule: string; sources: string[] }>);

export type RuleId = keyof typeof RULES;
