import { DIFFICULTIES, formatSessionDuration } from '../../../shared/guides/difficulty.ts';
import {
  CHOOSING_A_PIERCER,
  HEALING_FACTORS,
  PIERCING_CATEGORIES,
  PIERCING_HEALING_SPAN,
  PRICE_LEVEL_LABELS,
  SURFACE_HEALING,
  type PiercingStyle,
} from '../../../shared/guides/piercing-styles.ts';
import { styleSearchUrl } from '../../../shared/guides/search-links.ts';
import { combineRatings } from '../../../shared/review-display.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { DifficultyBadge } from '../../ui/difficulty-badge.tsx';
import { StarRating } from '../../ui/star-rating.tsx';
import { GuideHeader, GuideSection, InfoCard, OnThisPage } from './guide-parts.tsx';

function PiercingCard({ style }: { style: PiercingStyle }) {
  return (
    <li className="flex flex-col rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-xl font-semibold text-stone-900">{style.name}</h3>
        <DifficultyBadge difficulty={style.difficulty} />
      </div>
      <p className="mt-2 text-stone-700">{style.description}</p>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-stone-600">Healing</dt>
          <dd className="font-medium text-stone-900">{style.healing}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Appointment</dt>
          <dd className="font-medium text-stone-900">{formatSessionDuration(style.difficulty)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Price</dt>
          <dd className="font-medium text-stone-900">
            <span aria-hidden="true">{style.price}</span> <span className="font-normal text-stone-700">{PRICE_LEVEL_LABELS[style.price]}</span>
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Reader rating</dt>
          <dd className="font-medium text-stone-900">
            {style.rating !== undefined ? <StarRating value={style.rating} count={style.reviews} countLabel="survey answers" size={14} /> : 'Not rated yet'}
          </dd>
        </div>
      </dl>
      <div className="mt-auto pt-5">
        <ButtonLink to={styleSearchUrl('piercing', style.name)} variant="secondary" className="w-full py-2">
          Find {style.name} piercers
        </ButtonLink>
      </div>
    </li>
  );
}

export default function PiercingStylesPage() {
  return (
    <article>
      <GuideHeader
        eyebrow="Piercing guide"
        title="Piercing styles"
        lead={`Ear, facial and body piercings explained: how hard each one is, how long the appointment takes, what it costs and how long it heals, from ${PIERCING_HEALING_SPAN.shortest} to ${PIERCING_HEALING_SPAN.longest} depending on the style.`}
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="/piercing-artists" variant="accent">Find a piercer</ButtonLink>
          <ButtonLink to="/aftercare-guides" variant="inverse">Read the aftercare guide</ButtonLink>
        </div>
      </GuideHeader>
      <OnThisPage
        links={[
          { href: '#ear-piercings', label: 'Ear' },
          { href: '#facial-piercings', label: 'Facial' },
          { href: '#body-piercings', label: 'Body' },
          { href: '#ratings', label: 'Ratings' },
          { href: '#considerations', label: 'Before you book' },
          { href: '#consultation', label: 'Consultation' },
        ]}
      />

      <section aria-labelledby="difficulty-heading" className="px-4 pt-10">
        <div className="mx-auto max-w-6xl rounded-lg border border-stone-200 bg-stone-50 p-5">
          <h2 id="difficulty-heading" className="text-lg font-semibold text-stone-900">How to read the difficulty levels</h2>
          <p className="mt-1 text-stone-700">Difficulty reflects the skill a placement needs. Harder placements take longer to do well.</p>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {DIFFICULTIES.map((d) => (
              <li key={d} className="flex items-center gap-3">
                <DifficultyBadge difficulty={d} />
                <span className="text-sm text-stone-700">Appointment {formatSessionDuration(d)}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {PIERCING_CATEGORIES.map((category, i) => (
        <GuideSection key={category.id} id={category.anchor} title={category.title} intro={<p>{category.intro}</p>} tone={i % 2 === 1 ? 'muted' : 'plain'}>
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {category.styles.map((s) => <PiercingCard key={s.slug} style={s} />)}
          </ul>
        </GuideSection>
      ))}

      <GuideSection
        id="ratings"
        title="Ratings by category"
        intro={
          <p>
            From our reader survey: people who got each piercing rated their overall experience and healing. These are survey answers, not
            reviews of artists. Every artist profile shows its own reviews from completed bookings.
          </p>
        }
      >
        <ul className="grid gap-5 sm:grid-cols-3">
          {PIERCING_CATEGORIES.map((category) => {
            const summary = combineRatings(category.styles);
            const rated = category.styles.filter((s) => s.rating !== undefined);
            const top = [...rated].sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0))[0];
            return (
              <li key={category.id}>
                <InfoCard title={category.title}>
                  {summary ? (
                    <>
                      <StarRating value={summary.value} count={summary.count} countLabel="survey answers" />
                      <p className="mt-2 text-sm">
                        {rated.length} of {category.styles.length} styles rated
                        {top ? `; highest: ${top.name}` : ''}.
                      </p>
                    </>
                  ) : (
                    <p>No survey answers yet.</p>
                  )}
                </InfoCard>
              </li>
            );
          })}
        </ul>
      </GuideSection>

      <GuideSection id="considerations" title="Before you book" tone="muted">
        <div className="grid gap-10 lg:grid-cols-2">
          <div>
            <h3 className="text-2xl font-semibold text-stone-900">What affects healing</h3>
            <ul className="mt-4 space-y-4">
              {HEALING_FACTORS.map((f) => (
                <li key={f.title}>
                  <InfoCard title={f.title} headingLevel={4}>{f.text}</InfoCard>
                </li>
              ))}
            </ul>
            <p className="mt-4 text-stone-700">
              Surface piercings are a good example of healing in stages: the surface settles in {SURFACE_HEALING.initial}, while full healing
              takes {SURFACE_HEALING.full}. Keep up your aftercare until the inside has healed too.
            </p>
          </div>
          <div>
            <h3 className="text-2xl font-semibold text-stone-900">Choosing a piercer</h3>
            <ul className="mt-4 space-y-4">
              {CHOOSING_A_PIERCER.map((f) => (
                <li key={f.title}>
                  <InfoCard title={f.title} headingLevel={4}>{f.text}</InfoCard>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </GuideSection>

      <section id="consultation" aria-labelledby="consultation-heading" className="scroll-mt-20 bg-stone-950 px-4 py-14 text-white">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="consultation-heading" className="text-3xl font-bold">Not sure which piercing suits you?</h2>
          <p className="mt-4 text-lg text-stone-300">
            Book a consultation with a professional piercer. They will check your anatomy, suggest placements and jewelry, and talk you through
            aftercare before you commit.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/piercing-artists" variant="accent">Find piercing artists</ButtonLink>
            <ButtonLink to="/aftercare-guides" variant="inverse">Piercing aftercare guide</ButtonLink>
          </div>
        </div>
      </section>
    </article>
  );
}
