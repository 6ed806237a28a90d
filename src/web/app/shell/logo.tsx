/** The Inkhaven mark: a drop of ink over a needle line, drawn inline so the bar costs no request. */
export function LogoMark({ className = 'h-7 w-7' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-stone-900" />
      <path d="M16 6c3.5 5 6.5 8.6 6.5 12.2A6.5 6.5 0 0 1 9.5 18.2C9.5 14.6 12.5 11 16 6Z" className="fill-amber-400" />
      <path d="M13 19.5a3 3 0 0 0 3 3" className="stroke-stone-900" strokeWidth="1.6" fill="none" strokeLinecap="round" />
    </svg>
  );
}
