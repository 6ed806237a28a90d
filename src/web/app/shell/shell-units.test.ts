import { describe, expect, it } from 'vitest';
import { connectionLabel } from './connection-badge.tsx';
import { isLiveHref } from '../../../shared/live-routes.ts';
import { greeting, navItems, plannedNavItems } from './nav-items.ts';

const labels = (role: Parameters<typeof navItems>[0]) => navItems(role).map((i) => i.label);

describe('navItems (spec §2, §6)', () => {
  it('visitors get Home and the browse links', () => {
    expect(labels({ signedIn: false, isArtist: false, isAdmin: false })).toEqual(['Home', 'All Artists', 'Tattoo Artists', 'Piercing Artists']);
  });
  it('clients are meant to get their bookings, Messages, Video Calls and the AI generator', () => {
    expect(plannedNavItems({ signedIn: true, isArtist: false, isAdmin: false }).map((i) => i.label)).toEqual([
      'Home', 'All Artists', 'Tattoo Artists', 'Piercing Artists', 'Bookings', 'Messages', 'Video Calls', 'AI Tattoo Generator',
    ]);
  });
  it('links to pages that have not shipped stay out of the bar until their route is live', () => {
    for (const role of [{ signedIn: true, isArtist: false, isAdmin: true }, { signedIn: true, isArtist: true, isAdmin: false }]) {
      expect(navItems(role)).toEqual(plannedNavItems(role).filter((i) => isLiveHref(i.to)));
    }
    // The generator shipped (src/shared/live-routes.ts): clients get every planned link today.
    expect(labels({ signedIn: true, isArtist: false, isAdmin: false })).toEqual(['Home', 'All Artists', 'Tattoo Artists', 'Piercing Artists', 'Bookings', 'Messages', 'Video Calls', 'AI Tattoo Generator']);
    expect(navItems({ signedIn: true, isArtist: false, isAdmin: false }).find((i) => i.label === 'Bookings')?.to).toBe('/dashboard');
  });
  it('artists lose the browse links and the AI generator, and get their dashboard', () => {
    expect(plannedNavItems({ signedIn: true, isArtist: true, isAdmin: false }).map((i) => i.label)).toEqual(['Home', 'Dashboard', 'Messages', 'Video Calls']);
    expect(labels({ signedIn: true, isArtist: true, isAdmin: false })).toEqual(['Home', 'Dashboard', 'Messages', 'Video Calls']);
    expect(navItems({ signedIn: true, isArtist: true, isAdmin: false }).find((i) => i.label === 'Dashboard')?.to).toBe('/dashboard');
  });
  it('admins get the admin dashboard', () => {
    expect(navItems({ signedIn: true, isArtist: false, isAdmin: true }).at(-1)).toEqual({ to: '/admin-dashboard', label: 'Admin' });
  });
});

describe('greeting', () => {
  it('uses the first name or "User"', () => {
    expect(greeting('Mara')).toBe('Welcome, Mara');
    expect(greeting('')).toBe('Welcome, User');
    expect(greeting('  ')).toBe('Welcome, User');
    expect(greeting(null)).toBe('Welcome, User');
  });
});

describe('connectionLabel', () => {
  it('names every state of the spec', () => {
    expect(connectionLabel('connected')).toBe('Connected');
    expect(connectionLabel('connecting', 3)).toBe('Connecting (attempt 3)');
    expect(connectionLabel('connecting')).toBe('Connecting');
    expect(connectionLabel('error')).toBe('Connection error');
    expect(connectionLabel('disconnected')).toBe('Disconnected');
    expect(connectionLabel('fallback')).toBe('Polling mode');
  });
});
