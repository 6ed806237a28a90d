import { describe, expect, it } from 'vitest';
import { connectionLabel } from './connection-badge.tsx';
import { greeting, navItems } from './nav-items.ts';

const labels = (role: Parameters<typeof navItems>[0]) => navItems(role).map((i) => i.label);

describe('navItems (spec §2, §6)', () => {
  it('visitors get Home and the browse links', () => {
    expect(labels({ signedIn: false, isArtist: false, isAdmin: false })).toEqual(['Home', 'All Artists', 'Tattoo Artists', 'Piercing Artists']);
  });
  it('clients also get Messages, Video Calls and the AI generator', () => {
    expect(labels({ signedIn: true, isArtist: false, isAdmin: false })).toEqual([
      'Home', 'All Artists', 'Tattoo Artists', 'Piercing Artists', 'Messages', 'Video Calls', 'AI Tattoo Generator',
    ]);
  });
  it('artists lose the browse links and the AI generator', () => {
    expect(labels({ signedIn: true, isArtist: true, isAdmin: false })).toEqual(['Home', 'Messages', 'Video Calls']);
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
