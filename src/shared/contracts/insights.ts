import { z } from 'zod';

/** The periods the Insights tab offers; `custom` takes from/to (local dates in the artist's zone). */
export const INSIGHT_RANGES = ['7', '30', '90', 'custom'] as const;
export type TInsightRange = (typeof INSIGHT_RANGES)[number];
/** The longest custom period, in days: a year and a day, so "the same day last year" fits. */
export const INSIGHT_MAX_DAYS = 366;

const zLocalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'use a date like 2026-05-31');

/** GET /api/artists/me/insights?range=7|30|90 or ?range=custom&from=YYYY-MM-DD&to=YYYY-MM-DD */
export const ZInsightsQuery = z
  .strictObject({
    range: z.enum(INSIGHT_RANGES).default('30'),
    from: zLocalDate.optional(),
    to: zLocalDate.optional(),
    /** Admins read any artist's insights. */
    artistId: z.uuid('artistId must be a UUID').optional(),
  })
  .superRefine((q, issue) => {
    if (q.range !== 'custom') {
      if (q.from || q.to) issue.addIssue({ code: 'custom', path: ['from'], message: 'from and to go with range=custom' });
      return;
    }
    if (!q.from || !q.to) {
      issue.addIssue({ code: 'custom', path: ['from'], message: 'a custom range needs both from and to' });
      return;
    }
    const from = Date.parse(`${q.from}T00:00:00Z`);
    const to = Date.parse(`${q.to}T00:00:00Z`);
    if (Number.isNaN(from) || Number.isNaN(to) || new Date(from).toISOString().slice(0, 10) !== q.from || new Date(to).toISOString().slice(0, 10) !== q.to) {
      issue.addIssue({ code: 'custom', path: ['from'], message: 'use real dates like 2026-05-31' });
    } else if (to < from) issue.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    else if ((to - from) / 86_400_000 + 1 > INSIGHT_MAX_DAYS) issue.addIssue({ code: 'custom', path: ['to'], message: `pick at most ${INSIGHT_MAX_DAYS} days` });
  });
export type TInsightsQuery = z.infer<typeof ZInsightsQuery>;

/** One day of the period, in the artist's time zone. */
export type TInsightDay = {
  day: string;
  profileViews: number;
  searchImpressions: number;
  requests: number;
  confirmed: number;
  completed: number;
  depositsPaidCents: number;
  reviews: number;
  /** Average stars of the reviews written that day, or null without any. */
  averageRating: number | null;
};

export type TInsights = {
  artistId: string;
  timezone: string;
  from: string;
  to: string;
  days: number;
  /** Days read from the nightly rollups; the rest (today at least) were counted live. */
  rolledUpDays: number;
  totals: {
    profileViews: number;
    searchImpressions: number;
    requests: number;
    accepted: number;
    declined: number;
    expired: number;
    confirmed: number;
    completed: number;
    cancelledByClient: number;
    cancelledByArtist: number;
    noShows: number;
    reviews: number;
    /** Average stars over the period's reviews, or null. */
    averageRating: number | null;
  };
  rates: {
    /** accepted / (accepted + declined + expired unanswered); null when nothing was answered. */
    acceptance: number | null;
    /** no-shows / appointments that reached their day (completed + no-shows); null without any. */
    noShow: number | null;
    /** cancellations (either side) / requests; null without requests. */
    cancellation: number | null;
  };
  funnel: Array<{ step: 'view' | 'request' | 'confirmed' | 'completed'; label: string; count: number }>;
  /** The same figures as the dashboard's deposits (GET /api/payments/summary), over the period's ledger rows. */
  money: { currency: string; paidInCents: number; heldCents: number; receivedCents: number; forfeitedCents: number; refundedCents: number; revenueCents: number };
  series: TInsightDay[];
  referrers: Array<{ source: string; views: number }>;
  /** Appointments by weekday (0 = Monday) and by hour (0–23), in the artist's time zone. */
  busiestDays: Array<{ weekday: number; label: string; appointments: number }>;
  busiestHours: Array<{ hour: number; appointments: number }>;
};

/**
 * POST /api/artists/impressions: the artists of a search results list that was shown to a person
 * (issue 14 §2, decision 0027). At most one results page's worth.
 */
export const ZSearchImpressions = z.strictObject({
  artistIds: z.array(z.uuid('artistIds must be UUIDs')).min(1, 'name at least one artist').max(100, 'at most 100 artists at once'),
});
export type TSearchImpressions = z.infer<typeof ZSearchImpressions>;
