import { z } from 'zod';
import { ZInstant, zJsonRecord, zText } from './input.ts';

// Multi-line: stacks, and link or element text copied from the page, span lines.
const text = (max = 2000) => zText({ multiline: true }).max(max);
const optText = (max = 2000) => text(max).nullish();
const num = z.number().finite();

export const ZErrorReport = z.strictObject({
  message: text(5000),
  stack: optText(20000),
  componentStack: optText(20000),
  url: optText(),
  userAgent: optText(1000),
  timestamp: ZInstant.nullish(),
  type: z.literal('react_error_boundary'),
});
export type TErrorReport = z.infer<typeof ZErrorReport>;

export const ZFingerprintRequest = z.strictObject({
  userAgent: text(1000),
  screenResolution: text(64),
  timezone: text(64),
  language: text(64),
  platform: text(128),
  cookieEnabled: z.boolean(),
});

export const ZJourneyStart = z.strictObject({
  sessionId: text(128),
  fingerprint: optText(128),
  deviceFingerprint: optText(128),
  entryPageType: optText(64),
  entryUrl: optText(),
  entryReferrer: optText(),
  entryReferrerSource: optText(64),
  entrySearchQuery: optText(500),
});

export const JOURNEY_STEP_TYPES = ['page_view', 'navigation', 'cta_click', 'booking_step', 'form_submission', 'search'] as const;

export const ZJourneyStep = z.strictObject({
  sessionId: text(128),
  stepType: z.enum(JOURNEY_STEP_TYPES),
  pageType: optText(64),
  url: optText(),
  previousUrl: optText(),
  ctaType: optText(64),
  ctaText: optText(500),
  formData: zJsonRecord().nullish(),
  searchQuery: optText(500),
  timeFromJourneyStart: num.nullish(),
  timeOnPage: num.nullish(),
  exitPage: z.boolean().nullish(),
});

export const ZJourneyNavigation = z.strictObject({
  sessionId: text(128),
  fromUrl: optText(),
  toUrl: optText(),
  transitionType: optText(64),
  timeOnPreviousPage: num.nullish(),
  linkText: optText(500),
  linkPosition: optText(64),
  fromPageType: optText(64),
  toPageType: optText(64),
});

export const ZJourneyConversion = z.strictObject({
  conversionStep: text(64),
  conversionValue: num.nullish(),
  bookingId: optText(64),
});

export const ZSeoPageView = z.strictObject({
  sessionId: text(128),
  pageType: text(64),
  url: text(),
  referrerUrl: optText(),
  referrerSource: optText(64),
  searchQuery: optText(500),
  timeOnPage: num.nullish(),
  scrollDepthMax: num.nullish(),
  bounced: z.boolean().nullish(),
  exitPage: z.boolean().nullish(),
  deviceType: optText(32),
  browserType: optText(64),
});

export const ZSeoScrollDepth = z.strictObject({
  sessionId: text(128),
  pageType: text(64),
  url: text(),
  depthPercentage: z.union([z.literal(25), z.literal(50), z.literal(75), z.literal(100)]),
  timeToDepth: num.nullish(),
  totalPageHeight: num.nullish(),
  viewportHeight: num.nullish(),
});

export const ZSeoCtaClick = z.strictObject({
  sessionId: text(128),
  pageType: text(64),
  ctaType: text(64),
  ctaText: optText(500),
  ctaPosition: optText(64),
  clickX: num.nullish(),
  clickY: num.nullish(),
  timeToClick: num.nullish(),
  destinationUrl: optText(),
});

export const ZSeoHeatmapClick = z.strictObject({
  sessionId: text(128),
  pageType: text(64),
  url: text(),
  clickX: num,
  clickY: num,
  viewportWidth: num.nullish(),
  viewportHeight: num.nullish(),
  element: optText(200),
  elementText: optText(500),
  timeFromPageLoad: num.nullish(),
});

export const ZSeoConversionFunnel = z.strictObject({
  sessionId: text(128),
  funnelId: text(128),
  step: text(64),
  stepOrder: num,
  sourcePageType: optText(64),
  currentUrl: optText(),
  timeInStep: num.nullish(),
  timeFromStart: num.nullish(),
  completed: z.boolean().nullish(),
  abandoned: z.boolean().nullish(),
  bookingId: optText(64),
});
