import { describe, expect, it } from 'vitest';
import { DIFFICULTIES, difficultyColour, formatSessionDuration, sessionDurationMinutes } from './difficulty.ts';

describe('sessionDurationMinutes', () => {
  it('follows spec §9 for every level', () => {
    expect(sessionDurationMinutes('Beginner')).toEqual({ min: 15, max: 30 });
    expect(sessionDurationMinutes('Intermediate')).toEqual({ min: 30, max: 45 });
    expect(sessionDurationMinutes('Advanced')).toEqual({ min: 45, max: 90 });
    expect(sessionDurationMinutes('Expert')).toEqual({ min: 45, max: 90 });
  });

  it('never shortens as the difficulty rises', () => {
    for (let i = 1; i < DIFFICULTIES.length; i++) {
      const easier = sessionDurationMinutes(DIFFICULTIES[i - 1]!);
      const harder = sessionDurationMinutes(DIFFICULTIES[i]!);
      expect(harder.min).toBeGreaterThanOrEqual(easier.min);
      expect(harder.max).toBeGreaterThanOrEqual(easier.max);
    }
  });

  it('formats as text', () => {
    expect(formatSessionDuration('Beginner')).toBe('15-30 minutes');
    expect(formatSessionDuration('Expert')).toBe('45-90 minutes');
  });
});

describe('difficultyColour', () => {
  it('maps the four levels to green, yellow, orange and red', () => {
    expect(DIFFICULTIES.map(difficultyColour)).toEqual(['green', 'yellow', 'orange', 'red']);
  });
});
