import { ArrowRight, Award, Droplets, Ear, Gem, HeartPulse, Layers, ScanFace, SprayCan, UserCheck } from 'lucide-react';
import { Link } from 'react-router';
import {
  PIERCING_CLOSING,
  PIERCING_HERO,
  PIERCING_REVIEWS_URL,
  PIERCING_SAFETY,
  PIERCING_SPECIALTIES,
  type SpecialtyCard,
} from '../../../shared/landing-content.ts';
import { FeatureHero, Section } from './feature-parts.tsx';
import { ClosingSection, InfoCards, LandingReviews, PopularBadge } from './landing-parts.tsx';

const SPECIALTY_ICONS = [Ear, ScanFace, Layers, Droplets, Gem, HeartPulse];

const SAFETY_ICONS = [
  <Award key="c" className="h-5 w-5" />,
  <SprayCan key="s" className="h-5 w-5" />,
  <Gem key="j" className="h-5 w-5" />,
  <UserCheck key="a" className="h-5 w-5" />,
];

function Specialty({ card, index }: { card: SpecialtyCard; index: number }) {
  const Icon = SPECIALTY_ICONS[index] ?? Gem;
  const headingId = `specialty-${index}`;
  return (
    <li className="flex flex-col rounded-lg border border-stone-200 bg-white p-5">
      <div className="flex items-start justify-between gap-3">
        <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-sky-100 text-sky-900">
          <Icon className="h-5 w-5" />
        </span>
        {card.popular ? <PopularBadge /> : null}
      </div>
      <h3 id={headingId} className="mt-3 text-lg font-semibold text-stone-900">{card.title}</h3>
      <p className="mt-2 flex-1 text-stone-700">{card.text}</p>
      {card.styles.length > 0 ? (
        <ul aria-labelledby={headingId} className="mt-4 flex flex-wrap gap-2">
          {card.styles.map((s) => (
            <li key={s.name}>
              <Link
                data-cta="piercing-specialty"
                to={s.href}
                aria-label={`${s.name} piercers`}
                className="inline-block rounded-full border border-stone-300 px-3 py-1 text-sm text-stone-800 hover:border-stone-500 hover:bg-stone-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600"
              >
                {s.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <Link
        to={card.search.href}
        className="mt-4 inline-flex items-center gap-1 font-semibold text-stone-900 underline decoration-amber-500 decoration-2 underline-offset-4 hover:text-amber-800"
      >
        {card.search.label}
        <ArrowRight className="h-4 w-4" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** /piercing-artists: the piercing landing page of spec §2, with review statistics from the database. */
export default function PiercingArtistsPage() {
  return (
    <article>
      <FeatureHero eyebrow={PIERCING_HERO.eyebrow} headline={PIERCING_HERO.headline} lead={PIERCING_HERO.lead} primary={PIERCING_HERO.primary} secondary={PIERCING_HERO.secondary} />

      <Section id="specialties" title="Piercing specialties">
        <p className="-mt-4 mb-8 max-w-2xl text-stone-700">
          Choose what you want pierced to see piercers who do it, or compare healing times and difficulty in the{' '}
          <Link to="/piercing-styles" className="font-medium text-stone-900 underline decoration-amber-500 decoration-2 underline-offset-4">
            piercing styles guide
          </Link>
          .
        </p>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {PIERCING_SPECIALTIES.map((card, i) => (
            <Specialty key={card.title} card={card} index={i} />
          ))}
        </ul>
      </Section>

      <Section id="reviews" title="What clients say" muted>
        <LandingReviews kind="piercing" audience="piercing artists" readAll={{ label: 'See Top-Rated Piercers', href: PIERCING_REVIEWS_URL }} />
      </Section>

      <Section id="safety" title="Safety standards">
        <InfoCards items={PIERCING_SAFETY} icons={SAFETY_ICONS} />
      </Section>

      <ClosingSection id="get-started" {...PIERCING_CLOSING} />
    </article>
  );
}
