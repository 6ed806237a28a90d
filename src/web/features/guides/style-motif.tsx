import type { ReactNode } from 'react';
import type { TattooMotif } from '../../../shared/guides/tattoo-styles.ts';

// Tiny inline drawings instead of photos: no network images, a few hundred bytes each.
const MOTIFS: Record<TattooMotif, { bg: string; art: ReactNode }> = {
  traditional: {
    bg: 'bg-red-50',
    art: (
      <g fill="none" stroke="#1c1917" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="32" cy="13" r="5" />
        <path d="M32 18v34M22 28h20" />
        <path d="M14 40c2 9 9 14 18 14s16-5 18-14" />
        <path d="M14 40l-3 5M50 40l3 5" stroke="#b91c1c" />
      </g>
    ),
  },
  realism: {
    bg: 'bg-stone-100',
    art: (
      <g>
        <path d="M6 32c8-12 17-18 26-18s18 6 26 18c-8 12-17 18-26 18S14 44 6 32z" fill="#e7e5e4" stroke="#44403c" strokeWidth="2" />
        <circle cx="32" cy="32" r="11" fill="#57534e" />
        <circle cx="32" cy="32" r="5" fill="#0c0a09" />
        <circle cx="35" cy="29" r="2" fill="#fafaf9" />
      </g>
    ),
  },
  watercolor: {
    bg: 'bg-sky-50',
    art: (
      <g>
        <circle cx="26" cy="28" r="15" fill="#38bdf8" opacity="0.55" />
        <circle cx="38" cy="34" r="14" fill="#f472b6" opacity="0.5" />
        <circle cx="30" cy="40" r="11" fill="#facc15" opacity="0.5" />
        <path d="M18 46c8-4 18-14 26-26" fill="none" stroke="#1c1917" strokeWidth="1.5" strokeLinecap="round" />
      </g>
    ),
  },
  geometric: {
    bg: 'bg-emerald-50',
    art: (
      <g fill="none" stroke="#1c1917" strokeWidth="2" strokeLinejoin="round">
        <circle cx="32" cy="33" r="24" />
        <path d="M32 9l21 36H11z" />
        <path d="M32 57L11 21h42z" />
        <circle cx="32" cy="33" r="6" />
      </g>
    ),
  },
  'fine-line': {
    bg: 'bg-rose-50',
    art: (
      <g fill="none" stroke="#1c1917" strokeWidth="1" strokeLinecap="round">
        <path d="M32 58V24" />
        <path d="M32 44c-6-2-10-7-11-13 6 1 10 6 11 13zM32 38c6-2 10-7 11-13-6 1-10 6-11 13z" />
        <path d="M32 24c-4-3-5-9-2-14 1 4 4 6 2 14zM32 24c4-3 5-9 2-14-1 4-4 6-2 14z" />
      </g>
    ),
  },
  japanese: {
    bg: 'bg-indigo-50',
    art: (
      <g strokeLinecap="round" strokeLinejoin="round">
        <path d="M4 50c8 0 10-24 28-24 10 0 14 8 10 14-3 4-9 3-9-1 0-3 4-4 5-2" fill="none" stroke="#1e3a8a" strokeWidth="4" />
        <path d="M4 56c10 0 16-4 24-4s14 4 32 4" fill="none" stroke="#1e3a8a" strokeWidth="3" />
        <circle cx="50" cy="14" r="6" fill="#dc2626" />
      </g>
    ),
  },
  blackwork: {
    bg: 'bg-stone-200',
    art: (
      <g fill="#0c0a09">
        <circle cx="28" cy="32" r="22" />
        <circle cx="38" cy="27" r="19" fill="#e7e5e4" />
        <circle cx="48" cy="20" r="3" />
        <circle cx="54" cy="32" r="3" />
        <circle cx="48" cy="44" r="3" />
      </g>
    ),
  },
  'neo-traditional': {
    bg: 'bg-amber-50',
    art: (
      <g stroke="#1c1917" strokeWidth="2.5" strokeLinejoin="round">
        <path d="M32 52c-12 0-20-8-20-18 0-6 4-12 10-14 2 6 6 8 10 8s8-2 10-8c6 2 10 8 10 14 0 10-8 18-20 18z" fill="#be123c" />
        <path d="M22 20c2-6 6-10 10-10s8 4 10 10c-3 4-6 6-10 6s-7-2-10-6z" fill="#e11d48" />
        <path d="M32 38c-4 0-7-3-7-6 4 0 7 2 7 6zM32 38c4 0 7-3 7-6-4 0-7 2-7 6z" fill="#9f1239" />
        <path d="M14 54l-6 6M50 54l6 6" stroke="#15803d" strokeWidth="3" />
      </g>
    ),
  },
  minimalist: {
    bg: 'bg-white',
    art: (
      <path d="M32 48S14 37 14 25c0-6 4-10 9-10 4 0 7 2 9 6 2-4 5-6 9-6 5 0 9 4 9 10 0 12-18 23-18 23z" fill="none" stroke="#1c1917" strokeWidth="2" strokeLinejoin="round" />
    ),
  },
};

export function StyleMotif({ motif, description, className = '' }: { motif: TattooMotif; description: string; className?: string }) {
  const m = MOTIFS[motif];
  return (
    <div className={`flex items-center justify-center ${m.bg} ${className}`}>
      <svg viewBox="0 0 64 64" width="96" height="96" role="img" aria-label={description}>
        {m.art}
      </svg>
    </div>
  );
}
