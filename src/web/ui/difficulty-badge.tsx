import { DIFFICULTY_COLOURS, type Difficulty } from '../../shared/guides/difficulty.ts';

// Spec §9 colours, in shades that keep text contrast above 4.5:1.
const CLASSES: Record<(typeof DIFFICULTY_COLOURS)[Difficulty], string> = {
  green: 'bg-green-100 text-green-800 ring-green-300',
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-300',
  orange: 'bg-orange-100 text-orange-800 ring-orange-300',
  red: 'bg-red-100 text-red-800 ring-red-300',
};

export function DifficultyBadge({ difficulty, className = '' }: { difficulty: Difficulty; className?: string }) {
  return (
    <span
      data-colour={DIFFICULTY_COLOURS[difficulty]}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${CLASSES[DIFFICULTY_COLOURS[difficulty]]} ${className}`}
    >
      {difficulty}
    </span>
  );
}
