import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { isLiveHref } from '../../shared/live-routes.ts';
import { importerFor, pageImporters } from './page-registry.ts';
import { HOME_PREFETCH_DELAY_MS, PREFETCH_HINTS, PREFETCH_IDLE_TIMEOUT_MS, PREFETCH_STAGGER_MS, prefetchTargets } from './prefetch-hints.ts';
import { createRoutes } from './routes.tsx';

describe('prefetch hints (spec §2, §9)', () => {
  createRoutes(new QueryClient());

  it('point only at live pages of the route table', () => {
    for (const [, targets] of PREFETCH_HINTS) {
      for (const target of targets) {
        expect(importerFor(target), target).not.toBeNull();
        expect(isLiveHref(target), target).toBe(true);
        // A pattern's parameters stand for any value: the page it names exists as a route.
        if (target.includes(':')) expect(pageImporters.has(target), target).toBe(true);
      }
    }
  });

  it('follow the spec: home → artists and login, artists → booking and artist/create, booking → booking page and messages', () => {
    expect(prefetchTargets('/')).toEqual(['/artists', '/login']);
    expect(prefetchTargets('/home')).toEqual(['/artists', '/login']);
    expect(prefetchTargets('/artists')).toEqual(['/book/:artistId', '/artist/create']);
    expect(prefetchTargets('/book/abc')).toEqual(['/bookings/:id', '/messages']);
    expect(prefetchTargets('/admin-dashboard')).toEqual(['/admin/perf', '/admin/telemetry', '/admin/users', '/admin/artists']);
    expect(prefetchTargets('/features/smart-discovery')).toEqual(['/features/seamless-booking']);
    expect(prefetchTargets('/features/virtual-consultations')).toEqual(['/features/digital-consent']);
    expect(prefetchTargets('/privacy')).toEqual([]);
    expect([HOME_PREFETCH_DELAY_MS, PREFETCH_STAGGER_MS, PREFETCH_IDLE_TIMEOUT_MS]).toEqual([1000, 500, 2000]);
  });
});
