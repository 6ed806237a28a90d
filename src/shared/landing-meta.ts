/**
 * Head data of the /tattoo-artists and /piercing-artists landing pages (spec §2), small enough for
 * the route table. The FAQ lives here because the route's FAQPage JSON-LD and the page both show it.
 * Card and section copy lives in landing-content.ts, which only the lazily loaded pages import.
 */
export type LandingKind = 'tattoo' | 'piercing';
export type LandingMeta = { path: string; kind: LandingKind; title: string; description: string };

export const TATTOO_ARTISTS_META: LandingMeta = {
  path: '/tattoo-artists',
  kind: 'tattoo',
  title: 'Find tattoo artists near you',
  description:
    'Find verified tattoo artists near you by style: traditional, fine line, realism and more. Compare portfolios and real client reviews, book a consultation and pay a secure deposit.',
};

export const PIERCING_ARTISTS_META: LandingMeta = {
  path: '/piercing-artists',
  kind: 'piercing',
  title: 'Find professional piercing artists',
  description:
    'Find certified piercers for ear, facial, body and surface piercings: sterile studios, implant-grade jewelry, aftercare support and reviews from completed bookings.',
};

/** Spec §2 FAQ facts: deposits typically 100 to 500 USD; reschedule notice 48 to 72 hours. */
export const TATTOO_DEPOSIT_RANGE = '100 to 500 USD';
export const TATTOO_RESCHEDULE_NOTICE = '48 to 72 hours';

export type FaqItem = { question: string; answer: string };

/** The tattoo page's five FAQ items (spec §2). */
export const TATTOO_FAQ: FaqItem[] = [
  {
    question: 'How do I choose the right tattoo artist?',
    answer:
      'Start with style: filter artists by the style you want and look for healed work in their portfolio, not only fresh photos. Read reviews, which on Inkhaven come only from completed bookings, and book a consultation to talk through placement, size and price before you commit.',
  },
  {
    question: 'How much is the deposit for a tattoo?',
    answer: `Deposits are typically ${TATTOO_DEPOSIT_RANGE}, depending on the size of the piece and the artist. The deposit secures your appointment and is credited to your final price. It is refunded in full if the artist cancels, and kept if you cancel with less notice than the artist requires.`,
  },
  {
    question: 'Can I reschedule my appointment?',
    answer: `Yes. Artists ask for ${TATTOO_RESCHEDULE_NOTICE} of notice (48 hours unless their profile says otherwise). Reschedule from your booking page: your deposit carries over to the new time and is never charged twice. Most artists allow up to two reschedules.`,
  },
  {
    question: 'Do I need a consultation before booking?',
    answer:
      'For custom work, yes: a consultation lets the artist understand your idea, check the placement and give you a price range. Many artists offer free or low-cost consultations, in the studio or as a video call.',
  },
  {
    question: 'How do I know a tattoo artist is safe?',
    answer:
      'Look for the verified badge: verified artists have had a current licence or health permit checked by our team. Good studios use single-use needles and sterile, sealed equipment opened in front of you, and ask you to sign a consent form before the session. You must be 18 or older to be tattooed.',
  },
];
