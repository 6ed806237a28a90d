import { Link } from 'react-router';
import { styleSearchUrl } from '../../../shared/guides/search-links.ts';
import { CHOOSING_GUIDE, TATTOO_CATEGORIES, TATTOO_STYLES, type TattooStyle } from '../../../shared/guides/tattoo-styles.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { DifficultyBadge } from '../../ui/difficulty-badge.tsx';
import { GuideHeader, GuideSection, OnThisPage } from './guide-parts.tsx';
import { StyleMotif } from './style-motif.tsx';

function StyleCard({ style }: { style: TattooStyle }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
      <StyleMotif motif={style.image.motif} description={style.image.description} className="h-36" />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-xl font-semibold text-stone-900">{style.name}</h3>
          {style.trending ? (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-300">Trending</span>
          ) : null}
        </div>
        <p className="mt-2 text-stone-700">{style.description}</p>
        <h4 className="sr-only">Characteristics of {style.name}</h4>
        <ul className="mt-3 flex flex-wrap gap-2">
          {style.characteristics.map((c) => (
            <li key={c} className="rounded bg-stone-100 px-2 py-0.5 text-xs text-stone-800">{c}</li>
          ))}
        </ul>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div>
            <dt className="text-stone-600">Popularity</dt>
            <dd className="font-medium text-stone-900">{style.popularity}</dd>
          </div>
          <div>
            <dt className="text-stone-600">Typical rate</dt>
            <dd className="font-medium text-stone-900">{style.priceRange}</dd>
          </div>
          <div>
            <dt className="text-stone-600">Time commitment</dt>
            <dd className="font-medium text-stone-900">{style.timeCommitment}</dd>
          </div>
          <div>
            <dt className="text-stone-600">Difficulty</dt>
            <dd><DifficultyBadge difficulty={style.difficulty} /></dd>
          </div>
        </dl>
        <div className="mt-auto pt-5">
          <ButtonLink to={styleSearchUrl('tattoo', style.name)} variant="secondary" className="w-full py-2">
            Find {style.name} artists
          </ButtonLink>
        </div>
      </div>
    </li>
  );
}

export default function TattooStylesPage() {
  return (
    <article>
      <GuideHeader
        eyebrow="Tattoo guide"
        title="Tattoo styles"
        lead="From bold American traditional to delicate fine line: what defines each style, what it costs, how long it takes and how it ages, so you can find the artist who does it best."
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="/artists?kind=tattoo" variant="accent">Find tattoo artists</ButtonLink>
          <ButtonLink to="/aftercare-guides" variant="inverse">Tattoo aftercare</ButtonLink>
        </div>
      </GuideHeader>
      <OnThisPage
        links={[
          { href: '#featured-styles', label: 'Featured styles' },
          { href: '#style-categories', label: 'Style categories' },
          { href: '#choosing-guide', label: 'Choosing a style' },
          { href: '#artist-consultation', label: 'Consultation' },
        ]}
      />

      <GuideSection
        id="featured-styles"
        title="Featured styles"
        intro={<p>Rates are typical hourly studio prices in USD; your artist quotes the final price for your design, size and placement.</p>}
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {TATTOO_STYLES.map((s) => <StyleCard key={s.slug} style={s} />)}
        </ul>
      </GuideSection>

      <GuideSection id="style-categories" title="Style categories" intro={<p>Styles grouped by family. Pick one to see artists who work in it.</p>} tone="muted">
        <div className="grid gap-6 md:grid-cols-3">
          {TATTOO_CATEGORIES.map((c) => (
            <div key={c.title} className="rounded-lg border border-stone-200 bg-white p-5">
              <h3 className="text-xl font-semibold text-stone-900">{c.title}</h3>
              <p className="mt-2 text-stone-700">{c.description}</p>
              <ul className="mt-4 space-y-2">
                {c.styles.map((name) => (
                  <li key={name}>
                    <Link
                      to={styleSearchUrl('tattoo', name)}
                      className="font-medium text-stone-900 underline decoration-amber-500 decoration-2 underline-offset-4 hover:text-amber-800"
                    >
                      {name}
                      <span className="sr-only"> tattoo artists</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </GuideSection>

      <GuideSection id="choosing-guide" title="How to choose your style">
        <ol className="grid gap-5 md:grid-cols-2">
          {CHOOSING_GUIDE.map((item, i) => (
            <li key={item.title} className="flex gap-4 rounded-lg border border-stone-200 bg-white p-5">
              <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-stone-900 font-bold text-white">
                {i + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold text-stone-900">{item.title}</h3>
                <p className="mt-1 text-stone-700">{item.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </GuideSection>

      <section id="artist-consultation" aria-labelledby="artist-consultation-heading" className="scroll-mt-20 bg-stone-950 px-4 py-14 text-white">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="artist-consultation-heading" className="text-3xl font-bold">Talk it through with an artist</h2>
          <p className="mt-4 text-lg text-stone-300">
            A consultation, in the studio or by video, is the best way to turn an idea into a design that suits your body and your style. Then
            plan your healing with our aftercare guide.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/artists" variant="accent">Browse artists</ButtonLink>
            <ButtonLink to="/aftercare-guides" variant="inverse">Aftercare guide</ButtonLink>
          </div>
        </div>
      </section>
    </article>
  );
}
