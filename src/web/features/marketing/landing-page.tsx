import { CalendarDays, CreditCard, Images, Handshake, Search, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { styleSearchUrl } from '../../../shared/guides/search-links.ts';

const STEPS = [
  { icon: Search, title: 'Discover artists', text: 'Search by style, city and availability. Compare portfolios and verified reviews.' },
  { icon: Handshake, title: 'Book a consultation', text: 'Talk through your idea with the artist, in the studio or as a video call, before you commit.' },
  { icon: CreditCard, title: 'Secure your deposit', text: 'Hold your slot with a deposit that is credited to your final price.' },
  { icon: Sparkles, title: 'Get inked or pierced', text: 'Arrive for your session, then follow our aftercare guides while you heal.' },
] as const;

const CATEGORIES = [
  { href: '/tattoo-artists', title: 'Tattoo artists', text: 'Traditional, fine line, realism, Japanese and more.', accent: 'from-amber-200 to-orange-200' },
  { href: '/piercing-artists', title: 'Piercing artists', text: 'Certified piercers, sterile studios, quality jewelry.', accent: 'from-sky-200 to-indigo-200' },
  { href: '/studios', title: 'Studios', text: 'Find a shop near you and see who works there.', accent: 'from-emerald-200 to-teal-200' },
  { href: '/flash', title: 'Flash designs', text: 'Ready-to-ink designs you can book straight away.', accent: 'from-rose-200 to-fuchsia-200' },
] as const;

const STYLES = ['Traditional', 'Neo Traditional', 'Fine Line', 'Realism', 'Japanese', 'Blackwork', 'Watercolor', 'Geometric', 'Minimalist'] as const;

const FEATURES = [
  { icon: CalendarDays, title: 'Seamless booking', text: 'Real availability in the artist’s time zone, with reminders for both sides.', href: '/features/seamless-booking' },
  { icon: CreditCard, title: 'Secure payments', text: 'Deposits credited to your final price, refunded in full if the artist cancels.', href: '/features/secure-payments' },
  { icon: ShieldCheck, title: 'Identity and safety', text: 'Verified artists, and reviews only from completed bookings.', href: '/features/identity-safety' },
  { icon: Images, title: 'Flash design gallery', text: 'Ready-made designs with a fixed size and price, bookable straight away.', href: '/features/flash-design-gallery' },
] as const;

const GUIDES = [
  { href: '/tattoo-styles', title: 'Tattoo styles', text: 'From bold traditional to delicate fine line.' },
  { href: '/piercing-styles', title: 'Piercing styles', text: 'Ear, facial and body piercings, and how they heal.' },
  { href: '/aftercare-guides', title: 'Aftercare guides', text: 'What to do, and what to avoid, while you heal.' },
] as const;

/** Decorative line art drawn in SVG so the hero weighs nothing. */
function HeroArt() {
  return (
    <svg viewBox="0 0 400 400" className="h-full w-full" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-ink" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fbbf24" />
          <stop offset="1" stopColor="#f97316" />
        </linearGradient>
      </defs>
      <circle cx="200" cy="200" r="150" fill="none" stroke="#44403c" strokeWidth="1.5" strokeDasharray="4 8" />
      <circle cx="200" cy="200" r="110" fill="none" stroke="#57534e" strokeWidth="1" />
      <path d="M200 70c38 56 72 96 72 136a72 72 0 0 1-144 0c0-40 34-80 72-136Z" fill="url(#hero-ink)" opacity="0.95" />
      <path d="M168 214a34 34 0 0 0 34 34" fill="none" stroke="#1c1917" strokeWidth="6" strokeLinecap="round" />
      <path d="M90 320c40-30 80-30 110 0s70 30 110 0" fill="none" stroke="#fbbf24" strokeWidth="3" strokeLinecap="round" opacity="0.7" />
      <path d="M60 90l30 10M330 80l-20 24M340 300l-28-8" stroke="#a8a29e" strokeWidth="2" strokeLinecap="round" />
      <circle cx="320" cy="150" r="6" fill="#fbbf24" />
      <circle cx="84" cy="230" r="4" fill="#f97316" />
    </svg>
  );
}

/** "/" for visitors: what Inkhaven is, how it works, and where to start. */
export default function LandingPage() {
  return (
    <div>
      <section className="relative overflow-hidden bg-stone-950 text-white">
        <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(251,191,36,0.18),transparent_55%)]" aria-hidden="true" />
        <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:py-24 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-stone-700 px-3 py-1 text-sm text-stone-300">
              <ShieldCheck className="h-4 w-4 text-amber-400" aria-hidden="true" /> Verified artists · Secure deposits
            </p>
            <h1 className="mt-6 text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
              Find the artist for your next <span className="text-amber-400">tattoo</span> or <span className="text-amber-400">piercing</span>
            </h1>
            <p className="mt-6 max-w-xl text-lg text-stone-300">
              Browse portfolios of tattoo and piercing artists near you, book a consultation or a session, pay your deposit securely and
              read aftercare guides that help you heal well.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link data-cta="artists" to="/artists" className="rounded-md bg-amber-400 px-5 py-3 font-semibold text-stone-950 hover:bg-amber-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-200 focus-visible:ring-offset-2 focus-visible:ring-offset-stone-950">
                Browse artists
              </Link>
              <a data-cta="sign-in" href="/api/login" className="rounded-md border border-stone-500 px-5 py-3 font-semibold text-white hover:bg-stone-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-200">
                Get Started
              </a>
            </div>
            <ul className="mt-8 flex flex-wrap gap-2" aria-label="Popular styles">
              {STYLES.slice(0, 5).map((style) => (
                <li key={style}>
                  <Link to={styleSearchUrl('tattoo', style)} className="inline-flex rounded-full bg-stone-800 px-3 py-1 text-sm text-stone-200 hover:bg-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-200">
                    {style}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div className="mx-auto hidden aspect-square w-full max-w-sm lg:block">
            <HeroArt />
          </div>
        </div>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="how-heading" className="text-3xl font-bold tracking-tight text-stone-950">How it works</h2>
        <p className="mt-2 max-w-2xl text-stone-700">From the first idea to a healed piece, in four steps.</p>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="relative rounded-xl border border-stone-200 bg-white p-6">
              <span className="absolute right-5 top-5 text-sm font-semibold text-stone-500">Step {i + 1}</span>
              <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-amber-100 text-amber-900">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold text-stone-950">{title}</h3>
              <p className="mt-2 text-sm text-stone-700">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="categories-heading" className="bg-stone-50">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="categories-heading" className="text-3xl font-bold tracking-tight text-stone-950">Browse by category</h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {CATEGORIES.map((c) => (
              <li key={c.href}>
                <Link to={c.href} className="group block h-full overflow-hidden rounded-xl border border-stone-200 bg-white hover:border-stone-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
                  <div className={`h-24 bg-gradient-to-br ${c.accent}`} aria-hidden="true" />
                  <div className="p-5">
                    <h3 className="font-semibold text-stone-950 group-hover:underline">{c.title}</h3>
                    <p className="mt-1 text-sm text-stone-700">{c.text}</p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
          <h3 className="mt-12 font-semibold text-stone-950">Find artists by style</h3>
          <ul className="mt-4 flex flex-wrap gap-2">
            {STYLES.map((style) => (
              <li key={style}>
                <Link data-cta="style" to={styleSearchUrl('tattoo', style)} className="inline-flex rounded-full border border-stone-300 bg-white px-4 py-1.5 text-sm text-stone-800 hover:border-stone-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
                  {style}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-stone-950">Everything in one place</h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2">
          {FEATURES.map(({ icon: Icon, title, text, href }) => (
            <li key={href} className="flex gap-4 rounded-xl border border-stone-200 p-6">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-stone-900 text-amber-400">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold text-stone-950">
                  <Link to={href} className="hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">{title}</Link>
                </h3>
                <p className="mt-1 text-sm text-stone-700">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="guides-heading" className="mx-auto max-w-6xl px-4 pb-16">
        <h2 id="guides-heading" className="text-2xl font-bold tracking-tight text-stone-950">Guides</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {GUIDES.map((g) => (
            <li key={g.href}>
              <Link to={g.href} className="block h-full rounded-lg border border-stone-200 p-5 hover:border-stone-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
                <h3 className="font-semibold text-stone-950">{g.title}</h3>
                <p className="mt-1 text-sm text-stone-700">{g.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="cta-heading" className="bg-amber-400">
        <div className="mx-auto flex max-w-6xl flex-col items-start justify-between gap-6 px-4 py-14 md:flex-row md:items-center">
          <div>
            <h2 id="cta-heading" className="text-2xl font-bold text-stone-950 sm:text-3xl">Ready for your next piece?</h2>
            <p className="mt-2 text-stone-900">Create a free account to book artists and keep your appointments in one place.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <a data-cta="sign-in" href="/api/login" className="rounded-md bg-stone-950 px-5 py-3 font-semibold text-white hover:bg-stone-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-stone-950 focus-visible:ring-offset-2 focus-visible:ring-offset-amber-400">
              Create your account
            </a>
            <Link data-cta="artist-create" to="/artist/create" className="rounded-md border border-stone-950 px-5 py-3 font-semibold text-stone-950 hover:bg-amber-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-stone-950">
              I’m an artist
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
