import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZErrorReport,
  ZFingerprintRequest,
  ZJourneyConversion,
  ZJourneyNavigation,
  ZJourneyStart,
  ZJourneyStep,
  ZSeoConversionFunnel,
  ZSeoCtaClick,
  ZSeoHeatmapClick,
  ZSeoPageView,
  ZSeoScrollDepth,
  ZPerfQuery,
  ZFunnelQuery,
  ZHeatmapQuery,
  type TFunnelReport,
  type THeatmapReport,
  ZWebVitalReport,
  type TPerfReport,
} from '../../../shared/contracts/analytics.ts';
import { validate } from '../../http/app-error.ts';
import { requireAdmin } from '../../http/guards.ts';
import { clickHeatmap, funnelsByEntry } from './admin-reports.ts';
import { computeFingerprint, listErrorReports, recordAnalyticsEvent, recordErrorReport, recordWebVital, startJourney, webVitalsByDay, type AnalyticsKind } from './service.ts';

const ZJourneyParams = z.object({ id: z.uuid('Journey id must be a UUID') });
// Analytics endpoints are anonymous by nature; a per-IP ceiling keeps them from being a write amplifier.
const analyticsLimit = { rateLimit: { max: 600, timeWindow: '1 minute' } };

export async function analyticsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/api/analytics/error', { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request, reply) => {
    await recordErrorReport(ctx, validate(ZErrorReport, request.body), request.user?.id ?? null);
    return reply.status(204).send();
  });

  app.get('/api/admin/error-reports', async (request) => {
    requireAdmin(request);
    return { items: await listErrorReports(ctx) };
  });

  app.post('/api/journey/fingerprint', { config: analyticsLimit }, async (request) =>
    computeFingerprint(ctx, validate(ZFingerprintRequest, request.body), request.ip),
  );

  // web-vitals reports the last values as the page is hidden, by beacon: the token may ride in ?csrf=.
  app.post('/api/analytics/web-vitals', { config: { ...analyticsLimit, csrf: 'query' } }, async (request, reply) => {
    await recordWebVital(ctx, validate(ZWebVitalReport, request.body));
    return reply.status(204).send();
  });

  /** /admin/perf: real-user vitals at p75 per page type per day, and this process's server timings per route. */
  app.get('/api/admin/perf', async (request): Promise<TPerfReport> => {
    requireAdmin(request);
    const query = validate(ZPerfQuery, request.query);
    return {
      days: query.days,
      timezone: query.tz,
      vitals: await webVitalsByDay(ctx, query),
      server: { since: app.routeTimings.since.toISOString(), routes: app.routeTimings.summary() },
    };
  });

  /** /admin/analytics: funnels per entry page type, and the click heatmap of a page at a width bucket. */
  app.get('/api/admin/funnels', async (request): Promise<TFunnelReport> => {
    requireAdmin(request);
    return funnelsByEntry(ctx, validate(ZFunnelQuery, request.query));
  });
  app.get('/api/admin/heatmap', async (request): Promise<THeatmapReport> => {
    requireAdmin(request);
    return clickHeatmap(ctx, validate(ZHeatmapQuery, request.query));
  });

  app.post('/api/journey/start', { config: analyticsLimit }, async (request, reply) => {
    const journey = await startJourney(ctx, validate(ZJourneyStart, request.body), request.user?.id ?? null);
    return reply.status(201).send({ journey });
  });

  const journeyEvent = (kind: AnalyticsKind, schema: z.ZodType<Record<string, unknown>>) => async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const { id } = validate(ZJourneyParams, request.params);
    await recordAnalyticsEvent(ctx, kind, validate(schema, request.body), id);
    return reply.status(204).send();
  };
  // Steps are also sent with navigator.sendBeacon on unload, which cannot set headers: the token rides in ?csrf=.
  app.post('/api/journey/:id/steps', { config: { ...analyticsLimit, csrf: 'query' } }, journeyEvent('journey_step', ZJourneyStep));
  app.post('/api/journey/:id/navigation', { config: analyticsLimit }, journeyEvent('journey_navigation', ZJourneyNavigation));
  app.post('/api/journey/:id/conversion', { config: analyticsLimit }, journeyEvent('journey_conversion', ZJourneyConversion));

  const seo: Array<[string, AnalyticsKind, z.ZodType<Record<string, unknown>>]> = [
    ['page-view', 'page_view', ZSeoPageView],
    ['scroll-depth', 'scroll_depth', ZSeoScrollDepth],
    ['cta-click', 'cta_click', ZSeoCtaClick],
    ['heatmap-click', 'heatmap_click', ZSeoHeatmapClick],
    ['conversion-funnel', 'conversion_funnel', ZSeoConversionFunnel],
  ];
  for (const [path, kind, schema] of seo) {
    app.post(`/api/analytics/seo/${path}`, { config: { ...analyticsLimit, csrf: 'query' } }, async (request, reply) => {
      await recordAnalyticsEvent(ctx, kind, validate(schema, request.body));
      return reply.status(204).send();
    });
  }
}
