import { liveLinksOnly } from '../../../shared/live-routes.ts';

/**
 * Spec §2 and §6: which navigation links each role sees. Links to pages that have not shipped
 * (Messages, Video Calls, the AI generator today) stay out until their route is live.
 */
export type NavItem = { to: string; label: string };
export type NavRole = { signedIn: boolean; isArtist: boolean; isAdmin: boolean };

/** Every link the role is meant to have, whether or not its page has shipped. */
export function plannedNavItems({ signedIn, isArtist, isAdmin }: NavRole): NavItem[] {
  const items: NavItem[] = [{ to: signedIn ? '/home' : '/', label: 'Home' }];
  // Artists sell rather than shop: the browse links and the generator are for clients and visitors.
  if (!isArtist) {
    items.push({ to: '/artists', label: 'All Artists' }, { to: '/tattoo-artists', label: 'Tattoo Artists' }, { to: '/piercing-artists', label: 'Piercing Artists' });
  }
  if (signedIn) {
    // One place for what the user has booked or sells: /dashboard shows a client's bookings and an artist's business.
    items.push(isArtist ? { to: '/dashboard', label: 'Dashboard' } : { to: '/dashboard', label: 'Bookings' });
    items.push({ to: '/messages', label: 'Messages' }, { to: '/consultations', label: 'Video Calls' });
    if (!isArtist) items.push({ to: '/ai-generator', label: 'AI Tattoo Generator' });
    if (isAdmin) items.push({ to: '/admin-dashboard', label: 'Admin' });
  }
  return items;
}

/** The links shown: the role's links whose pages work today. */
export function navItems(role: NavRole): NavItem[] {
  return liveLinksOnly(plannedNavItems(role));
}

/** Spec §2: "Welcome, {first name or User}". */
export function greeting(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return `Welcome, ${name || 'User'}`;
}
