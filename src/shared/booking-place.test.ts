import { describe, expect, it } from 'vitest';
import { contactLinks, osmDirectionsUrl, osmMapUrl, presentWhere, type BookingPlaceFacts } from './booking-place.ts';

const studio = { slug: 'black-anchor-tattoo-co', name: 'Black Anchor Tattoo Co.', address: '245 Grand St, Brooklyn, NY 11211', city: 'New York', country: 'US', lat: 40.7136, lng: -73.9592 };

const facts = (patch: Partial<BookingPlaceFacts> = {}): BookingPlaceFacts => ({
  mode: 'in_person',
  status: 'requested',
  viewerRole: 'client',
  artistMessage: null,
  artist: { displayName: 'Rosa Delgado' },
  client: { firstName: 'Casey' },
  place: { studio, city: 'New York', country: 'US', instagram: 'rosa.delgado.ink' },
  ...patch,
});

describe('presentWhere', () => {
  it('names the studio with its address, an OpenStreetMap map and directions, not just the city', () => {
    expect(presentWhere(facts())).toEqual({
      kind: 'studio',
      name: 'Black Anchor Tattoo Co.',
      studioPath: '/studios/black-anchor-tattoo-co',
      address: '245 Grand St, Brooklyn, NY 11211',
      locality: 'New York, US',
      mapUrl: 'https://www.openstreetmap.org/?mlat=40.71360&mlon=-73.95920#map=17/40.71360/-73.95920',
      directionsUrl: 'https://www.openstreetmap.org/directions?to=40.71360%2C-73.95920',
    });
    // An address that names the city already needs no second line.
    const named = presentWhere(facts({ place: { ...facts().place, studio: { ...studio, address: '120 Brick Lane, London E1 6RU', city: 'London', country: 'GB' } } }));
    expect(named).toMatchObject({ address: '120 Brick Lane, London E1 6RU', locality: null });
  });

  it('without a studio, names the city with a map search and says where the address comes from', () => {
    const where = presentWhere(facts({ place: { studio: null, city: 'Austin', country: 'US', instagram: null } }));
    expect(where).toEqual({
      kind: 'city',
      place: 'Austin, US',
      mapUrl: 'https://www.openstreetmap.org/search?query=Austin%2C%20US',
      note: 'Rosa Delgado has no studio address on Inkhaven: the exact place comes with their answer to your request, under “Where it stands”.',
    });
    expect(presentWhere(facts({ viewerRole: 'artist', place: { studio: null, city: 'Austin', country: 'US', instagram: null } }))).toMatchObject({
      note: 'You have no studio address on Inkhaven: tell Casey where to come in your message when you accept.',
    });
  });

  it('says a video consultation happens in Inkhaven and when it can be joined', () => {
    const asked = presentWhere(facts({ mode: 'video' }));
    expect(asked).toMatchObject({ kind: 'video', title: 'Video call' });
    expect(asked.kind === 'video' ? asked.note : null).toBe('The call happens in Inkhaven: once Rosa Delgado accepts, you join it from Video Calls, from 10 minutes before the start.');
    expect(presentWhere(facts({ mode: 'video', viewerRole: 'artist' }))).toMatchObject({ note: expect.stringMatching(/^The call happens in Inkhaven: once you accept/) });
    expect(presentWhere(facts({ mode: 'video', status: 'confirmed' }))).toMatchObject({ note: 'Join the call in Inkhaven from 10 minutes before the start until the end.' });
    expect(presentWhere(facts({ mode: 'video', status: 'awaiting_deposit' }))).toMatchObject({ note: expect.stringMatching(/opens once the deposit is paid/) });
    expect(presentWhere(facts({ mode: 'video', status: 'declined' }))).toEqual({ kind: 'video', title: 'Video call', note: null });
  });
});

describe('contactLinks', () => {
  it('offers only what the artist gave Inkhaven', () => {
    expect(contactLinks(facts())).toEqual([
      { label: 'Instagram', text: '@rosa.delgado.ink', href: 'https://www.instagram.com/rosa.delgado.ink/' },
      { label: 'Studio', text: 'Black Anchor Tattoo Co.: opening hours and artists', href: '/studios/black-anchor-tattoo-co' },
    ]);
    expect(contactLinks(facts({ place: { studio: null, city: 'Austin', country: 'US', instagram: null } }))).toEqual([]);
  });

  it('builds map links from coordinates', () => {
    expect(osmMapUrl(52.5, 13.4)).toBe('https://www.openstreetmap.org/?mlat=52.50000&mlon=13.40000#map=17/52.50000/13.40000');
    expect(osmDirectionsUrl(52.5, 13.4)).toBe('https://www.openstreetmap.org/directions?to=52.50000%2C13.40000');
  });
});
