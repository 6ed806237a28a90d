/**
 * The site's standing pages, linked from the footer of every page: help, privacy, terms, the
 * accessibility statement and a way to reach a person. Kept small: the footer is part of the
 * first download of every page.
 */
export const SUPPORT_EMAIL = 'support@inkhaven.test';

export const PRIVACY_PATH = '/privacy';
export const TERMS_PATH = '/terms';
export const ACCESSIBILITY_PATH = '/accessibility';

/** What a page's head needs (title, description, canonical path); feature pages share the shape. */
export type SitePageMeta = { path: string; title: string; description: string };

export const PRIVACY_META: SitePageMeta = {
  path: PRIVACY_PATH,
  title: 'Privacy',
  description: 'What Inkhaven stores about you, who can see it, how long it is kept, and how analytics work only when you allow them.',
};

export const TERMS_META: SitePageMeta = {
  path: TERMS_PATH,
  title: 'Terms of use',
  description: 'The terms for using Inkhaven: accounts, booking requests, deposits, cancellations, reviews and what artists agree to.',
};

export const ACCESSIBILITY_META: SitePageMeta = {
  path: ACCESSIBILITY_PATH,
  title: 'Accessibility statement',
  description: 'How Inkhaven supports keyboards, screen readers and reduced motion, how we test it, what is not yet right, and how to report a problem.',
};

export type FooterLink = { label: string; href: string; external?: boolean };

/** Footer links, in reading order. */
export const FOOTER_LINKS: FooterLink[] = [
  { label: 'Help', href: '/support' },
  { label: 'Privacy', href: PRIVACY_PATH },
  { label: 'Terms', href: TERMS_PATH },
  { label: 'Accessibility', href: ACCESSIBILITY_PATH },
  { label: 'Contact', href: `mailto:${SUPPORT_EMAIL}`, external: true },
];
