import type { ReactNode } from 'react';

/** When the text of the privacy, terms and accessibility pages last changed. */
export const LEGAL_UPDATED = { iso: '2026-11-24', text: '24 November 2026' } as const;

export const TEXT_LINK = 'font-medium text-stone-900 underline decoration-amber-500 decoration-2 underline-offset-4 hover:text-amber-800';

/** A long text page: a title, the date it changed, a table of contents and its sections. */
export function LegalPage({ title, lead, toc, children }: { title: string; lead: ReactNode; toc: Array<{ id: string; label: string }>; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-stone-950 sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-stone-600">
          Last updated <time dateTime={LEGAL_UPDATED.iso}>{LEGAL_UPDATED.text}</time>
        </p>
        <div className="mt-5 space-y-3 text-lg text-stone-800">{lead}</div>
      </header>
      <nav aria-labelledby="contents-heading" className="mt-8 rounded-lg border border-stone-200 bg-stone-50 p-5">
        <h2 id="contents-heading" className="font-semibold text-stone-900">On this page</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-stone-800">
          {toc.map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`} className="underline-offset-4 hover:underline">
                {entry.label}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-4">{children}</div>
    </article>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-20 border-b border-stone-200 py-8 last:border-b-0">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold text-stone-950">{title}</h2>
      <div className="mt-4 space-y-4 leading-relaxed text-stone-800 [&_li]:mt-1.5 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">{children}</div>
    </section>
  );
}
