import { Link } from 'react-router';
import { useAuth } from '../../lib/auth.ts';

/** Minimal bar; the full navigation (roles, mobile dialog, notifications) replaces it. */
export function Navbar() {
  const { user } = useAuth();
  return (
    <header className="fixed inset-x-0 top-0 z-50 h-16 border-b border-stone-200 bg-white">
      <nav id="main-navigation" aria-label="Main" className="mx-auto flex h-full max-w-6xl items-center gap-4 px-4">
        <Link to="/" className="font-bold">Inkhaven</Link>
        {user ? <a href="/api/logout">Sign Out</a> : <a href="/api/login">Sign In</a>}
      </nav>
    </header>
  );
}
