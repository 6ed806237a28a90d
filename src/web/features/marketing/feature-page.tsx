import { Link, useLocation } from 'react-router';
import { featureContentFor } from '../../../shared/features-content.ts';
import { ClosingCta, Faq, FeatureHero, MoreFeatures, NotYetNotice, Section } from './feature-parts.tsx';

/** One component for every feature page; the content is chosen by path from src/shared/features-content.ts. */
export default function FeaturePage() {
  const { pathname } = useLocation();
  const content = featureContentFor(pathname);
  if (!content) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold text-stone-900">Inkhaven features</h1>
        <p className="mt-4 text-stone-700">We could not find that feature page.</p>
        <Link to="/" className="mt-6 inline-block font-medium underline">Go to the home page</Link>
      </section>
    );
  }
  // A feature that has not shipped is described in the future tense, under a plain notice.
  const planned = Boolean(content.notYet);
  return (
    <article>
      <FeatureHero
        eyebrow={content.eyebrow}
        headline={content.headline}
        lead={content.lead}
        notice={content.notYet ? <NotYetNotice text={content.notYet} /> : null}
        primary={content.primaryCta}
        secondary={content.secondaryCta}
      />

      <Section id="what-it-does" title={planned ? 'What it will do' : 'What it does'}>
        <ul className="grid gap-5 sm:grid-cols-2">
          {content.highlights.map((h) => (
            <li key={h.title} className="rounded-lg border border-stone-200 bg-white p-5">
              <h3 className="text-lg font-semibold text-stone-900">{h.title}</h3>
              <p className="mt-2 text-stone-700">{h.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how-it-works" title={planned ? 'How it will work' : 'How it works'} muted>
        <ol className={`grid gap-5 sm:grid-cols-2 ${content.steps.length === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
          {content.steps.map((s, i) => (
            <li key={s.title} className="rounded-lg border border-stone-200 bg-white p-5">
              <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-stone-900 font-bold text-white">{i + 1}</span>
              <h3 className="mt-3 text-lg font-semibold text-stone-900">
                <span className="sr-only">Step {i + 1}: </span>
                {s.title}
              </h3>
              <p className="mt-2 text-stone-700">{s.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="who-it-helps" title="Who it helps">
        <div className="grid gap-6 md:grid-cols-2">
          {[
            { title: 'For clients', items: content.forClients },
            { title: 'For artists', items: content.forArtists },
          ].map((group) => (
            <div key={group.title} className="rounded-lg border border-stone-200 bg-white p-5">
              <h3 className="text-xl font-semibold text-stone-900">{group.title}</h3>
              <ul className="mt-3 space-y-2">
                {group.items.map((item) => (
                  <li key={item} className="flex gap-2 text-stone-700">
                    <span aria-hidden="true" className="font-bold text-green-800">✓</span>
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Section>

      <Section id="faq" title="Frequently asked questions" muted>
        <Faq items={content.faq} />
      </Section>

      <ClosingCta {...content.closing} />
      <MoreFeatures currentPath={content.path} />
    </article>
  );
}
