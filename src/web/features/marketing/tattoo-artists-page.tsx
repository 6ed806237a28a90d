import { ArrowRight, CreditCard, FileSignature, ShieldCheck, SprayCan } from 'lucide-react';
import { Link } from 'react-router';
import {
  TATTOO_CLOSING,
  TATTOO_HERO,
  TATTOO_REVIEWS_URL,
  TATTOO_SAFETY,
  TATTOO_STEPS,
  TATTOO_STYLE_CARDS,
  type TattooStyleCard,
} from '../../../shared/landing-content.ts';
import { TATTOO_FAQ } from '../../../shared/landing-meta.ts';
import { Faq, FeatureHero, Section } from './feature-parts.tsx';
import { ClosingSection, InfoCards, LandingReviews, MarketplaceStats, PopularBadge } from './landing-parts.tsx';

const SAFETY_ICONS = [
  <ShieldCheck key="v" className="h-5 w-5" />,
  <SprayCan key="s" className="h-5 w-5" />,
  <FileSignature key="c" className="h-5 w-5" />,
  <CreditCard key="d" className="h-5 w-5" />,
];

/** A stripe of ink colours per card: decoration drawn in CSS, so the page loads no images. */
const CARD_ACCENTS = [
  'from-red-700 via-amber-500 to-emerald-700',
  'from-fuchsia-700 via-amber-400 to-teal-600',
  'from-stone-500 via-stone-300 to-stone-500',
  'from-stone-900 via-stone-500 to-stone-200',
  'from-stone-950 to-stone-950',
  'from-sky-400 via-pink-400 to-amber-300',
  'from-indigo-700 via-stone-900 to-indigo-700',
];

function StyleCard({ card, accent }: { card: TattooStyleCard; accent: string }) {
  return (
    <li className="relative flex flex-col overflow-hidden rounded-lg border border-stone-200 bg-white focus-within:ring-2 focus-within:ring-amber-600 hover:border-stone-400">
      <span aria-hidden="true" className={`block h-2 bg-gradient-to-r ${accent}`} />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-lg font-semibold text-stone-900">{card.name}</h3>
          {card.popular ? <PopularBadge /> : null}
        </div>
        <p className="mt-2 flex-1 text-stone-700">{card.description}</p>
        <Link
          to={card.href}
          className="mt-4 inline-flex items-center gap-1 font-semibold text-stone-900 after:absolute after:inset-0 focus-visible:outline-none hover:text-amber-800"
        >
          Find {card.name.toLowerCase()} artists
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
    </li>
  );
}

/** /tattoo-artists: the tattoo landing page of spec §2, with live figures and reviews from the database. */
export default function TattooArtistsPage() {
  return (
    <article>
      <FeatureHero eyebrow={TATTOO_HERO.eyebrow} headline={TATTOO_HERO.headline} lead={TATTOO_HERO.lead} primary={TATTOO_HERO.primary} secondary={TATTOO_HERO.secondary}>
        <MarketplaceStats kind="tattoo" />
      </FeatureHero>

      <Section id="styles" title="Popular tattoo styles">
        <p className="-mt-4 mb-8 max-w-2xl text-stone-700">
          Pick a style to see artists who specialise in it, or compare all of them in the{' '}
          <Link to="/tattoo-styles" className="font-medium text-stone-900 underline decoration-amber-500 decoration-2 underline-offset-4">
            tattoo styles guide
          </Link>
          .
        </p>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {TATTOO_STYLE_CARDS.map((card, i) => (
            <StyleCard key={card.name} card={card} accent={CARD_ACCENTS[i % CARD_ACCENTS.length]!} />
          ))}
        </ul>
      </Section>

      <Section id="how-it-works" title="How it works" muted>
        <InfoCards items={TATTOO_STEPS} numbered />
      </Section>

      <Section id="safety" title="Your safety comes first">
        <InfoCards items={TATTOO_SAFETY} icons={SAFETY_ICONS} />
      </Section>

      <Section id="reviews" title="What clients say" muted>
        <LandingReviews kind="tattoo" audience="tattoo artists" readAll={{ label: 'Read All Reviews', href: TATTOO_REVIEWS_URL }} />
      </Section>

      <Section id="faq" title="Frequently asked questions">
        <Faq items={TATTOO_FAQ} />
      </Section>

      <ClosingSection id="get-started" {...TATTOO_CLOSING} />
    </article>
  );
}
