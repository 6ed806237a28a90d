import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TErrorReport, ZFingerprintRequest, ZJourneyStart } from '../../../shared/contracts/analytics.ts';
import type { AppContext } from '../../context.ts';
import { analyticsEvents, errorReports, journeys } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';

export async function recordErrorReport(ctx: AppContext, report: TErrorReport, userId: string | null) {
  await ctx.database.db.insert(errorReports).values({
    userId,
    type: report.type,
    message: report.message,
    stack: report.stack ?? null,
    componentStack: report.componentStack ?? null,
    url: report.url ?? null,
    userAgent: report.userAgent ?? null,
    occurredAt: report.timestamp ? new Date(report.timestamp) : null,
  });
}

export async function listErrorReports(ctx: AppContext, limit = 100) {
  const rows = await ctx.database.db.select().from(errorReports).orderBy(desc(errorReports.createdAt)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    message: r.message,
    stack: r.stack,
    componentStack: r.componentStack,
    url: r.url,
    userAgent: r.userAgent,
    occurredAt: r.occurredAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * A coarse, non-identifying device fingerprint: a hash of what the browser reports,
 * salted with the server secret so it cannot be matched across sites.
 */
export function computeFingerprint(ctx: AppContext, input: z.infer<typeof ZFingerprintRequest>, ip: string) {
  const hash = (s: string) => createHash('sha256').update(ctx.secret).update(s).digest('hex').slice(0, 32);
  const device = [input.userAgent, input.screenResolution, input.timezone, input.language, input.platform, String(input.cookieEnabled)].join('|');
  return { fingerprint: hash(`${device}|${ip}`), deviceFingerprint: hash(device) };
}

export async function startJourney(ctx: AppContext, input: z.infer<typeof ZJourneyStart>, userId: string | null) {
  const [row] = await ctx.database.db
    .insert(journeys)
    .values({
      sessionId: input.sessionId,
      userId,
      fingerprint: input.fingerprint ?? null,
      deviceFingerprint: input.deviceFingerprint ?? null,
      entryPageType: input.entryPageType ?? null,
      entryUrl: input.entryUrl ?? null,
      entryReferrer: input.entryReferrer ?? null,
      entryReferrerSource: input.entryReferrerSource ?? null,
      entrySearchQuery: input.entrySearchQuery ?? null,
    })
    .returning({ id: journeys.id, createdAt: journeys.createdAt });
  if (!row) throw new Error('journey insert returned no row');
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}

export type AnalyticsKind =
  | 'journey_step'
  | 'journey_navigation'
  | 'journey_conversion'
  | 'page_view'
  | 'scroll_depth'
  | 'cta_click'
  | 'heatmap_click'
  | 'conversion_funnel';

export async function recordAnalyticsEvent(
  ctx: AppContext,
  kind: AnalyticsKind,
  payload: Record<string, unknown> & { sessionId?: string; pageType?: string | null },
  journeyId?: string,
) {
  if (journeyId) {
    const [journey] = await ctx.database.db.select({ id: journeys.id }).from(journeys).where(eq(journeys.id, journeyId)).limit(1);
    if (!journey) throw notFound('That journey');
    if (kind === 'journey_conversion') {
      await ctx.database.db.update(journeys).set({ convertedAt: new Date() }).where(eq(journeys.id, journeyId));
    }
  }
  await ctx.database.db.insert(analyticsEvents).values({
    kind,
    sessionId: payload.sessionId ?? null,
    journeyId: journeyId ?? null,
    pageType: payload.pageType ?? null,
    payload,
  });
}
