import { useId } from 'react';

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z';
const WORDS: Record<number, string> = { 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Very good', 5: 'Excellent' };

export const ratingWords = (v: number) => `${v} out of 5 stars${WORDS[Math.floor(v)] ? ` — ${WORDS[Math.floor(v)]}` : ''}`;

/**
 * 1–5 stars in half steps as a native radio group: each half star is one radio (its left or right
 * half), so arrow keys step by half a star, screen readers read "3.5 stars", and nothing is colour
 * alone — the chosen value is written out below. Half a star alone (0.5) is not offered: the scale starts at 1.
 */
export function StarInput({
  value,
  onChange,
  name,
  legend,
  error,
}: {
  value: number | undefined;
  onChange: (v: number) => void;
  name: string;
  legend: string;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={`${id}-value${error ? ` ${id}-error` : ''}`} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-stone-900">{legend}</legend>
      <div className="mt-1 flex items-center rounded-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber-600" style={{ width: 'fit-content' }}>
        {[1, 2, 3, 4, 5].map((star) => {
          const fill = value === undefined ? 0 : value >= star ? 1 : value >= star - 0.5 ? 0.5 : 0;
          return (
            <span key={star} className="relative inline-block h-9 w-9">
              <svg viewBox="0 0 20 20" className="absolute inset-0 h-9 w-9 text-stone-300" fill="currentColor" aria-hidden="true" focusable="false">
                <path d={STAR_PATH} />
              </svg>
              {fill > 0 ? (
                <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: fill === 1 ? '100%' : '50%' }}>
                  <svg viewBox="0 0 20 20" className="h-9 w-9 text-amber-500" fill="currentColor" aria-hidden="true" focusable="false">
                    <path d={STAR_PATH} />
                  </svg>
                </span>
              ) : null}
              {[star - 0.5, star].map((v, half) => {
                const enabled = v >= 1;
                const inputId = `${id}-${v}`;
                return (
                  <label key={v} htmlFor={enabled ? inputId : undefined} className={`absolute inset-y-0 w-1/2 ${half === 0 ? 'left-0' : 'right-0'} ${enabled ? 'cursor-pointer' : ''}`}>
                    {enabled ? (
                      <>
                        <input
                          id={inputId}
                          type="radio"
                          name={name}
                          value={v}
                          checked={value === v}
                          onChange={() => onChange(v)}
                          className="sr-only"
                        />
                        <span className="sr-only">{v === 1 ? '1 star' : `${v} stars`}</span>
                      </>
                    ) : null}
                  </label>
                );
              })}
            </span>
          );
        })}
      </div>
      <p id={`${id}-value`} className="mt-1 text-sm text-stone-700" aria-live="polite">
        {value === undefined ? 'Choose from 1 to 5 stars; half stars are fine.' : ratingWords(value)}
      </p>
      {error ? <p id={`${id}-error`} className="text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}
