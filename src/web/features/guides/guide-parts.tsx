import type { ReactNode } from 'react';

export function GuideHeader({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead: string; children?: ReactNode }) {
  return (
    <header className="bg-stone-950 px-4 py-14 text-white sm:py-20">
      <div className="mx-auto max-w-6xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-amber-300">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold leading-tight sm:text-5xl">{title}</h1>
        <p className="mt-5 max-w-2xl text-lg text-stone-300">{lead}</p>
        {children}
      </div>
    </header>
  );
}

/** In-page jump links: the per-page skip links of spec §2, visible so sighted keyboard users get them too. */
export function OnThisPage({ links }: { links: Array<{ href: `#${string}`; label: string }> }) {
  return (
    <nav aria-label="On this page" className="border-b border-stone-200 bg-stone-50">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-3 text-sm">
        <li className="font-semibold text-stone-700">On this page:</li>
        {links.map((l) => (
          <li key={l.href}>
            <a href={l.href} className="font-medium text-stone-900 underline decoration-amber-500 decoration-2 underline-offset-4 hover:text-amber-800">
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function GuideSection({
  id,
  title,
  intro,
  children,
  tone = 'plain',
}: {
  id?: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'plain' | 'muted';
}) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={`scroll-mt-20 px-4 py-12 sm:py-16 ${tone === 'muted' ? 'bg-stone-50' : ''}`}>
      <div className="mx-auto max-w-6xl">
        <h2 id={headingId} className="text-3xl font-bold text-stone-900">{title}</h2>
        {intro ? <div className="mt-3 max-w-3xl text-lg text-stone-700">{intro}</div> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

export function InfoCard({ title, children, headingLevel = 3 }: { title: string; children: ReactNode; headingLevel?: 3 | 4 }) {
  const H = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-5">
      <H className="text-lg font-semibold text-stone-900">{title}</H>
      <div className="mt-2 text-stone-700">{children}</div>
    </div>
  );
}
