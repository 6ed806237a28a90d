import { describe, expect, it } from 'vitest';
import { render, type RenderInput } from './entry-server.tsx';
import type { TCurrentUser } from '../shared/contracts/auth.ts';

const PUBLIC_URL = 'http://localhost:5000';
const CLIENT: TCurrentUser = { id: 'u-1', firstName: 'Casey', email: 'client@inkhaven.test', isAdmin: false, isArtist: false, avatarUrl: null };

/** Renders a path as the server does; no API call is expected on these pages, so any is a 500. */
async function renderPage(path: string, user: TCurrentUser | null) {
  const calls: string[] = [];
  const input: RenderInput = {
    request: new Request(`${PUBLIC_URL}${path}`),
    fetchImpl: async (url: string) => {
      calls.push(url);
      return new Response('{}', { status: 500 });
    },
    user,
    ownArtistProfile: null,
    publicUrl: PUBLIC_URL,
  };
  const result = await render(input);
  if (result.kind !== 'page') throw new Error(`expected a page, got a ${result.kind}`);
  return { ...result, calls };
}

describe('server render of "/"', () => {
  // This file runs in a fresh module graph, so this is the server's first signed-in "/" since it started.
  it('renders the home page for a signed-in user the first time, without an unfinished Suspense boundary (React #419)', async () => {
    const { html, calls } = await renderPage('/', CLIENT);
    expect(html).toContain('>Quick actions</h2>');
    // `<!--$!-->` marks a boundary the server gave up on: the browser reports #419 and renders it again.
    expect(html).not.toContain('<!--$!-->');
    expect(calls).toEqual([]);
  });

  it('renders the landing page for a visitor', async () => {
    const { html } = await renderPage('/', null);
    expect(html).not.toContain('Quick actions');
    expect(html).not.toContain('<!--$!-->');
    expect(html).toContain('<h1');
  });
});
