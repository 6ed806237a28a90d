import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TCurrentUser } from '../../../shared/contracts/auth.ts';
import { GITHUB_PROJECTS_PATH, GITHUB_REPOSITORIES_PATH, type TGithubAnswer, type TGithubProjects, type TGithubRepositories } from '../../../shared/contracts/github.ts';
import { AUTH_USER_KEY } from '../../lib/auth.ts';
import GithubProjectsPage from './projects-page.tsx';
import GithubRepositoriesPage from './repositories-page.tsx';

const ADMIN: TCurrentUser = { id: 'a-1', firstName: 'Avery', email: 'admin@inkhaven.test', isAdmin: true, isArtist: false, avatarUrl: null };
const RATE = { resource: 'core', limit: 5000, remaining: 4998, resetAt: '2026-11-25T13:00:00.000Z' };

/** The page as it renders once its data is in the cache (what the browser shows after loading). */
function renderWith(path: string, page: ReactElement, data: Record<string, unknown>, user: TCurrentUser | null = ADMIN): string {
  // The pages ask for fresh data (staleTime 0), so a query fetches even with data in the cache; here
  // it waits for ever, and the page shows the cached answer.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, queryFn: () => new Promise<never>(() => {}) } } });
  client.setQueryData(AUTH_USER_KEY, user);
  for (const [key, value] of Object.entries(data)) client.setQueryData([key], value);
  const router = createMemoryRouter([{ path, element: page }], { initialEntries: [path] });
  const html = renderToString(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // React marks the seams between text pieces with empty comments; the reader sees one text.
  return html.replace(/<!-- -->/g, '');
}

describe('GitHub pages', () => {
  it('list repositories with description, stars, open issues, language, last push and the rate limit', () => {
    const answer: TGithubAnswer<TGithubRepositories> = {
      state: 'ok',
      owner: 'inkhaven-studio',
      fetchedAt: '2026-11-25T12:00:00.000Z',
      rateLimit: RATE,
      data: { items: [{ id: 1, name: 'app', fullName: 'inkhaven-studio/app', url: 'https://github.com/inkhaven-studio/app', description: 'The booking app', stars: 42, openIssues: 7, language: 'TypeScript', pushedAt: '2026-11-20T09:30:00Z', private: true, archived: false }] },
    };
    const html = renderWith('/github/repositories', <GithubRepositoriesPage />, { [GITHUB_REPOSITORIES_PATH]: answer });
    for (const text of ['inkhaven-studio/app', 'The booking app', 'TypeScript', '>42<', '>7<', 'Private', 'dateTime="2026-11-20T09:30:00Z"', 'GitHub REST rate limit: 4998 of 5000 calls left', 'href="https://github.com/inkhaven-studio/app"']) {
      expect(html, text).toContain(text);
    }
  });

  it('show a board as its Status columns with their items', () => {
    const answer: TGithubAnswer<TGithubProjects> = {
      state: 'ok',
      owner: 'inkhaven-studio',
      fetchedAt: '2026-11-25T12:00:00.000Z',
      rateLimit: { ...RATE, resource: 'graphql' },
      data: {
        items: [
          {
            id: 'P1',
            number: 1,
            title: 'Launch plan',
            url: 'https://github.com/orgs/inkhaven-studio/projects/1',
            description: null,
            closed: false,
            updatedAt: '2026-11-21T10:00:00Z',
            itemCount: 150,
            columns: [
              { id: 'o1', name: 'Todo', items: [{ id: 'i1', kind: 'issue', title: 'SMS reminders', url: 'https://github.com/inkhaven-studio/app/issues/12', number: 12, state: 'OPEN', repository: 'inkhaven-studio/app' }] },
              { id: 'o2', name: 'Done', items: [] },
            ],
          },
        ],
      },
    };
    const html = renderWith('/github/projects', <GithubProjectsPage />, { [GITHUB_PROJECTS_PATH]: answer });
    expect(html).toMatch(/<h3[^>]*>Todo <span[^>]*>\(1 item\)/);
    expect(html).toContain('Issue #12');
    expect(html).toContain('SMS reminders');
    expect(html).toContain('Nothing here.');
    expect(html).toContain('(the first 1 are shown)');
    expect(html).toContain('GitHub GraphQL rate limit');
  });

  it('say when the rate limit resets instead of showing data, and tell a non-admin 403', () => {
    const limited: TGithubAnswer<TGithubRepositories> = { state: 'problem', owner: 'inkhaven-studio', problem: 'rate_limited', message: 'used up', rateLimit: { ...RATE, remaining: 0 } };
    const html = renderWith('/github/repositories', <GithubRepositoriesPage />, { [GITHUB_REPOSITORIES_PATH]: limited });
    expect(html).toContain('GitHub rate limit reached');
    expect(html).toContain('No calls are made until the limit resets <time dateTime="2026-11-25T13:00:00.000Z">');
    const member = renderWith('/github/repositories', <GithubRepositoriesPage />, {}, { ...ADMIN, isAdmin: false });
    expect(member).toContain('403 — you do not have access');
  });
});
