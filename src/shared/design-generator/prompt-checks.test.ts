import { describe, expect, it } from 'vitest';
import { checkPrompt, normalisePrompt, quotaAt, timeLeftText } from './prompt-checks.ts';

const reason = (prompt: string) => {
  const result = checkPrompt(prompt);
  return result.ok ? 'ok' : result.reason;
};

describe('prompt checks', () => {
  it('bounds the length', () => {
    expect(reason('ab')).toBe('too_short');
    expect(reason('   ab   ')).toBe('too_short');
    expect(reason('x'.repeat(301))).toBe('too_long');
    expect(reason('a rose')).toBe('ok');
  });

  it('refuses hate symbols and slurs, also disguised', () => {
    for (const p of ['a swastika on my arm', 'S.W.A.S.T.I.K.A', 's w a s t i k a', 'sw@stik@ flowers', '1488 in gothic letters', 'the 14 words', 'white power fist', 'a KKK hood', 'Hitler portrait', 'h1tler']) {
      expect(reason(p), p).toBe('hate');
    }
    expect(checkPrompt('a swastika').ok ? '' : (checkPrompt('a swastika') as { code: string }).code).toBe('PROMPT_REFUSED');
  });

  it('refuses real people named in full', () => {
    for (const p of ['Taylor Swift in roses', 'portrait of elon musk', 'BEYONCÉ with a crown', 'Freddie Mercury singing']) expect(reason(p), p).toBe('real_person');
  });

  it('lets ordinary ideas through, including words that merely contain a listed one', () => {
    for (const p of ['a raccoon holding a spice jar', 'a sun and a swallow', 'my cat Drake', 'a Buddhist manji? no — a lotus', 'Scunthorpe skyline', 'koi fish with cherry blossom', 'a fagus (beech) leaf']) {
      expect(reason(p), p).toBe('ok');
    }
  });

  it('normalises case, accents, digits and punctuation', () => {
    expect(normalisePrompt('  Émile—R0SE!! ')).toBe('emile roseii');
  });
});

describe('hourly quota', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it('counts only the last hour', () => {
    expect(quotaAt([], now)).toEqual({ limit: 20, remaining: 20, resetsAt: null });
    const q = quotaAt([ago(61), ago(30), ago(10)], now);
    expect(q.remaining).toBe(18);
    expect(q.resetsAt?.toISOString()).toBe('2026-06-01T12:30:00.000Z');
  });

  it('at the limit, says when the oldest one leaves the window', () => {
    const recent = Array.from({ length: 20 }, (_, i) => ago(50 - i));
    const q = quotaAt(recent, now);
    expect(q.remaining).toBe(0);
    expect(q.resetsAt?.toISOString()).toBe(new Date(ago(50).getTime() + 3_600_000).toISOString());
    expect(timeLeftText(q.resetsAt!, now)).toBe('10 minutes');
    expect(timeLeftText(new Date(now.getTime() + 30_000), now)).toBe('less than a minute');
    expect(timeLeftText(new Date(now.getTime() + 61_000), now)).toBe('2 minutes');
  });
});
