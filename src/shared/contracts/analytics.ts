import { z } from 'zod';
import { HEATMAP_WIDTH_BUCKETS } from '../heatmap.ts';
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

export const WEB_VITAL_NAVIGATION_TYPES = ['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore', 'soft-navigation'] as const;

/** `POST /api/analytics/web-vitals` (DESIGN §4): one metric as the web-vitals library reports it. */
export const ZWebVitalReport = z.strictObject({
  sessionId: text(128),
  name: z.enum(['LCP', 'INP', 'CLS', 'TTFB']),
  // CLS is unitless and small; the timings are milliseconds. An hour bounds any real page.
  value: num.min(0).max(3_600_000),
  rating: z.enum(['good', 'needs-improvement', 'poor']),
  id: text(128),
  url: text(),
  pageType: text(64),
  navigationType: z.enum(WEB_VITAL_NAVIGATION_TYPES).nullish(),
});
export type TWebVitalReport = z.infer<typeof ZWebVitalReport>;

export const ZPerfQuery = z.object({
  days: z.coerce.number().int().min(1).max(90).default(7),
  /** The viewer's IANA zone: days are the viewer's days. */
  tz: z
    .string()
    .max(64)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'Unknown time zone')
    .default('UTC'),
});

export type TPerfVitalRow = { day: string; pageType: string; name: 'LCP' | 'INP' | 'CLS' | 'TTFB'; p75: number; samples: number };
export type TRouteTiming = { method: string; route: string; count: number; p50: number; p95: number; p99: number; max: number };
export type TPerfReport = {
  days: number;
  timezone: string;
  vitals: TPerfVitalRow[];
  server: { since: string; routes: TRouteTiming[] };
};

/** Admin funnels and heatmap (issue 14 §3): the periods offered. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
const ZPeriod = z.enum(['7', '30', '90'], 'Period must be 7, 30 or 90 days').default('7').transform(Number);
const ZPageTypeName = z.string().regex(/^[a-z0-9_-]{1,64}$/, 'Not a page type');

export const ZFunnelQuery = z.object({
  days: ZPeriod,
  /** One entry page type; without it, every entry page type seen in the period. */
  entry: ZPageTypeName.optional(),
});

export type TFunnelStepRow = {
  step: string;
  order: number;
  /** Journeys whose furthest funnel step is this one or a later one (a funnel only narrows). */
  reached: number;
  /** Journeys that sent this very step (consultation_start is sent only for consultations). */
  recorded: number;
  /** reached ÷ the previous step's reached (1 for the first step; null when the previous is 0). */
  conversion: number | null;
};
export type TFunnelEntry = { entryPageType: string; journeys: number; steps: TFunnelStepRow[] };
export type TFunnelReport = { days: number; entries: TFunnelEntry[] };

export const ZHeatmapQuery = z.object({
  days: ZPeriod,
  /** A path (`/artists`) or a page type (`listing`); without it, the page with the most clicks. */
  page: z
    .string()
    .max(2000)
    .regex(/^(\/[^\s]*|[a-z0-9_-]{1,64})$/, 'Page must be a path starting with / or a page type')
    .optional(),
  /** A width bucket of HEATMAP_WIDTH_BUCKETS; without it, the bucket with the most clicks. */
  width: z.enum(HEATMAP_WIDTH_BUCKETS.map((b) => b.bucket), `Width must be one of ${HEATMAP_WIDTH_BUCKETS.map((b) => b.bucket).join(', ')}`).optional(),
});

export type THeatmapCell = { col: number; row: number; count: number };
export type THeatmapReport = {
  days: number;
  page: string | null;
  width: string | null;
  /** Pages with clicks in the period: paths and page types, most clicked first. */
  pages: Array<{ page: string; kind: 'path' | 'pageType'; clicks: number }>;
  /** Width buckets with clicks on the chosen page. */
  widths: Array<{ bucket: string; label: string; clicks: number }>;
  grid: { columns: number; rowHeightPx: number; rows: number; total: number; max: number; cells: THeatmapCell[] };
  /** The most clicked elements (tag and text) on the page at that width. */
  elements: Array<{ element: string; text: string; clicks: number }>;
};
