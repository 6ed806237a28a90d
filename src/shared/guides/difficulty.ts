/** Skill levels shared by piercing styles, tattoo style cards and services (spec §3). */
export const DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced', 'Expert'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export type MinuteRange = { min: number; max: number };

/** Spec §9: Beginner 15-30 minutes, Intermediate 30-45, every harder level 45-90. */
export function sessionDurationMinutes(difficulty: Difficulty): MinuteRange {
  switch (difficulty) {
    case 'Beginner':
      return { min: 15, max: 30 };
    case 'Intermediate':
      return { min: 30, max: 45 };
    default:
      return { min: 45, max: 90 };
  }
}

export function formatSessionDuration(difficulty: Difficulty): string {
  const { min, max } = sessionDurationMinutes(difficulty);
  return `${min}-${max} minutes`;
}

/** Spec §9: badge colours green, yellow, orange, red in difficulty order. */
export const DIFFICULTY_COLOURS = {
  Beginner: 'green',
  Intermediate: 'yellow',
  Advanced: 'orange',
  Expert: 'red',
} as const satisfies Record<Difficulty, string>;

export type DifficultyColour = (typeof DIFFICULTY_COLOURS)[Difficulty];

export function difficultyColour(difficulty: Difficulty): DifficultyColour {
  return DIFFICULTY_COLOURS[difficulty];
}
