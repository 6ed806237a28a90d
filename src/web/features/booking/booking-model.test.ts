import { describe, expect, it } from 'vitest';
import { attemptFor, emptyDraft, firstOpenStep, parseDraft, stepProblems, toCreateBody, type BookingDraft } from './draft.ts';
import { dateTimeRange, groupByDay, weekLabel, weekRange } from './time.ts';

const ARTIST = '7d3f1c52-2f4e-4c55-9b7a-0c5a1d2e3f40';
const SERVICE = '0b6c8f5e-1a2b-4c3d-8e9f-a0b1c2d3e4f5';

function filled(patch: Partial<BookingDraft> = {}): BookingDraft {
  return {
    ...emptyDraft(ARTIST),
    serviceId: SERVICE,
    idea: '  A small swallow with a banner  ',
    placement: ' Left ankle ',
    slot: { startsAt: '2027-03-02T15:00:00.000Z', endsAt: '2027-03-02T16:00:00.000Z' },
    acceptPolicy: true,
    ...patch,
  };
}

describe('booking draft', () => {
  it('reads back what was stored and drops what it does not recognise', () => {
    const stored = JSON.stringify({ ...filled({ mode: 'video', colour: 'black_and_grey', step: 'time', weekOffset: 2 }), mode: 'video' });
    const draft = parseDraft(ARTIST, stored);
    expect(draft).toMatchObject({ serviceId: SERVICE, mode: 'video', colour: 'black_and_grey', step: 'time', weekOffset: 2, acceptPolicy: true });

    const odd = parseDraft(ARTIST, JSON.stringify({ ...filled(), step: 'payment', mode: 'phone', colour: 'neon', weekOffset: -3, slot: { startsAt: 5 } }));
    expect(odd).toMatchObject({ step: 'what', mode: '', colour: '', weekOffset: 0, slot: null });
  });

  it('starts fresh for broken JSON, another artist or another version', () => {
    expect(parseDraft(ARTIST, '{nope')).toEqual(emptyDraft(ARTIST));
    expect(parseDraft(ARTIST, JSON.stringify({ ...filled(), artistId: SERVICE }))).toEqual(emptyDraft(ARTIST));
    expect(parseDraft(ARTIST, JSON.stringify({ ...filled(), version: 2 }))).toEqual(emptyDraft(ARTIST));
  });

  it('builds the request body with trimmed text and only the answers given', () => {
    const body = toCreateBody(filled({ images: [{ id: SERVICE, kind: 'reference', url: '/u/a.webp', thumbUrl: '/u/a-t.webp', width: 10, height: 10 }] }), 'Europe/Berlin');
    expect(body).toEqual({
      artistId: ARTIST,
      serviceId: SERVICE,
      startsAt: '2027-03-02T15:00:00.000Z',
      idea: 'A small swallow with a banner',
      placement: 'Left ankle',
      referenceImageIds: [SERVICE],
      clientTimezone: 'Europe/Berlin',
      acceptPolicy: true,
    });
  });

  it('leaves the session of a flash design to the server: no serviceId in the body', () => {
    const body = toCreateBody(filled({ flashDesignId: ARTIST }), 'UTC');
    expect(body.flashDesignId).toBe(ARTIST);
    expect(body).not.toHaveProperty('serviceId');
  });

  it('keeps the Idempotency-Key for a retry of the same body and makes a new one when an answer changed', () => {
    const draft = filled();
    const first = attemptFor(draft, toCreateBody(draft, 'UTC'));
    expect(first.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const retried = { ...draft, attempt: first };
    expect(attemptFor(retried, toCreateBody(retried, 'UTC')).key).toBe(first.key);
    const changed = { ...retried, idea: 'A small swallow with a banner and a rose' };
    expect(attemptFor(changed, toCreateBody(changed, 'UTC')).key).not.toBe(first.key);
  });

  it('says what each step still needs, and where to resume', () => {
    const blank = emptyDraft(ARTIST);
    expect(stepProblems(blank, 'what', { needsMode: false })).toEqual({ service: 'Choose what you would like to book.' });
    expect(stepProblems({ ...blank, flashDesignId: SERVICE }, 'what', { needsMode: false }).service).toBe('This design cannot be booked with this artist right now.');
    expect(stepProblems({ ...blank, serviceId: SERVICE }, 'what', { needsMode: true })).toHaveProperty('mode');
    expect(stepProblems({ ...blank, idea: 'too short' }, 'details', { needsMode: false })).toHaveProperty('idea');
    expect(stepProblems({ ...blank, idea: 'long enough idea', size: 'x'.repeat(121) }, 'details', { needsMode: false })).toEqual({ size: 'Keep the size under 120 characters.' });
    expect(firstOpenStep(blank, { needsMode: false })).toBe('what');
    expect(firstOpenStep(filled({ slot: null }), { needsMode: false })).toBe('time');
    expect(firstOpenStep(filled({ acceptPolicy: false }), { needsMode: false })).toBe('confirm');
  });
});

describe('booking times', () => {
  it('bounds a week by Monday midnight in the viewer zone, across a DST change', () => {
    // Wednesday 2026-03-25 in Berlin; Europe switches to summer time on Sunday 29 March.
    const now = Date.parse('2026-03-25T12:00:00Z');
    const week = weekRange(now, 'Europe/Berlin', 0);
    expect(week.from).toBe('2026-03-22T23:00:00.000Z');
    expect(week.to).toBe('2026-03-29T21:59:59.000Z');
    expect(week.days.map((d) => d.day)).toEqual([23, 24, 25, 26, 27, 28, 29]);
    expect(weekLabel(week.days)).toBe('Mar 23 – Mar 29, 2026');
    expect(weekRange(now, 'Europe/Berlin', 1).from).toBe('2026-03-29T22:00:00.000Z');
    // Kathmandu is UTC+5:45.
    expect(weekRange(now, 'Asia/Kathmandu', 0).from).toBe('2026-03-22T18:15:00.000Z');
  });

  it('groups slots by the viewer’s local date, in time order', () => {
    const slots = [
      { startsAt: '2026-06-02T01:00:00Z' },
      { startsAt: '2026-06-01T15:00:00Z' },
      { startsAt: '2026-06-01T22:30:00Z' },
    ];
    expect(groupByDay(slots, 'UTC').map((g) => [g.day, g.slots.length])).toEqual([
      ['2026-06-01', 2],
      ['2026-06-02', 1],
    ]);
    // In Los Angeles (UTC-7 in June) all three fall on June 1.
    expect(groupByDay(slots, 'America/Los_Angeles').map((g) => [g.day, g.slots.map((s) => s.startsAt)])).toEqual([
      ['2026-06-01', ['2026-06-01T15:00:00Z', '2026-06-01T22:30:00Z', '2026-06-02T01:00:00Z']],
    ]);
  });

  it('writes a time range in the zone asked for', () => {
    expect(dateTimeRange('2026-06-01T15:00:00Z', '2026-06-01T18:00:00Z', 'America/New_York').replace(/\s+/g, ' ')).toBe('Mon, Jun 1, 2026, 11:00 AM – 2:00 PM');
  });
});
