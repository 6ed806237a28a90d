import { Link } from 'react-router';
import { FOOTER_LINKS } from '../../../shared/site-pages.ts';
import { AnalyticsFooterControl } from './analytics-footer-control.tsx';

// 44 px tall targets: the links sit close together on a phone.
const LINK_CLASS =
  'inline-flex min-h-11 items-center rounded-md px-2 font-medium text-stone-800 underline-offset-4 hover:text-stone-950 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600';

/**
 * The footer of every page (the `contentinfo` landmark): help, privacy, terms, the accessibility
 * statement and a way to write to a person. Part of the server-rendered shell, so it is there
 * before any JavaScript runs.
 */
export function SiteFooter() {
  return (
    <footer className="border-t border-stone-200 bg-stone-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="px-2 text-sm text-stone-700">Inkhaven: find and book tattoo and piercing artists.</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.href}>
                {link.external ? (
                  <a href={link.href} className={LINK_CLASS}>
                    {link.label}
                  </a>
                ) : (
                  <Link to={link.href} className={LINK_CLASS}>
                    {link.label}
                  </Link>
                )}
              </li>
            ))}
            <li>
              <AnalyticsFooterControl />
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
