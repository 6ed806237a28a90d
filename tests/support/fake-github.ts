import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local GitHub API, a real HTTP server the integration talks to when GITHUB_API_URL points at it.
 * It answers the calls Inkhaven makes, shaped as GitHub documents them:
 *   GET  /users/{username}                 (docs.github.com/rest/users/users#get-a-user)
 *   GET  /orgs/{org}/repos, /users/{username}/repos   (…/repos/repos#list-organization-repositories)
 *   POST /repos/{owner}/{repo}/issues      (…/issues/issues#create-an-issue) → 201
 *   POST /graphql                          (repositoryOwner → projectsV2 with Status field and items)
 * Every answer carries the x-ratelimit-* headers for its pool (core or graphql); a spent pool answers
 * 403 "API rate limit exceeded" with x-ratelimit-remaining: 0, as GitHub does. A wrong token gets 401
 * "Bad credentials"; an unknown owner or repository 404 "Not Found". `failNext(status)` makes the
 * next call answer that server error.
 */

export type RecordedGithubRequest = { method: string; path: string; authorization: string | null; body: unknown };

export type FakeGithub = {
  url: string;
  token: string;
  requests: RecordedGithubRequest[];
  /** Issues created, per "owner/repo". */
  issues: Array<{ repo: string; number: number; title: string; body: string }>;
  /** Set what is left of a pool (core, graphql) and when it resets (seconds since 1970). */
  setRemaining: (resource: 'core' | 'graphql', remaining: number, resetEpochSeconds?: number) => void;
  failNext: (status: number) => void;
  close: () => Promise<void>;
};

const ORG = 'inkhaven-studio';
const USER = 'solo-artist';
const ISSUE_REPO = `${ORG}/app`;

type Repo = { name: string; description: string | null; language: string | null; stars: number; issues: number; pushed: string; private?: boolean; archived?: boolean };
const REPOS: Record<string, Repo[]> = {
  [ORG]: [
    { name: 'app', description: 'The Inkhaven booking app', language: 'TypeScript', stars: 42, issues: 7, pushed: '2026-11-20T09:30:00Z' },
    { name: 'flash-archive', description: null, language: null, stars: 3, issues: 0, pushed: '2025-01-02T12:00:00Z', archived: true },
    { name: 'design-tokens', description: 'Colours and type', language: 'CSS', stars: 5, issues: 1, pushed: '2026-10-01T08:00:00Z', private: true },
  ],
  [USER]: [{ name: 'portfolio-site', description: 'My tattoo portfolio', language: 'HTML', stars: 1, issues: 2, pushed: '2026-06-15T18:45:00Z' }],
};

const projectNodes = (base: string) => [
  {
    id: 'PVT_kwDOAbc',
    number: 1,
    title: 'Launch plan',
    url: `${base}/orgs/${ORG}/projects/1`,
    shortDescription: 'What ships before the launch',
    closed: false,
    updatedAt: '2026-11-21T10:00:00Z',
    field: { options: [{ id: 'f75ad846', name: 'Todo' }, { id: '47fc9ee4', name: 'In Progress' }, { id: '98236657', name: 'Done' }] },
    items: {
      totalCount: 4,
      nodes: [
        { id: 'PVTI_1', type: 'ISSUE', fieldValueByName: { optionId: 'f75ad846', name: 'Todo' }, content: { title: 'Booking reminders by SMS', number: 12, url: `${base}/${ORG}/app/issues/12`, state: 'OPEN', repository: { nameWithOwner: `${ORG}/app` } } },
        { id: 'PVTI_2', type: 'PULL_REQUEST', fieldValueByName: { optionId: '47fc9ee4', name: 'In Progress' }, content: { title: 'Deposit refunds', number: 15, url: `${base}/${ORG}/app/pull/15`, state: 'OPEN', repository: { nameWithOwner: `${ORG}/app` } } },
        { id: 'PVTI_3', type: 'DRAFT_ISSUE', fieldValueByName: { optionId: '98236657', name: 'Done' }, content: { title: 'Write the launch post' } },
        { id: 'PVTI_4', type: 'DRAFT_ISSUE', fieldValueByName: null, content: { title: 'Pick a launch date' } },
      ],
    },
  },
];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeGithub(opts: { token?: string } = {}): Promise<FakeGithub> {
  const token = opts.token ?? 'ghp_fakeTokenForTests0123456789';
  const requests: RecordedGithubRequest[] = [];
  const issues: FakeGithub['issues'] = [];
  const limit = 5000;
  const pools: Record<'core' | 'graphql', { remaining: number; reset: number }> = {
    core: { remaining: limit, reset: Math.floor(Date.now() / 1000) + 3600 },
    graphql: { remaining: limit, reset: Math.floor(Date.now() / 1000) + 3600 },
  };
  let failure: number | null = null;
  const web = 'https://github.test';

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const raw = req.method === 'POST' ? await readBody(req) : '';
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      requests.push({ method: req.method ?? '', path: url.pathname + url.search, authorization: req.headers.authorization ?? null, body });
      const resource = url.pathname === '/graphql' ? 'graphql' : 'core';
      const pool = pools[resource];
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          'x-ratelimit-limit': String(limit),
          'x-ratelimit-remaining': String(pool.remaining),
          'x-ratelimit-reset': String(pool.reset),
          'x-ratelimit-used': String(limit - pool.remaining),
          'x-ratelimit-resource': resource,
          'x-github-media-type': 'github.v3; format=json',
        });
        res.end(JSON.stringify(payload));
      };
      const docs = 'https://docs.github.com/rest';
      if (failure !== null) {
        const status = failure;
        failure = null;
        return send(status, { message: 'Server Error' });
      }
      const auth = req.headers.authorization ?? '';
      if (auth !== `token ${token}` && auth !== `bearer ${token}` && auth !== `Bearer ${token}`) {
        return send(401, { message: 'Bad credentials', documentation_url: docs, status: '401' });
      }
      if (pool.remaining <= 0) {
        return send(403, { message: 'API rate limit exceeded for user ID 1. If you reach out to GitHub Support for help, please include the request ID.', documentation_url: `${docs}/overview/rate-limits-for-the-rest-api`, status: '403' });
      }
      pool.remaining -= 1;
      const notFound = () => send(404, { message: 'Not Found', documentation_url: docs, status: '404' });

      if (req.method === 'POST' && url.pathname === '/graphql') {
        const variables = (body as { variables?: { login?: string } } | null)?.variables ?? {};
        const login = variables.login ?? '';
        if (!(login in REPOS)) {
          return send(200, { data: { repositoryOwner: null }, errors: [{ type: 'NOT_FOUND', path: ['repositoryOwner'], locations: [{ line: 2, column: 3 }], message: `Could not resolve to a RepositoryOwner with the login of '${login}'.` }] });
        }
        return send(200, { data: { repositoryOwner: { login, projectsV2: { nodes: login === ORG ? projectNodes(web) : [] } } } });
      }
      let m = /^\/users\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const login = decodeURIComponent(m[1]!);
        if (!(login in REPOS)) return notFound();
        return send(200, { login, id: login === ORG ? 1001 : 2002, node_id: 'MDQ6VXNlcjE=', type: login === ORG ? 'Organization' : 'User', html_url: `${web}/${login}`, site_admin: false });
      }
      m = /^\/(orgs|users)\/([^/]+)\/repos$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const login = decodeURIComponent(m[2]!);
        if (!(login in REPOS) || (m[1] === 'orgs') !== (login === ORG)) return notFound();
        return send(
          200,
          REPOS[login]!.map((r, i) => ({
            id: (login === ORG ? 500 : 900) + i,
            node_id: `R_${i}`,
            name: r.name,
            full_name: `${login}/${r.name}`,
            private: r.private ?? false,
            owner: { login, id: login === ORG ? 1001 : 2002, type: login === ORG ? 'Organization' : 'User' },
            html_url: `${web}/${login}/${r.name}`,
            description: r.description,
            fork: false,
            language: r.language,
            stargazers_count: r.stars,
            watchers_count: r.stars,
            open_issues_count: r.issues,
            pushed_at: r.pushed,
            created_at: '2024-01-01T00:00:00Z',
            updated_at: r.pushed,
            archived: r.archived ?? false,
            default_branch: 'main',
          })),
        );
      }
      m = /^\/repos\/([^/]+)\/([^/]+)\/issues$/.exec(url.pathname);
      if (req.method === 'POST' && m) {
        const repo = `${decodeURIComponent(m[1]!)}/${decodeURIComponent(m[2]!)}`;
        if (repo !== ISSUE_REPO) return notFound();
        const input = body as { title?: unknown; body?: unknown } | null;
        if (typeof input?.title !== 'string' || !input.title) return send(422, { message: 'Validation Failed', errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }], documentation_url: docs, status: '422' });
        const number = issues.length + 101;
        issues.push({ repo, number, title: input.title, body: typeof input.body === 'string' ? input.body : '' });
        return send(201, { id: 70000 + number, node_id: `I_${number}`, number, title: input.title, body: input.body ?? null, state: 'open', html_url: `${web}/${repo}/issues/${number}`, url: `${web}/api/repos/${repo}/issues/${number}`, user: { login: 'inkhaven-bot' }, labels: [], created_at: new Date().toISOString() });
      }
      return notFound();
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    issues,
    setRemaining: (resource, remaining, reset) => {
      pools[resource] = { remaining, reset: reset ?? pools[resource].reset };
    },
    failNext: (status) => {
      failure = status;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const FAKE_GITHUB = { org: ORG, user: USER, issueRepo: ISSUE_REPO } as const;
