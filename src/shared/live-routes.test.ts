import { describe, expect, it } from 'vitest';
import { isLiveHref, liveLinksOnly, PLANNED_ROUTES, plannedRouteFor, type PlannedRoute } from './live-routes.ts';

/** Every route of the spec has shipped; a page still being built is what these rules are for. */
const WITH_A_PLACEHOLDER: PlannedRoute[] = [...PLANNED_ROUTES, { path: '/studio/:id/payroll', title: 'Payroll', protected: true, live: false }];

describe('live routes', () => {
  it('holds back links to placeholder pages, with their query, anchor, parameters or a trailing slash', () => {
    for (const href of ['/studio/abc/payroll', '/studio/abc/payroll?month=5', '/studio/abc/payroll#june', '/studio/abc/payroll/']) {
      expect(isLiveHref(href, WITH_A_PLACEHOLDER), href).toBe(false);
      expect(isLiveHref(href), href).toBe(true);
    }
  });

  it('lets every other link through: working pages, other sites, mail and anchors', () => {
    for (const href of ['/', '/artists?kind=tattoo', '/dashboard', '/bookings/abc', '/messages', '/messages/abc#latest', '/consultations', '/consultations/abc', '/consultation', '/ai-generator', '/ai-generator?generation=abc', '/ar-test', '/ar-test?design=abc', '/consent-form?booking=abc', '/demo-consent-form', '/artist/consent-forms', '/github/repositories', '/github/projects', '/admin/perf', '/messagesx', '/messages/a/b', 'https://example.com/messages', 'mailto:help@example.com', '#faq', '//cdn.example.com/messages']) {
      expect(isLiveHref(href), href).toBe(true);
    }
  });

  it('filters lists of links by `to` or `href`', () => {
    expect(liveLinksOnly([{ to: '/artists' }, { to: '/studio/a/payroll' }], WITH_A_PLACEHOLDER)).toEqual([{ to: '/artists' }]);
    expect(liveLinksOnly([{ href: '/studio/a/payroll' }, { href: '/support' }], WITH_A_PLACEHOLDER)).toEqual([{ href: '/support' }]);
  });

  it('lists each path once, and finds the pattern a path renders', () => {
    expect(new Set(PLANNED_ROUTES.map((r) => r.path)).size).toBe(PLANNED_ROUTES.length);
    expect(plannedRouteFor('/messages/42')?.path).toBe('/messages/:id');
    expect(plannedRouteFor('/artists')).toBeUndefined();
    // Every route the spec lists has shipped.
    expect(PLANNED_ROUTES.filter((r) => !r.live).map((r) => r.path)).toEqual([]);
  });
});
