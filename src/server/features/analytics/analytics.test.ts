import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { eq } from 'drizzle-orm';
import { analyticsEvents, journeys } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const report = (message: string) => ({
  message,
  stack: `Error: ${message}\n    at Widget (widget.tsx:1:1)`,
  componentStack: '\n    at Widget',
  url: 'http://localhost:5000/test-switches',
  userAgent: 'vitest',
  timestamp: new Date().toISOString(),
  type: 'react_error_boundary',
});

describe('error telemetry', () => {
  it('stores reports from anyone and lists them newest first to admins', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.post('/api/analytics/error', report('first failure'))).statusCode).toBe(204);
    expect((await visitor.post('/api/analytics/error', report('second failure'))).statusCode).toBe(204);
    const admin = await createUser(t.app, { isAdmin: true });
    const list = await admin.client.get('/api/admin/error-reports');
    const messages = (list.json().items as Array<{ message: string }>).map((i) => i.message);
    expect(messages.slice(0, 2)).toEqual(['second failure', 'first failure']);
  });

  it('refuses a report of another type', async () => {
    const res = await new TestClient(t.app).post('/api/analytics/error', { ...report('x'), type: 'other' });
    expect(res.statusCode).toBe(400);
  });
});

describe('journeys and SEO analytics', () => {
  it('fingerprints, starts a journey and records steps, navigation and a conversion', async () => {
    const c = new TestClient(t.app);
    const fp = await c.post('/api/journey/fingerprint', {
      userAgent: 'vitest',
      screenResolution: '1280x720',
      timezone: 'Europe/Berlin',
      language: 'en',
      platform: 'Linux',
      cookieEnabled: true,
    });
    expect(fp.statusCode).toBe(200);
    const { fingerprint, deviceFingerprint } = fp.json();
    expect(fingerprint).toMatch(/^[0-9a-f]{32}$/);
    const start = await c.post('/api/journey/start', { sessionId: 's-1', fingerprint, deviceFingerprint, entryPageType: 'home', entryUrl: '/' });
    expect(start.statusCode).toBe(201);
    const id = start.json().journey.id as string;
    expect((await c.post(`/api/journey/${id}/steps`, { sessionId: 's-1', stepType: 'page_view', pageType: 'home', url: '/' })).statusCode).toBe(204);
    expect((await c.post(`/api/journey/${id}/navigation`, { sessionId: 's-1', fromUrl: '/', toUrl: '/artists' })).statusCode).toBe(204);
    expect((await c.post(`/api/journey/${id}/conversion`, { conversionStep: 'booking_complete', conversionValue: 6 })).statusCode).toBe(204);
    expect((await c.post(`/api/journey/${id}/steps`, { sessionId: 's-1', stepType: 'teleport' })).statusCode).toBe(400);
    expect((await c.post(`/api/journey/00000000-0000-4000-8000-000000000000/steps`, { sessionId: 's-1', stepType: 'search' })).statusCode).toBe(404);
    expect((await c.post(`/api/journey/00000000-0000-4000-8000-000000000000/conversion`, { conversionStep: 'booking_complete' })).statusCode).toBe(404);
    // The conversion ends the journey; each call is one row tied to it, its body kept as sent.
    const [journey] = await t.app.ctx.database.db.select().from(journeys).where(eq(journeys.id, id));
    expect(journey?.convertedAt).toBeInstanceOf(Date);
    const rows = await t.app.ctx.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.journeyId, id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['journey_conversion', 'journey_navigation', 'journey_step']);
    expect(rows.find((r) => r.kind === 'journey_step')).toMatchObject({ sessionId: 's-1', pageType: 'home', payload: { sessionId: 's-1', stepType: 'page_view', pageType: 'home', url: '/' } });
  });

  it('accepts a beacon step with the token in the query string', async () => {
    const c = new TestClient(t.app);
    const id = (await c.post('/api/journey/start', { sessionId: 's-2' })).json().journey.id as string;
    const token = await c.csrfToken();
    const res = await c.request('POST', `/api/journey/${id}/steps?csrf=${encodeURIComponent(token)}`, { sessionId: 's-2', stepType: 'page_view', exitPage: true, timeOnPage: 1200 }, { 'x-csrf-token': undefined });
    expect(res.statusCode).toBe(204);
    const without = await c.request('POST', `/api/journey/${id}/steps`, { sessionId: 's-2', stepType: 'page_view' }, { 'x-csrf-token': undefined });
    expect(without.statusCode).toBe(403);
  });

  it('records each SEO event and validates its fields', async () => {
    const c = new TestClient(t.app);
    const base = { sessionId: 's-3', pageType: 'guide' };
    const ok: Array<[string, object]> = [
      ['page-view', { ...base, url: '/tattoo-styles', bounced: false, deviceType: 'desktop' }],
      ['scroll-depth', { ...base, url: '/tattoo-styles', depthPercentage: 50 }],
      ['cta-click', { ...base, ctaType: 'primary', ctaText: 'Find artists', destinationUrl: '/artists' }],
      ['heatmap-click', { ...base, url: '/tattoo-styles', clickX: 10, clickY: 20 }],
      ['conversion-funnel', { sessionId: 's-3', funnelId: 'f-1', step: 'page_view', stepOrder: 1 }],
    ];
    for (const [path, body] of ok) expect((await c.post(`/api/analytics/seo/${path}`, body)).statusCode, path).toBe(204);
    expect((await c.post('/api/analytics/seo/scroll-depth', { ...base, url: '/', depthPercentage: 33 })).statusCode).toBe(400);
  });
});
