import { Link, NavLink } from 'react-router';
import { useAuth, useIsArtist } from '../../lib/auth.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { LogoMark } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { greeting, navItems } from './nav-items.ts';
import { deferred } from './deferred.tsx';

const NotificationBell = deferred<object>(() => import('./notification-bell.tsx').then((m) => ({ default: m.NotificationBell })));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 ${
    isActive ? 'bg-stone-100 text-stone-950' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-950'
  }`;

/**
 * Spec §2: fixed at the top; links per role (§6); the signed-in corner (bell, greeting, Sign Out)
 * or the visitor's Sign In / Get Started. Sign-in and sign-out are full-page navigations so the
 * server owns the session change and every cached query starts afresh.
 * Below `lg` the links move into the menu dialog: seven links and a greeting do not fit a tablet bar.
 */
export function Navbar() {
  const { user, isAdmin } = useAuth();
  const artist = useIsArtist();
  const signedIn = Boolean(user);
  // While we do not yet know whether a signed-in user is an artist, show only the links everyone gets.
  const items = navItems({ signedIn, isArtist: artist.isArtist || artist.isLoading, isAdmin });
  const hello = greeting(user?.firstName);

  return (
    <header className="fixed inset-x-0 top-0 z-50 h-16 border-b border-stone-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <nav id="main-navigation" aria-label="Main" tabIndex={-1} className="mx-auto flex h-full max-w-7xl items-center gap-2 px-4 outline-none">
        <Link to="/" className="mr-2 flex shrink-0 items-center gap-2 rounded-md font-bold text-stone-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
          <LogoMark />
          <span className="text-lg tracking-tight">Inkhaven</span>
        </Link>

        <ul className="hidden items-center gap-0.5 lg:flex">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end className={linkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="ml-auto flex items-center gap-2">
          {signedIn ? (
            <>
              {/* The bell's panel code loads after the first paint; its slot is reserved so nothing shifts. */}
              <span className="inline-flex h-10 w-10 items-center justify-center">
                <NotificationBell />
              </span>
              {user ? (
                <Link
                  to="/account"
                  title="Your account and picture"
                  className="inline-flex rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2"
                >
                  <Avatar id={user.id} name={user.firstName} url={user.avatarUrl} size="sm" decorative />
                  <span className="sr-only">Your account</span>
                </Link>
              ) : null}
              <span className="hidden max-w-[12rem] truncate text-sm text-stone-700 lg:inline" title={hello}>
                {hello}
              </span>
              <a
                data-cta="sign-out"
                href="/api/logout"
                className="hidden rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium whitespace-nowrap text-stone-900 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 lg:inline-flex"
              >
                Sign Out
              </a>
            </>
          ) : (
            <div className="hidden items-center gap-2 lg:flex">
              <a href="/api/login" className="rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-stone-900 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
                Sign In
              </a>
              <a data-cta="sign-in" href="/api/login" className="rounded-md bg-stone-900 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-white hover:bg-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2">
                Get Started
              </a>
            </div>
          )}
          <MobileMenu items={items} signedIn={signedIn} greeting={hello} />
        </div>
      </nav>
    </header>
  );
}
