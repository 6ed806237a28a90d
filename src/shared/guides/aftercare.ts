/** Aftercare guide content and figures (spec §2 aftercare page, §9 aftercare claims). */

export const AFTERCARE_FACTS = {
  /** Self-reported reader survey figures (spec §9); always shown attributed to the survey. */
  perfectHealingRate: '98.2%',
  fasterHealingDays: 15,
  supportHours: '24/7',
  piercingRoutineMinutes: 10,
  salinePercent: '0.9%',
  cleaningsPerDay: { min: 1, max: 2 },
  seekCareAfterHours: 48,
  piercingHealing: { shortest: '4 weeks', longest: '12 months' },
  surfaceHealing: { initial: '2 to 3 weeks', full: '3 to 6 months' },
  tattooHealingDays: 28,
} as const;

/**
 * Spec §9 article lengths for the long-form guides (piercing 1,200 words, tattoo 2,500).
 * Kept as data; not claimed in page markup until articles of that length are published.
 */
export const AFTERCARE_ARTICLE_WORD_COUNTS = { piercing: 1200, tattoo: 2500 } as const;

/**
 * The spec's hard-coded aftercare aggregate (spec §3). These are reader-survey answers, not
 * reviews of bookings, so the page labels them as such and never presents them as reviews.
 */
export const READER_SURVEY = {
  source: 'Reader survey',
  question: 'How helpful was this aftercare guide?',
  ratingValue: 4.9,
  reviewCount: 1834,
  bestRating: 5,
  worstRating: 1,
  ratingDistribution: { 5: 1645, 4: 167, 3: 18, 2: 3, 1: 1 },
} as const;

export type GuideItem = { title: string; text: string };

export const UNIVERSAL_PRINCIPLES: GuideItem[] = [
  {
    title: 'Clean hands, always',
    text: 'Wash your hands with soap before you touch a new tattoo or piercing. Most infections start with unwashed fingers.',
  },
  {
    title: 'Clean gently, not often',
    text: 'Fragrance-free soap for tattoos, sterile saline for piercings. Over-cleaning irritates healing skin as much as neglect does.',
  },
  {
    title: 'Leave it alone',
    text: 'No picking, scratching, twisting or changing jewelry early. Let scabs and crusts fall away on their own.',
  },
  {
    title: 'Protect it',
    text: 'Keep it out of the sun, away from pools, baths and hot tubs, and free of friction from tight clothes until it has healed.',
  },
];

export type TimelinePhase = { period: string; title: string; summary: string; steps: string[] };

export const TATTOO_TIMELINE: TimelinePhase[] = [
  {
    period: 'Days 1-3',
    title: 'Fresh wound',
    summary: 'Your tattoo is an open wound. Expect redness, warmth, some swelling and clear or inky fluid.',
    steps: [
      'Remove the wrap when your artist said to (usually after 2-4 hours, or 3-5 days for an adhesive film).',
      'Wash with lukewarm water and fragrance-free soap, then pat dry with a clean paper towel.',
      'Apply a very thin layer of the aftercare product your artist recommends, two or three times a day.',
      'Sleep on clean sheets and wear loose, clean clothing over it.',
    ],
  },
  {
    period: 'Days 4-14',
    title: 'Peeling and itching',
    summary: 'The surface flakes like a sunburn and itches. This is normal: the ink underneath is settling.',
    steps: [
      'Do not pick, scratch or peel the flakes; pat or lightly tap an itch instead.',
      'Switch to a fragrance-free lotion once or twice a day, only enough to stop tightness.',
      'No swimming, baths, saunas or tanning. Short showers are fine.',
      'Keep it out of direct sun; cover it with loose clothing.',
    ],
  },
  {
    period: 'Weeks 2-4',
    title: 'Settling in',
    summary: 'The surface closes and the tattoo may look cloudy or shiny while the deeper skin finishes healing.',
    steps: [
      'Keep moisturising if the skin feels dry.',
      'After about 28 days, once no flaking or shine remains, use SPF 30+ sunscreen whenever it is exposed.',
      'Book a touch-up with your artist if any patches healed light; most artists include one.',
    ],
  },
];

export const PIERCING_GUIDELINES: Array<{ title: string; items: string[] }> = [
  {
    title: 'Cleaning routine',
    items: [
      'Spray or soak with sterile saline wound wash (0.9% sodium chloride, nothing added).',
      'Clean 1-2 times daily and no more than twice: more often irritates the piercing.',
      'The whole routine takes about ten minutes: wash hands, saline, gently rinse in the shower, pat dry with non-woven gauze or a paper towel.',
    ],
  },
  {
    title: 'Hands off the jewelry',
    items: [
      'Do not twist, turn or slide the jewelry; crusts should soften and rinse away.',
      'Keep the jewelry in for the whole healing time, even if it feels healed.',
      'Go back to your piercer to downsize the post once swelling settles, usually after a few weeks.',
    ],
  },
  {
    title: 'Everyday life',
    items: [
      'Avoid sleeping on it: a travel pillow helps for ear piercings.',
      'Change pillowcases often and clean phones, headphones and glasses that touch it.',
      'Stay out of pools, lakes, the sea and hot tubs until healed.',
      'Keep make-up, hair products and perfume away from the site.',
    ],
  },
  {
    title: 'Normal healing or warning sign?',
    items: [
      'Normal: tenderness, mild swelling, itching and clear or whitish crust in the first weeks.',
      'Normal: healing in stages. It can look healed outside long before the inside is.',
      'Warning: spreading redness, heat, thick yellow or green discharge, or growing pain.',
      'If symptoms persist beyond 48 hours, seek care from your piercer or a doctor.',
    ],
  },
];

export const PRODUCTS_TO_USE: GuideItem[] = [
  { title: 'Sterile saline wound wash', text: '0.9% sodium chloride in a pressurised can, with no additives. The standard for piercings.' },
  { title: 'Fragrance-free liquid soap', text: 'A mild, unscented soap to wash tattoos and rinse residue from piercings.' },
  { title: 'Fragrance-free lotion or tattoo balm', text: 'A thin layer keeps a healing tattoo supple. Less is more.' },
  { title: 'Clean paper towels or non-woven gauze', text: 'Pat dry with something disposable; cloth towels harbour bacteria.' },
  { title: 'Mineral sunscreen, SPF 30+', text: 'Only once fully healed. Daily sun protection keeps ink crisp for years.' },
];

export const PRODUCTS_TO_AVOID: GuideItem[] = [
  { title: 'Alcohol and hydrogen peroxide', text: 'They kill healing cells and dry the skin, slowing healing.' },
  { title: 'Antibiotic ointments on piercings', text: 'Thick ointments trap bacteria and block airflow. Use them only if a doctor prescribes them.' },
  { title: 'Homemade salt soaks', text: 'Kitchen salt mixes are rarely the right strength and are not sterile.' },
  { title: 'Tea tree and essential oils', text: 'Common causes of irritation and allergic reactions on broken skin.' },
  { title: 'Scented lotions and heavy petroleum jelly', text: 'Fragrance irritates, and thick layers suffocate a healing tattoo.' },
  { title: 'Cotton balls and swabs', text: 'Fibres catch on jewelry and get stuck in the wound.' },
];

export const MEDICAL_WARNING_SIGNS: string[] = [
  'Redness or swelling that keeps spreading',
  'The area feels hot and the pain is increasing',
  'Thick yellow, green or grey discharge, or a bad smell',
  'Red streaks spreading from the site',
  'Fever, chills or feeling unwell',
];
