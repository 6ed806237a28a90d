// The distinct (uncached) searches of `bench/search.ts`: generated from the seeded catalogue, asked
// once each. A module of its own so a profiling run can ask the same searches of a running app.
import http from 'node:http';
import { cpuTimeMs } from './processes.ts';
import { latencies } from './stats.ts';

export type DatabaseKind = 'pglite' | 'postgres';
export type DistinctCategory = 'name' | 'style × city' | 'place + radius' | 'availability dates' | 'soonest' | 'typo';
/** `cpuUsPerRequest`: the server's CPU time (user + system, from /proc) over the run, per request; on the 'all' row only. */
export type DistinctResult = { database?: DatabaseKind; category: DistinctCategory | 'all'; requests: number; rps: number; p50: number; p95: number; p975: number; p99: number; non2xx: number; cpuUsPerRequest?: number | null };

/** A small seeded generator, so every run asks the same 4,000 searches of the same catalogue. */
function prng(seed: number) {
  let x = seed >>> 0;
  const next = () => {
    x = (x + 0x6d2b79f5) >>> 0;
    let t = x;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

/** One typing mistake: a swapped pair, a dropped letter or a wrong letter, in a word of 4+ letters. */
function typo(text: string, random: ReturnType<typeof prng>): string {
  const words = text.split(' ');
  const candidates = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 4);
  if (!candidates.length) return text;
  const [word, index] = random.pick(candidates);
  const at = 1 + Math.floor(random.next() * (word.length - 2));
  const kind = random.next();
  const changed =
    kind < 0.4 ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : kind < 0.7 ? word.slice(0, at) + word.slice(at + 1) : word.slice(0, at) + random.pick([...'aeiourstn']) + word.slice(at + 1);
  words[index] = changed;
  return words.join(' ');
}

/** The searches: names, styles in cities, places with a radius, availability dates, and typos of names, styles and cities. */
export async function distinctSearches(base: string, count: number): Promise<Array<{ category: DistinctCategory; qs: string }>> {
  const { STYLE_NAMES } = await import('../../src/shared/search-synonyms.ts');
  const { slugify } = await import('../../src/shared/guides/search-links.ts');
  // Learn names, cities and places of the catalogue through the API (these answers are not measured).
  const artists: Array<{ displayName: string; city: string; lat: number; lng: number }> = [];
  let cursor: string | null = null;
  for (let page = 0; page < 5; page++) {
    const res = await fetch(`${base}/api/artists?sort=rating&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    const body = (await res.json()) as { items: typeof artists; nextCursor: string | null };
    artists.push(...body.items);
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  if (!artists.length) throw new Error('distinct searches: the catalogue is empty');
  const cities = [...new Set(artists.map((a) => a.city))];
  const random = prng(11);
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const makers: Array<[DistinctCategory, number, () => Record<string, string>]> = [
    ['name', 0.2, () => ({ q: random.next() < 0.5 ? random.pick(artists).displayName : random.pick(artists).displayName.split(' ').slice(-1)[0]!, ...(random.next() < 0.5 ? { limit: String(12 + Math.floor(random.next() * 12)) } : {}) })],
    ['style × city', 0.25, (): Record<string, string> => (random.next() < 0.5 ? { q: `${random.pick(STYLE_NAMES)} ${random.pick(cities)}` } : { style: slugify(random.pick(STYLE_NAMES)), city: random.pick(cities) })],
    ['place + radius', 0.15, () => {
      const a = random.pick(artists);
      return { near: `${(a.lat + (random.next() - 0.5) * 0.2).toFixed(3)},${(a.lng + (random.next() - 0.5) * 0.2).toFixed(3)}`, radiusKm: String(random.pick([10, 25, 50, 100])) };
    }],
    ['availability dates', 0.1, () => {
      const from = Math.floor(random.next() * 30);
      return { style: slugify(random.pick(STYLE_NAMES)), availableFrom: day(from), availableTo: day(from + 1 + Math.floor(random.next() * 14)) };
    }],
    // The availability sort ("soonest available first") over a style, a place or a city: its own class (issue 11 §4).
    ['soonest', 0.05, (): Record<string, string> => {
      const which = random.next();
      if (which < 0.5) return { sort: 'soonest', style: slugify(random.pick(STYLE_NAMES)), ...(random.next() < 0.5 ? { kind: 'tattoo' } : {}) };
      if (which < 0.75) {
        const a = random.pick(artists);
        return { sort: 'soonest', near: `${(a.lat + (random.next() - 0.5) * 0.2).toFixed(3)},${(a.lng + (random.next() - 0.5) * 0.2).toFixed(3)}`, radiusKm: String(random.pick([25, 50, 100])) };
      }
      return { sort: 'soonest', city: random.pick(cities), ...(random.next() < 0.5 ? { style: slugify(random.pick(STYLE_NAMES)) } : {}) };
    }],
    ['typo', 0.25, (): Record<string, string> => {
      const which = random.next();
      if (which < 0.4) return { q: typo(random.pick(artists).displayName, random) };
      if (which < 0.8) return { q: typo(`${random.pick(STYLE_NAMES)} ${random.pick(cities)}`, random) };
      return { city: typo(random.pick(cities), random) };
    }],
  ];
  const seen = new Set<string>();
  const out: Array<{ category: DistinctCategory; qs: string }> = [];
  for (const [category, share, make] of makers) {
    const target = Math.round(count * share);
    for (let tries = 0, made = 0; made < target && tries < target * 50; tries++) {
      const qs = new URLSearchParams(make()).toString();
      if (seen.has(qs)) continue;
      seen.add(qs);
      out.push({ category, qs });
      made++;
    }
  }
  // Interleaved, as real traffic would be.
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * GET `url` on a kept-alive connection of `agent`: the status, once the whole body has arrived.
 * node:http rather than fetch: on two cores the load generator shares the CPU with the app and
 * the database, and fetch spent about twice the CPU per request.
 */
function get(agent: http.Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export async function measureDistinct(base: string, searches: Array<{ category: DistinctCategory; qs: string }>, connections: number, serverPid?: number): Promise<DistinctResult[]> {
  const times = new Map<DistinctCategory, number[]>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let non2xx = 0;
  let next = 0;
  const started = performance.now();
  const cpuBefore = cpuTimeMs(serverPid);
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < searches.length) {
        const { category, qs } = searches[next++]!;
        const t0 = performance.now();
        const status = await get(agent, `${base}/api/artists?${qs}`);
        const ms = performance.now() - t0;
        if (status !== 200) non2xx++;
        const list = times.get(category) ?? [];
        list.push(ms);
        times.set(category, list);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = cpuTimeMs(serverPid);
  agent.destroy();
  const all = [...times.values()].flat();
  const cpuUsPerRequest = cpuBefore !== null && cpuAfter !== null && all.length > 0 ? ((cpuAfter - cpuBefore) * 1000) / all.length : null;
  return [
    { category: 'all', requests: all.length, rps: all.length / elapsed, ...latencies(all), non2xx, cpuUsPerRequest },
    ...[...times].map(([category, list]): DistinctResult => ({ category, requests: list.length, rps: list.length / elapsed, ...latencies(list), non2xx: 0 })),
  ];
}
