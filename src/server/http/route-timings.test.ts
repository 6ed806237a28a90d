import { describe, expect, it } from 'vitest';
import { RouteTimings, timingRouteOf } from './route-timings.ts';

describe('RouteTimings', () => {
  it('reads percentiles within 4 % of the true values and sorts the slowest route first', () => {
    const timings = new RouteTimings();
    for (let ms = 1; ms <= 1000; ms++) timings.record('GET', '/api/slow', ms);
    for (let i = 0; i < 100; i++) timings.record('GET', '/api/fast', 2);
    const [slow, fast] = timings.summary();
    expect(slow).toMatchObject({ method: 'GET', route: '/api/slow', count: 1000, max: 1000 });
    expect(slow!.p50).toBeGreaterThanOrEqual(500);
    expect(slow!.p50).toBeLessThanOrEqual(520);
    expect(slow!.p95).toBeGreaterThanOrEqual(950);
    expect(slow!.p95).toBeLessThanOrEqual(988);
    expect(slow!.p99).toBeGreaterThanOrEqual(990);
    expect(slow!.p99).toBeLessThanOrEqual(1000);
    expect(fast).toMatchObject({ route: '/api/fast', count: 100, max: 2 });
    expect(fast!.p99).toBeLessThanOrEqual(2);
  });

  it('starts empty', () => {
    expect(new RouteTimings().summary()).toEqual([]);
  });

  it('names server-rendered pages by their first segment, never a slug, and caps the number of routes', () => {
    expect(timingRouteOf('/api/artists/:idOrSlug', '/api/artists/rosa')).toBe('/api/artists/:idOrSlug');
    expect(timingRouteOf(undefined, '/')).toBe('/ (page)');
    expect(timingRouteOf(undefined, '/artists?q=x')).toBe('/artists (page)');
    expect(timingRouteOf(undefined, '/artists/rosa-delgado')).toBe('/artists/* (page)');
    expect(timingRouteOf(undefined, '/api/nothing')).toBe('(unknown API path)');
    const timings = new RouteTimings();
    for (let i = 0; i < 400; i++) timings.record('GET', `/probe-${i} (page)`, 1);
    const routes = timings.summary(1000);
    expect(routes).toHaveLength(301);
    expect(routes.find((r) => r.route === '(other)')?.count).toBe(100);
  });
});
