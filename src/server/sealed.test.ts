import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, SealedDataError, sealJson, unseal, unsealJson } from './sealed.ts';

describe('sealed envelopes (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('round-trips and never holds the plain text', () => {
    const box = sealJson(key, { allergies: 'canary-latex-xyz' }, 'form:1');
    expect(box.includes(Buffer.from('canary-latex-xyz'))).toBe(false);
    expect(unsealJson(key, box, 'form:1')).toEqual({ allergies: 'canary-latex-xyz' });
  });

  it('uses a fresh IV each time', () => {
    expect(seal(key, Buffer.from('same'), 'c').equals(seal(key, Buffer.from('same'), 'c'))).toBe(false);
  });

  it('refuses a changed byte, another context and another key', () => {
    const box = seal(key, Buffer.from('date of birth'), 'form:1');
    const flipped = Buffer.from(box);
    flipped[flipped.length - 1]! ^= 1;
    expect(() => unseal(key, flipped, 'form:1')).toThrow(SealedDataError);
    expect(() => unseal(key, box, 'form:2')).toThrow(/changed or belong elsewhere/);
    expect(() => unseal(randomBytes(32), box, 'form:1')).toThrow(/another DATA_ENCRYPTION_KEY/);
    expect(() => unseal(key, Buffer.from('short'), 'form:1')).toThrow(/not a sealed envelope/);
  });
});
