import { CalendarClock, CalendarDays, Images, MessageSquare, Search, Sparkles, UserRoundPen, Video, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { styleSearchUrl } from '../../../shared/guides/search-links.ts';
import { useAuth, useIsArtist } from '../../lib/auth.ts';
import { liveLinksOnly } from '../../../shared/live-routes.ts';

type Action = { to: string; title: string; text: string; icon: LucideIcon };

const CLIENT_ACTIONS: Action[] = [
  { to: '/artists', title: 'Find an artist', text: 'Search by style, city and availability.', icon: Search },
  { to: '/dashboard', title: 'Your bookings', text: 'Upcoming appointments and requests.', icon: CalendarDays },
  { to: '/messages', title: 'Messages', text: 'Talk to your artists.', icon: MessageSquare },
  { to: '/consultations', title: 'Video calls', text: 'Join or schedule a consultation.', icon: Video },
  { to: '/ai-generator', title: 'Tattoo design generator', text: 'Four first designs from your idea, in the style you like.', icon: Sparkles },
];

const ARTIST_ACTIONS: Action[] = [
  { to: '/dashboard', title: 'Your dashboard', text: 'Requests, confirmed sessions and deposits.', icon: CalendarDays },
  { to: '/messages', title: 'Messages', text: 'Reply to clients.', icon: MessageSquare },
  { to: '/consultations', title: 'Video calls', text: 'Your upcoming consultations.', icon: Video },
  { to: '/dashboard/profile', title: 'Edit your profile', text: 'Bio, styles, services, prices and deposits.', icon: UserRoundPen },
  { to: '/dashboard/portfolio', title: 'Portfolio and flash', text: 'Upload work, caption it, list flash designs.', icon: Images },
  { to: '/dashboard/availability', title: 'Availability', text: 'Working hours, days off and guest spots.', icon: CalendarClock },
];

const STYLES = ['Traditional', 'Fine Line', 'Realism', 'Japanese', 'Blackwork', 'Geometric'] as const;

/** The signed-in home: a greeting, the next things to do, and ways back into browsing. */
export default function HomePage() {
  const { user } = useAuth();
  const { isArtist } = useIsArtist();
  // Actions whose page has not shipped yet wait until it is live.
  const actions = liveLinksOnly(isArtist ? ARTIST_ACTIONS : CLIENT_ACTIONS);
  return (
    <div>
      <section className="border-b border-stone-200 bg-gradient-to-br from-amber-50 via-white to-stone-50">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h1 className="text-3xl font-bold tracking-tight text-stone-950 sm:text-4xl">Welcome, {user?.firstName || 'User'}</h1>
          <p className="mt-2 text-stone-700">{isArtist ? 'Here is what needs your attention today.' : 'Pick up where you left off, or find someone new to work with.'}</p>
          {isArtist ? null : (
            <form action="/artists" method="get" role="search" className="mt-6 flex max-w-xl gap-2">
              <label htmlFor="home-search" className="sr-only">Search artists</label>
              <input
                id="home-search"
                name="q"
                type="search"
                placeholder="Style, artist or city"
                className="min-w-0 flex-1 rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600"
              />
              <button type="submit" className="rounded-md bg-stone-900 px-4 py-2 font-medium text-white hover:bg-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2">
                Search
              </button>
            </form>
          )}
        </div>
      </section>

      <section aria-labelledby="quick-heading" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="quick-heading" className="text-xl font-semibold text-stone-950">Quick actions</h2>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {actions.map(({ to, title, text, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className="flex h-full gap-4 rounded-xl border border-stone-200 bg-white p-5 hover:border-stone-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-900">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold text-stone-950">{title}</span>
                  <span className="mt-1 block text-sm text-stone-700">{text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {isArtist ? null : (
        <section aria-labelledby="explore-heading" className="mx-auto max-w-6xl px-4 pb-14">
          <h2 id="explore-heading" className="text-xl font-semibold text-stone-950">Explore styles</h2>
          <ul className="mt-5 flex flex-wrap gap-2">
            {STYLES.map((style) => (
              <li key={style}>
                <Link data-cta="style" to={styleSearchUrl('tattoo', style)} className="inline-flex rounded-full border border-stone-300 bg-white px-4 py-1.5 text-sm text-stone-800 hover:border-stone-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
                  {style}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-10 grid gap-4 sm:grid-cols-3">
            <Link to="/tattoo-styles" className="rounded-lg border border-stone-200 p-5 hover:border-stone-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
              <span className="block font-semibold text-stone-950">Tattoo styles guide</span>
              <span className="mt-1 block text-sm text-stone-700">Find the look that suits your idea.</span>
            </Link>
            <Link to="/piercing-styles" className="rounded-lg border border-stone-200 p-5 hover:border-stone-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
              <span className="block font-semibold text-stone-950">Piercing styles guide</span>
              <span className="mt-1 block text-sm text-stone-700">Healing times and what to expect.</span>
            </Link>
            <Link to="/aftercare-guides" className="rounded-lg border border-stone-200 p-5 hover:border-stone-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
              <span className="block font-semibold text-stone-950">Aftercare guides</span>
              <span className="mt-1 block text-sm text-stone-700">Heal well, day by day.</span>
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
