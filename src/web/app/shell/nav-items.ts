/** Spec §2 and §6: which navigation links each role sees. */
export type NavItem = { to: string; label: string };
export type NavRole = { signedIn: boolean; isArtist: boolean; isAdmin: boolean };

export function navItems({ signedIn, isArtist, isAdmin }: NavRole): NavItem[] {
  const items: NavItem[] = [{ to: signedIn ? '/home' : '/', label: 'Home' }];
  // Artists sell rather than shop: the browse links and the generator are for clients and visitors.
  if (!isArtist) {
    items.push({ to: '/artists', label: 'All Artists' }, { to: '/tattoo-artists', label: 'Tattoo Artists' }, { to: '/piercing-artists', label: 'Piercing Artists' });
  }
  if (signedIn) {
    items.push({ to: '/messages', label: 'Messages' }, { to: '/consultations', label: 'Video Calls' });
    if (!isArtist) items.push({ to: '/ai-generator', label: 'AI Tattoo Generator' });
    if (isAdmin) items.push({ to: '/admin-dashboard', label: 'Admin' });
  }
  return items;
}

/** Spec §2: "Welcome, {first name or User}". */
export function greeting(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return `Welcome, ${name || 'User'}`;
}
