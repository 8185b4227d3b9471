/**
 * Twenty-one real-style labels written for these tests (not copied from products), with the canonical INCI name
 * each item should resolve to, in order; null marks an ingredient the knowledge base does not know.
 */
export interface LabelFixture {
  name: string;
  text: string;
  expected: (string | null)[];
}

export const LABELS: Record<string, LabelFixture> = {
  gentleCleanser: {
    name: 'gentle hydrating cleanser',
    text: `INGREDIENTS: AQUA/WATER/EAU, GLYCERIN, CETEARYL ALCOHOL, PEG-40 STEARATE, STEARYL ALCOHOL, POTASSIUM PHOSPHATE,
CERAMIDE NP, CERAMIDE AP, CERAMIDE EOP, CARBOMER, GLYCERYL STEARATE, BEHENTRIMONIUM METHOSULFATE,
SODIUM LAUROYL LACTYLATE, SODIUM HYALURONATE, CHOLESTEROL, PHENOXYETHANOL, DISODIUM EDTA, DIPOTASSIUM PHOSPHATE,
TOCOPHEROL, PHYTOSPHINGOSINE, XANTHAN GUM, ETHYLHEXYLGLYCERIN.`,
    expected: ['Aqua', 'Glycerin', 'Cetearyl Alcohol', 'PEG-40 Stearate', 'Stearyl Alcohol', 'Potassium Phosphate', 'Ceramide NP', 'Ceramide AP', 'Ceramide EOP', 'Carbomer', 'Glyceryl Stearate', 'Behentrimonium Methosulfate', 'Sodium Lauroyl Lactylate', 'Sodium Hyaluronate', 'Cholesterol', 'Phenoxyethanol', 'Disodium EDTA', 'Dipotassium Phosphate', 'Tocopherol', 'Phytosphingosine', 'Xanthan Gum', 'Ethylhexylglycerin'],
  },
  sunscreen: {
    name: 'US drug-facts sunscreen with chemical filters',
    text: `Active Ingredients: Avobenzone 3%, Homosalate 10%, Octisalate 5%, Octocrylene 10%
Inactive Ingredients: Water, Butyloctyl Salicylate, Silica, Styrene/Acrylates Copolymer, Glycerin, Dimethicone,
Phenoxyethanol, Caprylyl Glycol, Tocopheryl Acetate, Disodium EDTA`,
    expected: ['Butyl Methoxydibenzoylmethane', 'Homosalate', 'Ethylhexyl Salicylate', 'Octocrylene', 'Aqua', 'Butyloctyl Salicylate', 'Silica', 'Styrene/Acrylates Copolymer', 'Glycerin', 'Dimethicone', 'Phenoxyethanol', 'Caprylyl Glycol', 'Tocopheryl Acetate', 'Disodium EDTA'],
  },
  retinolSerum: {
    name: 'retinol serum',
    text: 'Aqua, Squalane, Caprylic/Capric Triglyceride, Glycerin, Retinol 0.3%, Cetearyl Alcohol, Polysorbate 20, Tocopherol, Bisabolol, Phenoxyethanol, Ethylhexylglycerin, Xanthan Gum, BHT',
    expected: ['Aqua', 'Squalane', 'Caprylic/Capric Triglyceride', 'Glycerin', 'Retinol', 'Cetearyl Alcohol', 'Polysorbate 20', 'Tocopherol', 'Bisabolol', 'Phenoxyethanol', 'Ethylhexylglycerin', 'Xanthan Gum', 'BHT'],
  },
  fragranceCream: {
    name: 'fragrance-heavy rich cream',
    text: 'Aqua, Paraffinum Liquidum, Cera Microcristallina, Glycerin, Lanolin Alcohol, Paraffin, Panthenol, Magnesium Sulfate, Decyl Oleate, Octyldodecanol, Aluminum Stearates, Citric Acid, Magnesium Stearate, Parfum, Limonene, Geraniol, Hydroxycitronellal, Linalool, Citronellol, Benzyl Benzoate, Cinnamyl Alcohol, Alpha-Isomethyl Ionone, Coumarin',
    expected: ['Aqua', 'Paraffinum Liquidum', 'Cera Microcristallina', 'Glycerin', 'Lanolin Alcohol', 'Paraffin', 'Panthenol', 'Magnesium Sulfate', 'Decyl Oleate', 'Octyldodecanol', 'Aluminum Stearates', 'Citric Acid', 'Magnesium Stearate', 'Parfum', 'Limonene', 'Geraniol', 'Hydroxycitronellal', 'Linalool', 'Citronellol', 'Benzyl Benzoate', 'Cinnamyl Alcohol', 'Alpha-Isomethyl Ionone', 'Coumarin'],
  },
  acneGel: {
    name: 'acne gel with benzoyl peroxide',
    text: 'Active ingredient: Benzoyl Peroxide 5% - Inactive ingredients: Water, Carbomer 940, Sodium Hydroxide, Glycerin, Docusate Sodium, Disodium EDTA, Poloxamer 182, Silica',
    expected: ['Benzoyl Peroxide', 'Aqua', 'Carbomer', 'Sodium Hydroxide', 'Glycerin', 'Diethylhexyl Sodium Sulfosuccinate', 'Disodium EDTA', null, 'Silica'],
  },
  foundation: {
    name: 'foundation with a "may contain" shade list',
    text: 'Aqua (Water), Cyclopentasiloxane, Isododecane, Alcohol Denat., Butylene Glycol, Dimethicone, PEG-10 Dimethicone, Trimethylsiloxysilicate, Nylon-12, Phenoxyethanol, Disteardimonium Hectorite, Sodium Chloride, Tocopherol. [+/- May Contain / Peut Contenir: CI 77891 (Titanium Dioxide), CI 77491, CI 77492, CI 77499 (Iron Oxides), Mica]',
    expected: ['Aqua', 'Cyclopentasiloxane', 'Isododecane', 'Alcohol Denat.', 'Butylene Glycol', 'Dimethicone', 'PEG-10 Dimethicone', 'Trimethylsiloxysilicate', 'Nylon-12', 'Phenoxyethanol', 'Disteardimonium Hectorite', 'Sodium Chloride', 'Tocopherol', 'Titanium Dioxide', 'Iron Oxides', 'Iron Oxides', 'Iron Oxides', 'Mica'],
  },
  bilingualCream: {
    name: 'French/English bilingual day cream',
    text: 'INGREDIENTS/INGRÉDIENTS : AQUA/WATER/EAU, GLYCERIN, DIMETHICONE, ALCOHOL DENAT., NIACINAMIDE, BUTYROSPERMUM PARKII BUTTER/BEURRE DE KARITÉ, CAPRYLYL GLYCOL, CARBOMER, PARFUM/FRAGRANCE, TOCOPHEROL, SODIUM HYDROXIDE.',
    expected: ['Aqua', 'Glycerin', 'Dimethicone', 'Alcohol Denat.', 'Niacinamide', 'Butyrospermum Parkii Butter', 'Caprylyl Glycol', 'Carbomer', 'Parfum', 'Tocopherol', 'Sodium Hydroxide'],
  },
  vitaminCSerum: {
    name: 'L-ascorbic acid serum',
    text: 'Aqua, Ethoxydiglycol, Ascorbic Acid 15%, Propylene Glycol, Glycerin, Laureth-23, Ferulic Acid, Tocopherol, Triethanolamine, Phenoxyethanol, Sodium Hyaluronate',
    expected: ['Aqua', 'Ethoxydiglycol', 'Ascorbic Acid', 'Propylene Glycol', 'Glycerin', 'Laureth-23', 'Ferulic Acid', 'Tocopherol', 'Triethanolamine', 'Phenoxyethanol', 'Sodium Hyaluronate'],
  },
  ahaToner: {
    name: 'glycolic acid toner',
    text: 'Aqua, Glycolic Acid, Rosa Damascena Flower Water, Hamamelis Virginiana Water, Aloe Barbadensis Leaf Water, Glycerin, Sodium Hydroxide, Panthenol, Tasmannia Lanceolata Fruit/Leaf Extract, Ginseng Root Extract, Hexylene Glycol, Fragrance (Parfum)',
    expected: ['Aqua', 'Glycolic Acid', 'Rosa Damascena Flower Water', 'Hamamelis Virginiana Water', 'Aloe Barbadensis Leaf Juice', 'Glycerin', 'Sodium Hydroxide', 'Panthenol', null, 'Panax Ginseng Root Extract', 'Hexylene Glycol', 'Parfum'],
  },
  bhaExfoliant: {
    name: '2% salicylic acid liquid exfoliant',
    text: 'Water (Aqua), Methylpropanediol, Butylene Glycol, Salicylic Acid, Polysorbate 20, Camellia Oleifera Leaf Extract, Sodium Hydroxide, Tetrasodium EDTA',
    expected: ['Aqua', 'Methylpropanediol', 'Butylene Glycol', 'Salicylic Acid', 'Polysorbate 20', 'Camellia Oleifera Leaf Extract', 'Sodium Hydroxide', 'Tetrasodium EDTA'],
  },
  ceramideMoisturiser: {
    name: 'moisturiser with ceramides and niacinamide',
    text: 'Aqua, Glycerin, Caprylic/Capric Triglyceride, Cetearyl Alcohol, Niacinamide, Squalane, Ceramide NP, Ceramide AP, Ceramide EOP, Cholesterol, Phytosphingosine, Sodium Hyaluronate, Hydrolyzed Hyaluronic Acid, Panthenol, Allantoin, Ceteareth-20, Carbomer, Sodium Lauroyl Lactylate, Xanthan Gum, Phenoxyethanol, Ethylhexylglycerin',
    expected: ['Aqua', 'Glycerin', 'Caprylic/Capric Triglyceride', 'Cetearyl Alcohol', 'Niacinamide', 'Squalane', 'Ceramide NP', 'Ceramide AP', 'Ceramide EOP', 'Cholesterol', 'Phytosphingosine', 'Sodium Hyaluronate', 'Hydrolyzed Hyaluronic Acid', 'Panthenol', 'Allantoin', 'Ceteareth-20', 'Carbomer', 'Sodium Lauroyl Lactylate', 'Xanthan Gum', 'Phenoxyethanol', 'Ethylhexylglycerin'],
  },
  shampoo: {
    name: 'sulfate shampoo',
    text: 'Aqua; Sodium Laureth Sulfate; Cocamidopropyl Betaine; Sodium Chloride; Glycol Distearate; Dimethicone; Citric Acid; Sodium Benzoate; Guar Hydroxypropyltrimonium Chloride; Sodium Xylenesulfonate; Parfum; Methylchloroisothiazolinone; Methylisothiazolinone; Limonene; Linalool',
    expected: ['Aqua', 'Sodium Laureth Sulfate', 'Cocamidopropyl Betaine', 'Sodium Chloride', 'Glycol Distearate', 'Dimethicone', 'Citric Acid', 'Sodium Benzoate', 'Guar Hydroxypropyltrimonium Chloride', 'Sodium Xylenesulfonate', 'Parfum', 'Methylchloroisothiazolinone', 'Methylisothiazolinone', 'Limonene', 'Linalool'],
  },
  bodyLotion: {
    name: 'body lotion with mineral oil and parabens',
    text: 'Water, Glycerin, Mineral Oil, Isopropyl Palmitate, Stearic Acid, Glycol Stearate, Dimethicone, Petrolatum, Cetyl Alcohol, Triethanolamine, Carbomer, Magnesium Aluminum Silicate, Methylparaben, Propylparaben, DMDM Hydantoin, Disodium EDTA, Fragrance',
    expected: ['Aqua', 'Glycerin', 'Paraffinum Liquidum', 'Isopropyl Palmitate', 'Stearic Acid', 'Glycol Stearate', 'Dimethicone', 'Petrolatum', 'Cetyl Alcohol', 'Triethanolamine', 'Carbomer', 'Magnesium Aluminum Silicate', 'Methylparaben', 'Propylparaben', 'DMDM Hydantoin', 'Disodium EDTA', 'Parfum'],
  },
  hairOil: {
    name: 'coconut hair oil',
    text: 'Cocos Nucifera (Coconut) Oil, Isopropyl Myristate, Argania Spinosa (Argan) Kernel Oil, Ricinus Communis (Castor) Seed Oil, Tocopherol, Parfum (Fragrance), Benzyl Salicylate, Coumarin, Hexyl Cinnamal',
    expected: ['Cocos Nucifera Oil', 'Isopropyl Myristate', 'Argania Spinosa Kernel Oil', 'Ricinus Communis Seed Oil', 'Tocopherol', 'Parfum', 'Benzyl Salicylate', 'Coumarin', 'Hexyl Cinnamal'],
  },
  faceOil: {
    name: 'organic face oil with essential oils',
    text: `Simmondsia Chinensis (Jojoba) Seed Oil*, Rosa Canina Fruit Oil*, Squalane, Lavandula Angustifolia (Lavender) Oil*,
Citrus Aurantium Bergamia (Bergamot) Peel Oil*, Pelargonium Graveolens Flower Oil*, Tocopherol, Linalool**, Limonene**,
Geraniol**, Citral**.
*Certified organic ingredients **Naturally occurring in essential oils`,
    expected: ['Simmondsia Chinensis Seed Oil', 'Rosa Canina Fruit Oil', 'Squalane', 'Lavandula Angustifolia Oil', 'Citrus Aurantium Bergamia Peel Oil', 'Pelargonium Graveolens Flower Oil', 'Tocopherol', 'Linalool', 'Limonene', 'Geraniol', 'Citral'],
  },
  clayMask: {
    name: 'kaolin and charcoal clay mask',
    text: 'Kaolin, Aqua, Bentonite, Glycerin, Montmorillonite, Charcoal Powder, Titanium Dioxide, Cetearyl Alcohol, Zinc Oxide, Aloe Barbadensis Leaf Juice, Xanthan Gum, Phenoxyethanol, Sodium Benzoate, Potassium Sorbate, Citric Acid',
    expected: ['Kaolin', 'Aqua', 'Bentonite', 'Glycerin', 'Montmorillonite', 'Charcoal Powder', 'Titanium Dioxide', 'Cetearyl Alcohol', 'Zinc Oxide', 'Aloe Barbadensis Leaf Juice', 'Xanthan Gum', 'Phenoxyethanol', 'Sodium Benzoate', 'Potassium Sorbate', 'Citric Acid'],
  },
  micellarWater: {
    name: 'micellar water, one ingredient per line',
    text: 'Ingredients:\nAqua\nHexylene Glycol\nGlycerin\nPoloxamer 184\nDisodium Cocoamphodiacetate\nDisodium EDTA\nPolyaminopropyl Biguanide',
    expected: ['Aqua', 'Hexylene Glycol', 'Glycerin', 'Poloxamer 184', 'Disodium Cocoamphodiacetate', 'Disodium EDTA', 'Polyaminopropyl Biguanide'],
  },
  eyeCream: {
    name: 'eye cream with caffeine and peptides',
    text: 'Aqua • Glycerin • Cyclopentasiloxane • Caffeine • Butyrospermum Parkii Butter • Niacinamide • Peg-100 Stearate • Glyceryl Stearate • Cetyl Alcohol • Acetyl Hexapeptide-8 • Palmitoyl Tripeptide-1 • Sodium Hyaluronate • Tocopheryl Acetate • Carbomer • Phenoxyethanol • Chlorphenesin',
    expected: ['Aqua', 'Glycerin', 'Cyclopentasiloxane', 'Caffeine', 'Butyrospermum Parkii Butter', 'Niacinamide', 'PEG-100 Stearate', 'Glyceryl Stearate', 'Cetyl Alcohol', 'Acetyl Hexapeptide-8', 'Palmitoyl Tripeptide-1', 'Sodium Hyaluronate', 'Tocopheryl Acetate', 'Carbomer', 'Phenoxyethanol', 'Chlorphenesin'],
  },
  lipBalm: {
    name: 'flavoured tinted lip balm',
    text: 'Ricinus Communis Seed Oil, Cera Alba (Beeswax), Cocos Nucifera Oil, Lanolin, Theobroma Cacao Seed Butter, Paraffin, Petrolatum, Tocopheryl Acetate, Aroma (Flavor), Benzyl Alcohol, CI 15850, Vanillin',
    expected: ['Ricinus Communis Seed Oil', 'Cera Alba', 'Cocos Nucifera Oil', 'Lanolin', 'Theobroma Cacao Seed Butter', 'Paraffin', 'Petrolatum', 'Tocopheryl Acetate', 'Aroma', 'Benzyl Alcohol', 'CI 15850', 'Vanillin'],
  },
  babyLotion: {
    name: 'fragrance-free baby lotion with colloidal oatmeal',
    text: 'Water, Glycerin, Caprylic/Capric Triglyceride, Cetearyl Alcohol, Avena Sativa (Oat) Kernel Flour, Glyceryl Stearate, Dimethicone, Sodium Cetearyl Sulfate, Phenoxyethanol, Ethylhexylglycerin, Sodium Hydroxide, Citric Acid',
    expected: ['Aqua', 'Glycerin', 'Caprylic/Capric Triglyceride', 'Cetearyl Alcohol', 'Avena Sativa Kernel Flour', 'Glyceryl Stearate', 'Dimethicone', 'Sodium Cetearyl Sulfate', 'Phenoxyethanol', 'Ethylhexylglycerin', 'Sodium Hydroxide', 'Citric Acid'],
  },
  fadeCream: {
    name: 'US skin-fade cream with hydroquinone',
    text: 'Active ingredient: Hydroquinone 2%. Inactive ingredients: Water, Cetyl Alcohol, Glyceryl Stearate, Isopropyl Myristate, Mineral Oil, Propylene Glycol, Sodium Lauryl Sulfate, Sodium Metabisulfite, Methylparaben, Propylparaben, Disodium EDTA, Fragrance',
    expected: ['Hydroquinone', 'Aqua', 'Cetyl Alcohol', 'Glyceryl Stearate', 'Isopropyl Myristate', 'Paraffinum Liquidum', 'Propylene Glycol', 'Sodium Lauryl Sulfate', 'Sodium Metabisulfite', 'Methylparaben', 'Propylparaben', 'Disodium EDTA', 'Parfum'],
  },
};
