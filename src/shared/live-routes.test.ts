import { describe, expect, it } from 'vitest';
import { isLiveHref, liveLinksOnly, PLANNED_ROUTES, plannedRouteFor } from './live-routes.ts';

describe('live routes', () => {
  it('holds back links to placeholder pages, with their query, anchor, parameters or a trailing slash', () => {
    expect(isLiveHref('/ai-generator')).toBe(false);
    expect(isLiveHref('/ai-generator?style=fine-line')).toBe(false);
    expect(isLiveHref('/ai-generator#start')).toBe(false);
    expect(isLiveHref('/ai-generator/')).toBe(false);
    expect(isLiveHref('/github/projects')).toBe(false);
  });

  it('lets every other link through: working pages, other sites, mail and anchors', () => {
    for (const href of ['/', '/artists?kind=tattoo', '/dashboard', '/bookings/abc', '/messages', '/messages/abc#latest', '/consultations', '/consultations/abc', '/consultation', '/messagesx', '/messages/a/b', 'https://example.com/messages', 'mailto:help@example.com', '#faq', '//cdn.example.com/messages']) {
      expect(isLiveHref(href), href).toBe(true);
    }
  });

  it('filters lists of links by `to` or `href`', () => {
    expect(liveLinksOnly([{ to: '/artists' }, { to: '/ai-generator' }])).toEqual([{ to: '/artists' }]);
    expect(liveLinksOnly([{ href: '/consent-form' }, { href: '/support' }])).toEqual([{ href: '/support' }]);
  });

  it('lists each path once, and finds the pattern a path renders', () => {
    expect(new Set(PLANNED_ROUTES.map((r) => r.path)).size).toBe(PLANNED_ROUTES.length);
    expect(plannedRouteFor('/messages/42')?.path).toBe('/messages/:id');
    expect(plannedRouteFor('/artists')).toBeUndefined();
  });
});
