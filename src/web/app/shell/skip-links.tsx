/** Spec §2: skip links are the first tab stops. Pages may add more with `extra`. */
export function SkipLinks({ extra = [] }: { extra?: Array<{ href: string; label: string }> }) {
  const links = [{ href: '#main-content', label: 'Skip to main content' }, { href: '#main-navigation', label: 'Skip to navigation' }, ...extra];
  return (
    <div className="skip-links">
      {links.map((l) => (
        <a key={l.href} href={l.href} className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[100] focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-stone-900 focus:shadow-lg focus:ring-2 focus:ring-amber-600">
          {l.label}
        </a>
      ))}
    </div>
  );
}
