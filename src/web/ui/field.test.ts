import { describe, expect, it } from 'vitest';
import { sentence } from './field.tsx';

describe('sentence', () => {
  it('turns a schema message into a sentence', () => {
    expect(sentence('add a short headline')).toBe('Add a short headline.');
    expect(sentence('tell others a little more (at least 20 characters)')).toBe('Tell others a little more (at least 20 characters).');
  });
  it('leaves a finished sentence alone', () => {
    expect(sentence('Choose a rating from 1 to 5 stars.')).toBe('Choose a rating from 1 to 5 stars.');
    expect(sentence('Is this right?')).toBe('Is this right?');
    expect(sentence('')).toBe('');
  });
});
