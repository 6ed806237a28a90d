import { FEATURE_PAGE_PATHS, SUPPORT_PATH, VIRTUAL_CONSULTATIONS_PATH, type FeaturePagePath } from './feature-paths.ts';
import { SUPPORT_EMAIL, type SitePageMeta } from './site-pages.ts';

export { SUPPORT_EMAIL };

/**
 * Head data of the feature pages (spec §2). The route table knows only their paths
 * (feature-paths.ts); this module loads with the page, like the bodies in features-content.ts.
 */
/** The same head data as every standing page's. */
export type FeaturePageMeta = SitePageMeta;

const FEATURE_PAGE_TEXT: Record<FeaturePagePath, { title: string; description: string }> = {
  '/features/smart-discovery': {
    title: 'Smart discovery',
    description: 'Search tattoo and piercing artists by style, city, distance, rating, deposit and availability, with typo-tolerant search and shareable filters.',
  },
  '/features/seamless-booking': {
    title: 'Seamless booking',
    description: 'Request a consultation or session, get an answer from the artist, pay the deposit and see your confirmed time in your own time zone.',
  },
  '/features/virtual-consultations': {
    title: 'Virtual consultations',
    description: 'Book a consultation to talk through your tattoo or piercing before the session, in the studio or as a video call right in Inkhaven.',
  },
  '/features/digital-consent': {
    title: 'Digital consent',
    description: 'Sign your artist\u2019s consent form on your phone before the appointment: signature pad or typed name, age checks, and a sealed PDF copy.',
  },
  '/features/secure-payments': {
    title: 'Secure payments',
    description: 'Pay deposits of 100 to 500 USD through secure checkout, credited to your final price, with clear refund and reschedule rules.',
  },
  '/features/aftercare-automation': {
    title: 'Aftercare automation',
    description: 'After your session, the tattoo timeline or piercing routine arrives by notification and e-mail at 9:00 your time, with healing check-ins your artist sees.',
  },
  '/features/real-time-messaging': {
    title: 'Real-time messaging',
    description: 'Message your artist before and after you book: a conversation for every booking, live delivery, read receipts, photos, and messages written offline sent once.',
  },
  '/features/analytics-dashboard': {
    title: 'Analytics dashboard',
    description: 'For artists: booking requests, appointments, deposits due and received, your calendar and your reviews in one dashboard.',
  },
  '/features/flash-design-gallery': {
    title: 'Flash design gallery',
    description: 'Browse ready-to-tattoo flash designs from artists near you, filter by style, size, price and city, and book a design in a few taps.',
  },
  '/features/identity-safety': {
    title: 'Identity and safety',
    description: 'Verified artists, reviews from completed bookings, secure accounts and clear deposit rules: how Inkhaven keeps clients and artists safe.',
  },
};

export const FEATURE_PAGE_META: FeaturePageMeta[] = FEATURE_PAGE_PATHS.map((path) => ({ path, ...FEATURE_PAGE_TEXT[path] }));

export const VIRTUAL_CONSULTATIONS_META: FeaturePageMeta = {
  path: VIRTUAL_CONSULTATIONS_PATH,
  title: 'Consultations with tattoo and piercing artists',
  description: 'Plan your tattoo or piercing in a consultation with the artist, in the studio or as a video call right in Inkhaven.',
};

export const SUPPORT_META: FeaturePageMeta = {
  path: SUPPORT_PATH,
  title: 'Help and support',
  description: 'Get help with bookings, deposits, rescheduling, payments and safety on Inkhaven, or contact our support team.',
};


/** Support FAQ: rendered on /support and sent as FAQPage JSON-LD, so it sits with the head data. */
export const SUPPORT_FAQ: Array<{ question: string; answer: string }> = [
  {
    question: 'How do I book an appointment?',
    answer:
      'Find an artist, open their profile and choose Book. Pick a consultation or a session, describe your idea, placement and size, add reference photos and choose a time. The artist accepts or declines your request; once accepted you pay the deposit and the booking is confirmed.',
  },
  {
    question: 'How much is the deposit, and what happens to it?',
    answer:
      'Deposits are typically 100 to 500 USD, set by the artist for each service. The deposit is credited to your final price. If the artist cancels, it is refunded in full; if you cancel with less notice than the artist requires, it is not refunded.',
  },
  {
    question: 'Can I reschedule or cancel?',
    answer:
      'Yes. Artists ask for 48 to 72 hours of notice (48 hours unless their profile says otherwise). Reschedule or cancel from your booking page; your deposit carries over to the new time and is never charged twice. Most artists allow up to two reschedules.',
  },
  {
    question: 'How do I know an artist is safe?',
    answer:
      'Verified artists show a badge while our team has approved a current licence or health permit of theirs. Read reviews, which only come from completed bookings, look for healed work in their portfolio, and ask about sterilisation and jewelry during your consultation.',
  },
  {
    question: 'Is my payment information secure?',
    answer:
      'Card payments are handled by our payment provider on its secure checkout page; Inkhaven never sees or stores your card number. Some artists take the deposit at the studio instead, which the booking shows clearly.',
  },
  {
    question: 'My healing does not look right. What should I do?',
    answer:
      'Contact your artist and follow the aftercare guide. If redness, heat, swelling or discharge persists beyond 48 hours or gets worse, see a doctor. Fever or red streaks need a doctor the same day.',
  },
  {
    question: 'How do I report a problem with an artist or a client?',
    answer: `Email ${SUPPORT_EMAIL} with the booking or profile link and what happened. We read every report, and we act quickly on anything that concerns safety.`,
  },
];
