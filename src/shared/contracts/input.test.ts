import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INPUT_YEAR_MAX, INPUT_YEAR_MIN, instantInRange, textProblem, ZDate, ZInstant, zJsonRecord, zText } from './input.ts';

const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('zText', () => {
  it('takes ordinary text, accents and emoji', () => {
    for (const value of ['Zoë Hart', 'Ink & Co.', '日本語', '😀 rose 🌹', "O'Brien $`$'$&", '']) expect(ok(zText(), value), value).toBe(true);
  });

  it('refuses NUL, other control characters and lone surrogates, with a message a person understands', () => {
    for (const value of ['a\u0000b', '\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\uD800', 'x\uDFFF', '😀'.slice(0, 1)]) {
      const result = zText().safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/control character|broken character/);
    }
  });

  it('allows line breaks and tabs only in multi-line text', () => {
    expect(ok(zText(), 'one\ntwo')).toBe(false);
    expect(ok(zText({ multiline: true }), 'one\r\ntwo\tthree')).toBe(true);
    expect(ok(zText({ multiline: true }), 'one\u0000two')).toBe(false);
  });

  it('keeps the usual string checks chainable', () => {
    const name = zText().trim().min(2).max(5);
    expect(name.safeParse('  ab  ').data).toBe('ab');
    expect(ok(name, 'a')).toBe(false);
    expect(ok(name, 'abcdef')).toBe(false);
  });

  it('agrees with what PostgreSQL text can hold, for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const refused = textProblem(value, true) !== null;
        const storable = !value.includes('\u0000') && value === Buffer.from(value, 'utf8').toString('utf8');
        // Whatever PostgreSQL would refuse is refused; what is refused besides is a control character.
        if (!storable) expect(refused).toBe(true);
        if (refused && storable) expect(value).toMatch(/\p{Cc}/u);
      }),
      { seed: 7, numRuns: 500 },
    );
  });
});

describe('zJsonRecord', () => {
  it('checks every string inside, keys included, at any depth', () => {
    expect(ok(zJsonRecord(), { idea: 'a rose\non the arm', list: [1, 'two', { three: null }] })).toBe(true);
    expect(ok(zJsonRecord(), { a: [{ b: 'x\u0000' }] })).toBe(false);
    expect(ok(zJsonRecord(), { a: { 'k\u0000': 1 } })).toBe(false);
    expect(ok(zJsonRecord(), { a: ['\uD800'] })).toBe(false);
  });
});

describe('ZDate and ZInstant', () => {
  it('take real dates and instants inside the accepted years', () => {
    for (const value of ['2026-12-31', '2028-02-29', `${INPUT_YEAR_MIN}-01-01`, `${INPUT_YEAR_MAX}-12-31`]) expect(ok(ZDate, value), value).toBe(true);
    for (const value of ['2027-03-01T15:00:00Z', '2027-03-01T15:00:00.123+05:30', '2027-03-01T15:00:00-08:00']) expect(ok(ZInstant, value), value).toBe(true);
  });

  it('refuse dates out of range or not on the calendar', () => {
    for (const value of ['0001-01-01', '9999-12-31', '0000-00-00', '2026-02-30', '2026-13-01', '+275760-09-13', '2026-1-1', '2026-12-31T00:00:00Z', '']) {
      expect(ok(ZDate, value), value).toBe(false);
    }
    for (const value of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '+275760-09-13T00:00:00Z', '2026-02-30T10:00:00Z', '2027-03-01T15:00:00', '2027-03-01', 'tomorrow']) {
      expect(ok(ZInstant, value), value).toBe(false);
    }
    // An offset that carries the instant over the last accepted year is outside too.
    expect(ok(ZInstant, `${INPUT_YEAR_MAX}-12-31T23:00:00-05:00`)).toBe(false);
    expect(ZDate.safeParse('9999-12-31').error?.issues[0]?.message).toMatch(new RegExp(`between ${INPUT_YEAR_MIN} and ${INPUT_YEAR_MAX}`));
  });

  it('bound instants given as numbers the same way', () => {
    expect(instantInRange(Date.parse('2026-01-01T00:00:00Z'))).toBe(true);
    for (const ms of [Number.NaN, Infinity, 8.64e15 + 1, -1e20, Date.parse('1899-12-31T23:59:59Z')]) expect(instantInRange(ms), String(ms)).toBe(false);
  });
});
