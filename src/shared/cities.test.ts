import { describe, expect, it } from 'vitest';
import { CITIES, cityLabel, findCity, findCityByName, PLACES, resolvePlace, searchCities, searchPlaces } from './cities.ts';

describe('bundled city list', () => {
  it('has about 150 cities with unique ids, valid coordinates, ISO country codes and real IANA zones', () => {
    expect(CITIES.length).toBeGreaterThanOrEqual(140);
    expect(new Set(CITIES.map((c) => c.id)).size).toBe(CITIES.length);
    for (const c of CITIES) {
      expect(c.id).toMatch(/^[a-z0-9-]+-[a-z]{2}$/);
      expect(c.country).toMatch(/^[A-Z]{2}$/);
      expect(Math.abs(c.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(c.lng)).toBeLessThanOrEqual(180);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: c.timezone }), c.timezone).not.toThrow();
    }
  });

  it('finds a city by id and by stored name and country', () => {
    expect(findCity('new-york-us')).toMatchObject({ name: 'New York', timezone: 'America/New_York' });
    expect(findCity('sao-paulo-br')?.name).toBe('São Paulo');
    expect(findCity('atlantis-xx')).toBeUndefined();
    expect(findCityByName('Portland', 'US')?.id).toBe('portland-us');
    expect(findCityByName('portland', 'GB')).toBeUndefined();
  });

  it('labels cities without repeating the region', () => {
    expect(cityLabel(findCity('portland-us')!)).toBe('Portland, OR, US');
    expect(cityLabel(findCity('berlin-de')!)).toBe('Berlin, DE');
  });
});

describe('searchCities', () => {
  const names = (q: string, limit?: number) => searchCities(q, limit).map((c) => c.name);

  it('returns nothing for an empty query', () => {
    expect(searchCities('   ')).toEqual([]);
  });

  it('puts exact and prefix matches first', () => {
    expect(names('Portland')[0]).toBe('Portland');
    expect(names('san')).toEqual(expect.arrayContaining(['San Francisco', 'San Diego', 'San Antonio', 'San Jose']));
    expect(names('san').slice(0, 6).every((n) => /^san/i.test(n))).toBe(true);
    // More "San…" and "Santa…" cities than the default limit: ask for more to see the substring match.
    expect(names('san', 20)).toContain('Busan');
    expect(names('Los')[0]).toBe('Los Angeles');
  });

  it('matches a later word of the name, accents folded', () => {
    expect(names('york')).toContain('New York');
    expect(names('sao paulo')[0]).toBe('São Paulo');
    expect(names('reykjavik')[0]).toBe('Reykjavík');
    expect(names('krakow')[0]).toBe('Kraków');
  });

  it('forgives a typo', () => {
    expect(names('Berln')).toContain('Berlin');
    expect(names('Melborne')).toContain('Melbourne');
    expect(names('Chicgo')).toContain('Chicago');
    expect(names('xqzv')).toEqual([]);
  });

  it('respects the limit', () => {
    expect(searchCities('a', 3)).toHaveLength(3);
  });
});

describe('places: cities, boroughs and neighbourhoods', () => {
  it('gives every area a unique id, its city\'s zone and a radius', () => {
    expect(new Set(PLACES.map((p) => p.id)).size).toBe(PLACES.length);
    const areas = PLACES.filter((p) => p.kind === 'area');
    expect(areas.length).toBeGreaterThanOrEqual(40);
    for (const a of areas) {
      expect(a.radiusKm).toBeGreaterThan(0);
      expect(a.label.startsWith(`${a.name}, `)).toBe(true);
    }
    expect(PLACES.find((p) => p.name === 'Brooklyn')).toMatchObject({ timezone: 'America/New_York', label: 'Brooklyn, New York, NY, US' });
  });

  it('suggests places while typing, by prefix and despite a typo', () => {
    expect(searchPlaces('Brookl').map((p) => p.name)).toEqual(['Brooklyn']);
    expect(searchPlaces('shored')[0]?.label).toBe('Shoreditch, London, England, GB');
    expect(searchPlaces('Willamsburg')[0]?.name).toBe('Williamsburg');
    expect(searchPlaces('Brooklyn, New York, NY, US')[0]?.name).toBe('Brooklyn');
    expect(searchPlaces('zzzz')).toEqual([]);
  });

  it('resolves what was typed: exact label or name, else the best guess, else nothing', () => {
    expect(resolvePlace('Brooklyn, New York, NY, US')).toMatchObject({ place: { name: 'Brooklyn' }, exact: true });
    expect(resolvePlace('kreuzberg')).toMatchObject({ place: { name: 'Kreuzberg', timezone: 'Europe/Berlin' }, exact: true });
    expect(resolvePlace('Brookl')).toMatchObject({ place: { name: 'Brooklyn' }, exact: false });
    expect(resolvePlace('Portlnd')).toMatchObject({ place: { name: 'Portland', kind: 'city' }, exact: false });
    expect(resolvePlace('Xyzzyqqq')).toBeNull();
    expect(resolvePlace('  ')).toBeNull();
  });
});
