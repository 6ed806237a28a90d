import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Cta } from '../../../shared/features-content.ts';
import { FEATURE_PAGE_META } from '../../../shared/features-meta.ts';
import { isLiveHref } from '../../../shared/live-routes.ts';
import { ButtonLink } from '../../ui/button-link.tsx';

/** A button only for a page that works today (src/shared/live-routes.ts). */
const shown = (cta: Cta | undefined): Cta | undefined => (cta && isLiveHref(cta.href) ? cta : undefined);

export function FeatureHero({ eyebrow, headline, lead, notice, primary, secondary, children }: {
  eyebrow: string;
  headline: string;
  lead: string;
  /** Shown right under the lead, before the buttons. */
  notice?: ReactNode;
  primary?: Cta | undefined;
  secondary?: Cta | undefined;
  children?: ReactNode;
}) {
  [primary, secondary] = [shown(primary), shown(secondary)];
  return (
    <header className="bg-stone-950 px-4 py-14 text-white sm:py-20">
      <div className="mx-auto max-w-6xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-amber-300">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold leading-tight sm:text-5xl">{headline}</h1>
        <p className="mt-5 max-w-2xl text-lg text-stone-300">{lead}</p>
        {notice}
        {primary || secondary ? (
          <div className="mt-8 flex flex-wrap gap-3">
            {primary ? <ButtonLink to={primary.href} variant="accent">{primary.label}</ButtonLink> : null}
            {secondary ? <ButtonLink to={secondary.href} variant="inverse">{secondary.label}</ButtonLink> : null}
          </div>
        ) : null}
        {children}
      </div>
    </header>
  );
}

export function Section({ id, title, children, muted = false }: { id: string; title: string; children: ReactNode; muted?: boolean }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`scroll-mt-20 px-4 py-12 sm:py-16 ${muted ? 'bg-stone-50' : ''}`}>
      <div className="mx-auto max-w-6xl">
        <h2 id={`${id}-heading`} className="text-3xl font-bold text-stone-900">{title}</h2>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

export function Faq({ items }: { items: Array<{ question: string; answer: string }> }) {
  return (
    <div className="max-w-3xl divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
      {items.map((item) => (
        <details key={item.question} className="group p-5">
          <summary className="cursor-pointer list-none font-semibold text-stone-900 marker:hidden focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
            <span className="flex items-start justify-between gap-4">
              {item.question}
              <span aria-hidden="true" className="text-xl leading-none text-stone-600 group-open:rotate-45">+</span>
            </span>
          </summary>
          <p className="mt-3 text-stone-700">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}

export function ClosingCta({ title, text, cta }: { title: string; text: string; cta?: Cta | undefined }) {
  const button = shown(cta);
  return (
    <section aria-labelledby="closing-heading" className="bg-amber-100 px-4 py-14">
      <div className="mx-auto max-w-3xl text-center">
        <h2 id="closing-heading" className="text-3xl font-bold text-stone-900">{title}</h2>
        <p className="mt-3 text-lg text-stone-800">{text}</p>
        {button ? (
          <div className="mt-6">
            <ButtonLink to={button.href} variant="primary">{button.label}</ButtonLink>
          </div>
        ) : null}
      </div>
    </section>
  );
}

export function MoreFeatures({ currentPath }: { currentPath: string }) {
  return (
    <nav aria-labelledby="more-features-heading" className="px-4 py-12">
      <div className="mx-auto max-w-6xl">
        <h2 id="more-features-heading" className="text-xl font-semibold text-stone-900">More Inkhaven features</h2>
        <ul className="mt-4 flex flex-wrap gap-3">
          {FEATURE_PAGE_META.filter((m) => m.path !== currentPath).map((m) => (
            <li key={m.path}>
              <Link data-cta="feature-page" to={m.path} className="inline-block rounded-full border border-stone-300 px-4 py-1.5 text-sm font-medium text-stone-900 hover:border-stone-500 hover:bg-stone-50">
                {m.title}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

/** Under the headline of a feature that has not shipped: says so before anything else on the page. */
export function NotYetNotice({ text }: { text: string }) {
  return (
    <p className="mt-6 max-w-2xl rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-stone-900">
      <strong className="font-semibold">Not available yet. </strong>
      {text}
    </p>
  );
}
