import { formatRating, RATING_BEST, starParts } from '../../shared/review-display.ts';
import { formatCount } from '../lib/format.ts';

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z';

function Star({ fill, size }: { fill: 'full' | 'half' | 'empty'; size: number }) {
  return (
    <span className="relative inline-block" style={{ width: size, height: size }}>
      <svg viewBox="0 0 20 20" width={size} height={size} className="absolute inset-0 text-stone-300" fill="currentColor" aria-hidden="true" focusable="false">
        <path d={STAR_PATH} />
      </svg>
      {fill !== 'empty' ? (
        <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: fill === 'half' ? size / 2 : size }}>
          <svg viewBox="0 0 20 20" width={size} height={size} className="text-amber-500" fill="currentColor" aria-hidden="true" focusable="false">
            <path d={STAR_PATH} />
          </svg>
        </span>
      ) : null}
    </span>
  );
}

type StarRatingProps = {
  value: number;
  /** Shown after the stars as "(1,834)" and read out with the rating. */
  count?: number | undefined;
  /** What the count counts, for the accessible label ("reviews", "survey answers"). */
  countLabel?: string;
  showValue?: boolean;
  size?: number;
  className?: string;
};

/** Stars on the 1–5 scale with a half star from .5 (spec §9), announced as one image: "Rated 4.5 out of 5". */
export function StarRating({ value, count, countLabel = 'reviews', showValue = true, size = 16, className = '' }: StarRatingProps) {
  const { full, half, empty } = starParts(value);
  const label = `Rated ${formatRating(value)} out of ${RATING_BEST}${count !== undefined ? ` from ${formatCount(count)} ${countLabel}` : ''}`;
  return (
    <span className={`inline-flex items-center gap-1.5 ${className}`}>
      <span role="img" aria-label={label} className="inline-flex gap-0.5">
        {Array.from({ length: full }, (_, i) => <Star key={`f${i}`} fill="full" size={size} />)}
        {half ? <Star fill="half" size={size} /> : null}
        {Array.from({ length: empty }, (_, i) => <Star key={`e${i}`} fill="empty" size={size} />)}
      </span>
      {showValue ? (
        <span aria-hidden="true" className="text-sm font-semibold text-stone-900">
          {formatRating(value)}
          {count !== undefined ? <span className="font-normal text-stone-600"> ({formatCount(count)})</span> : null}
        </span>
      ) : null}
    </span>
  );
}
