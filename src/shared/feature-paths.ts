/** Paths of the feature pages (spec §2), all the route table needs; their head data is in features-meta.ts. */
export const FEATURE_PAGE_PATHS = [
  '/features/smart-discovery',
  '/features/seamless-booking',
  '/features/virtual-consultations',
  '/features/digital-consent',
  '/features/secure-payments',
  '/features/aftercare-automation',
  '/features/real-time-messaging',
  '/features/analytics-dashboard',
  '/features/flash-design-gallery',
  '/features/identity-safety',
] as const;
export type FeaturePagePath = (typeof FEATURE_PAGE_PATHS)[number];

export const VIRTUAL_CONSULTATIONS_PATH = '/virtual-consultations';
export const SUPPORT_PATH = '/support';
