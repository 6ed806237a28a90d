import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import { FAKE_GITHUB, startFakeGithub, type FakeGithub } from '../../../../tests/support/fake-github.ts';
import {
  ADMIN_PROBLEM_REPORTS_PATH,
  GITHUB_PROJECTS_PATH,
  GITHUB_REPOSITORIES_PATH,
  PROBLEM_REFERENCE_PATTERN,
  PROBLEM_REPORT_FORM_PATH,
  PROBLEM_REPORTS_PATH,
  PROBLEM_REPORTS_PER_HOUR,
  type TAdminProblemReports,
  type TGithubAnswer,
  type TGithubProjects,
  type TGithubRepositories,
} from '../../../shared/contracts/github.ts';
import { describeBrowser, issueBody } from './problem-reports.ts';

type Person = Awaited<ReturnType<typeof createUser>>;

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.85 Safari/537.36';
const report = (overrides: Record<string, string> = {}) => ({ title: 'Map does not load', description: 'I opened the artist list and the map stayed grey.', page: '/artists?view=map', ...overrides });
const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', 'x-csrf-token': undefined, 'user-agent': CHROME_LINUX };

/** An admin, a client and an artist (each signed in), on a fresh app with these settings. */
async function setUp(env: Record<string, string>) {
  const t = await createTestApp(env);
  const admin = await createUser(t.app, { firstName: 'Ada', isAdmin: true });
  const client = await createUser(t.app, { firstName: 'Cleo' });
  const artistUser = await createUser(t.app, { firstName: 'Arlo' });
  await createArtist(t.app, { userId: artistUser.id });
  const artistClient = new TestClient(t.app);
  expect((await artistClient.post('/api/auth/sign-in', { email: artistUser.email, password: artistUser.password })).statusCode).toBe(200);
  return { t, admin, client, artist: { ...artistUser, client: artistClient } };
}

const githubEnv = (fake: FakeGithub, overrides: Record<string, string> = {}) => ({
  GITHUB_TOKEN: fake.token,
  GITHUB_API_URL: fake.url,
  GITHUB_OWNER: FAKE_GITHUB.org,
  GITHUB_REPO: FAKE_GITHUB.issueRepo,
  ...overrides,
});

describe('problem reports: describing the browser and writing the issue', () => {
  it('names the browser, its major version and system, and nothing more', () => {
    expect(describeBrowser(CHROME_LINUX)).toBe('Chrome 131 on Linux');
    expect(describeBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.80')).toBe('Edge 130 on Windows');
    expect(describeBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari 17 on iOS');
    expect(describeBrowser('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox 128 on macOS');
    expect(describeBrowser('curl/8.5.0')).toBeNull();
    expect(describeBrowser(undefined)).toBeNull();
  });

  it('shows what was typed as text: no mentions, links or markup reach GitHub', () => {
    const body = issueBody({ reference: 'P-ABCDEFGHJK', description: '@octocat see ![x](https://evil.test/x.png)\n~~~\n<script>', page: '/a`b', browser: 'Chrome 131 on Linux' });
    expect(body).toContain('~~~~text\n@octocat see ![x](https://evil.test/x.png)\n~~~\n<script>\n~~~~');
    expect(body).toContain("- Page: `/a'b`");
    expect(body).toContain('reference P-ABCDEFGHJK');
  });
});

describe('GitHub not configured', () => {
  let t: TestApp;
  let admin: Person, client: Person, artist: Person;
  beforeAll(async () => {
    ({ t, admin, client, artist } = await setUp({}));
  });
  afterAll(async () => t?.close());

  it('keeps the GitHub pages and the report list for admins: visitor 401, client and artist 403, admin 200', async () => {
    const visitor = new TestClient(t.app);
    for (const path of [GITHUB_REPOSITORIES_PATH, GITHUB_PROJECTS_PATH, ADMIN_PROBLEM_REPORTS_PATH]) {
      expect((await visitor.get(path)).statusCode, path).toBe(401);
      expect((await client.client.get(path)).statusCode, path).toBe(403);
      expect((await artist.client.get(path)).statusCode, path).toBe(403);
      const res = await admin.client.get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('tells admins which settings connect GitHub, without calling anything', async () => {
    for (const path of [GITHUB_REPOSITORIES_PATH, GITHUB_PROJECTS_PATH]) {
      const answer = (await admin.client.get(path)).json() as TGithubAnswer<unknown>;
      expect(answer.state).toBe('not_configured');
      if (answer.state !== 'not_configured') continue;
      expect(answer.settings.map((s) => [s.name, s.set])).toEqual([
        ['GITHUB_TOKEN', false],
        ['GITHUB_OWNER', false],
        ['GITHUB_REPO', false],
        ['GITHUB_API_URL', false],
      ]);
    }
  });

  it('keeps a report from a visitor for admins and answers its reference', async () => {
    const visitor = new TestClient(t.app);
    const res = await visitor.post(PROBLEM_REPORTS_PATH, report(), { 'user-agent': CHROME_LINUX });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { reference: string; issueUrl: string | null };
    expect(created.reference).toMatch(PROBLEM_REFERENCE_PATTERN);
    expect(created.issueUrl).toBeNull();
    expect((await visitor.get(`${PROBLEM_REPORTS_PATH}/${created.reference}`)).json()).toEqual(created);
    const list = (await admin.client.get(ADMIN_PROBLEM_REPORTS_PATH)).json() as TAdminProblemReports;
    const row = list.items.find((r) => r.reference === created.reference);
    expect(row).toMatchObject({ title: 'Map does not load', description: report().description, page: '/artists?view=map', browser: 'Chrome 131 on Linux', reporter: null, github: null, githubProblem: null });
  });

  it('records who reported it when signed in (for admins only)', async () => {
    const res = await client.client.post(PROBLEM_REPORTS_PATH, report({ title: 'Cannot pay the deposit' }));
    expect(res.statusCode, res.body).toBe(201);
    const list = (await admin.client.get(ADMIN_PROBLEM_REPORTS_PATH)).json() as TAdminProblemReports;
    expect(list.items[0]).toMatchObject({ title: 'Cannot pay the deposit', reporter: { id: client.id, name: 'Cleo' }, browser: null });
  });

  it("is in the reporter's data export, and deleting the account unties the report from them", async () => {
    const person = await createUser(t.app, { firstName: 'Dana' });
    const { reference } = (await person.client.post(PROBLEM_REPORTS_PATH, report({ title: 'Export test' }))).json() as { reference: string };
    const exported = (await person.client.get('/api/account/export')).json() as { problemReports: Array<{ reference: string; title: string }> };
    expect(exported.problemReports).toEqual([expect.objectContaining({ reference, title: 'Export test' })]);
    expect((await person.client.post('/api/account/delete', { password: person.password })).statusCode).toBe(200);
    const list = (await admin.client.get(ADMIN_PROBLEM_REPORTS_PATH)).json() as TAdminProblemReports;
    expect(list.items.find((r) => r.reference === reference)).toMatchObject({ title: 'Export test', reporter: null });
  });

  it('answers 404 for an unknown or malformed reference', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.get(`${PROBLEM_REPORTS_PATH}/P-ABCDEFGHJK`)).statusCode).toBe(404);
    expect((await visitor.get(`${PROBLEM_REPORTS_PATH}/not-a-reference`)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 and a readable message, storing nothing', async () => {
    const before = ((await admin.client.get(ADMIN_PROBLEM_REPORTS_PATH)).json() as TAdminProblemReports).items.length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [report({ title: '' }), 'VALIDATION_FAILED'],
      [report({ description: 'short' }), 'VALIDATION_FAILED'],
      [report({ page: 'https://evil.test/' }), 'VALIDATION_FAILED'],
      [report({ title: 'nul\u0000byte' }), 'VALIDATION_FAILED'],
      [{ ...report(), email: 'me@example.test' }, 'UNKNOWN_FIELD'],
    ];
    for (const [body, code] of cases) {
      const res = await artist.client.post(PROBLEM_REPORTS_PATH, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(code);
    }
    expect(((await admin.client.get(ADMIN_PROBLEM_REPORTS_PATH)).json() as TAdminProblemReports).items.length).toBe(before);
  });

  it('takes the support page form before hydration: 303 back with the reference; errors come back too', async () => {
    const visitor = new TestClient(t.app);
    const res = await visitor.request('POST', PROBLEM_REPORT_FORM_PATH, formBody({ ...report(), returnTo: '/support#report-a-problem' }), FORM_HEADERS);
    expect(res.statusCode, res.body).toBe(303);
    const location = new URL(res.headers.location as string, 'http://x');
    expect(location.pathname).toBe('/support');
    expect(location.searchParams.get('done')).toBe('problem-reported');
    expect(location.searchParams.get('ref')).toMatch(PROBLEM_REFERENCE_PATTERN);
    expect(location.hash).toBe('#report-a-problem');

    const bad = await visitor.request('POST', PROBLEM_REPORT_FORM_PATH, formBody({ ...report({ description: 'x' }), returnTo: '/support#report-a-problem' }), FORM_HEADERS);
    expect(bad.statusCode).toBe(303);
    expect(new URL(bad.headers.location as string, 'http://x').searchParams.get('error')).toMatch(/^description: describe what you did/);
  });

  it('refuses the form from another site (CSRF)', async () => {
    const res = await new TestClient(t.app).request('POST', PROBLEM_REPORT_FORM_PATH, formBody(report()), { ...FORM_HEADERS, 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_FAILED');
    const json = await new TestClient(t.app).request('POST', PROBLEM_REPORTS_PATH, report(), { 'x-csrf-token': undefined });
    expect(json.statusCode).toBe(403);
  });

  it(`limits one person to ${PROBLEM_REPORTS_PER_HOUR} reports an hour`, async () => {
    const person = await createUser(t.app);
    for (let i = 0; i < PROBLEM_REPORTS_PER_HOUR; i++) expect((await person.client.post(PROBLEM_REPORTS_PATH, report())).statusCode).toBe(201);
    const res = await person.client.post(PROBLEM_REPORTS_PATH, report());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Please wait \d+ seconds/) });
    // The form shares the budget, and sends the browser back to the page with the wait rather than JSON.
    const form = await person.client.request('POST', PROBLEM_REPORT_FORM_PATH, formBody({ ...report(), returnTo: '/support#report-a-problem' }), FORM_HEADERS);
    expect(form.statusCode).toBe(303);
    expect(new URL(form.headers.location as string, 'http://x').searchParams.get('error')).toMatch(/^Too many requests\. Please wait \d+ seconds/);
    // Someone else is not held back.
    expect((await admin.client.post(PROBLEM_REPORTS_PATH, report())).statusCode).toBe(201);
  });
});

describe('GitHub configured (a local GitHub server)', () => {
  let fake: FakeGithub;
  let t: TestApp;
  let admin: Person, client: Person, artist: Person;
  const extraApps: TestApp[] = [];
  beforeAll(async () => {
    fake = await startFakeGithub();
    ({ t, admin, client, artist } = await setUp(githubEnv(fake)));
  });
  afterAll(async () => {
    await Promise.all(extraApps.map((a) => a.close()));
    await t?.close();
    await fake?.close();
  });

  /** Another app (own cache, own rate-limit bookkeeping) with an admin signed in. */
  async function adminOn(env: Record<string, string>): Promise<Person> {
    const other = await createTestApp(env);
    extraApps.push(other);
    return createUser(other.app, { isAdmin: true });
  }

  it('keeps the pages for admins: visitor 401, client and artist 403, admin 200', async () => {
    const visitor = new TestClient(t.app);
    for (const path of [GITHUB_REPOSITORIES_PATH, GITHUB_PROJECTS_PATH]) {
      expect((await visitor.get(path)).statusCode).toBe(401);
      expect((await client.client.get(path)).statusCode).toBe(403);
      expect((await artist.client.get(path)).statusCode).toBe(403);
    }
    // Nobody but the admin reached GitHub.
    expect(fake.requests).toEqual([]);
  });

  it("lists the organisation's repositories with the token, and shows the rate limit", async () => {
    const res = await admin.client.get(GITHUB_REPOSITORIES_PATH);
    expect(res.statusCode).toBe(200);
    const answer = res.json() as TGithubAnswer<TGithubRepositories>;
    expect(answer.state).toBe('ok');
    if (answer.state !== 'ok') return;
    expect(answer.owner).toBe(FAKE_GITHUB.org);
    expect(answer.data.items[0]).toEqual({
      id: 500,
      name: 'app',
      fullName: `${FAKE_GITHUB.org}/app`,
      url: `https://github.test/${FAKE_GITHUB.org}/app`,
      description: 'The Inkhaven booking app',
      stars: 42,
      openIssues: 7,
      language: 'TypeScript',
      pushedAt: '2026-11-20T09:30:00Z',
      private: false,
      archived: false,
    });
    expect(answer.data.items.map((r) => r.name)).toEqual(['app', 'flash-archive', 'design-tokens']);
    expect(answer.rateLimit).toMatchObject({ resource: 'core', limit: 5000, remaining: 4998 });
    expect(fake.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual(['GET /users/inkhaven-studio', 'GET /orgs/inkhaven-studio/repos']);
    expect(fake.requests[1]!.path).toContain('sort=pushed');
    expect(fake.requests.every((r) => r.authorization === `token ${fake.token}`)).toBe(true);
  });

  it('reuses the answer for a while instead of asking GitHub again', async () => {
    const before = fake.requests.length;
    const again = (await admin.client.get(GITHUB_REPOSITORIES_PATH)).json() as TGithubAnswer<TGithubRepositories>;
    expect(again.state).toBe('ok');
    expect(fake.requests.length).toBe(before);
  });

  it('shows the Projects v2 boards with their Status columns and items (GraphQL)', async () => {
    const answer = (await admin.client.get(GITHUB_PROJECTS_PATH)).json() as TGithubAnswer<TGithubProjects>;
    expect(answer.state).toBe('ok');
    if (answer.state !== 'ok') return;
    const [board] = answer.data.items;
    expect(board).toMatchObject({ number: 1, title: 'Launch plan', description: 'What ships before the launch', closed: false, itemCount: 4 });
    expect(board!.columns.map((c) => [c.name, c.items.map((i) => i.title)])).toEqual([
      ['Todo', ['Booking reminders by SMS']],
      ['In Progress', ['Deposit refunds']],
      ['Done', ['Write the launch post']],
      ['No status', ['Pick a launch date']],
    ]);
    expect(board!.columns[1]!.items[0]).toMatchObject({ kind: 'pull_request', number: 15, state: 'OPEN', repository: `${FAKE_GITHUB.org}/app` });
    expect(answer.rateLimit).toMatchObject({ resource: 'graphql', remaining: 4999 });
    const call = fake.requests.at(-1)!;
    expect([call.method, call.path]).toEqual(['POST', '/graphql']);
    expect(call.body).toMatchObject({ variables: { login: FAKE_GITHUB.org } });
  });

  it("lists a user's own repositories through the user endpoint", async () => {
    const soloAdmin = await adminOn(githubEnv(fake, { GITHUB_OWNER: FAKE_GITHUB.user }));
    const answer = (await soloAdmin.client.get(GITHUB_REPOSITORIES_PATH)).json() as TGithubAnswer<TGithubRepositories>;
    expect(answer.state === 'ok' && answer.data.items.map((r) => r.fullName)).toEqual([`${FAKE_GITHUB.user}/portfolio-site`]);
    expect(fake.requests.at(-1)!.path).toMatch(/^\/users\/solo-artist\/repos\?/);
    const projects = (await soloAdmin.client.get(GITHUB_PROJECTS_PATH)).json() as TGithubAnswer<TGithubProjects>;
    expect(projects.state === 'ok' && projects.data.items).toEqual([]);
  });

  it('opens a GitHub issue for a problem report, with what was typed, the page and the browser only', async () => {
    const res = await client.client.post(PROBLEM_REPORTS_PATH, report({ description: 'Clicking “Book” shows a blank page.' }), { 'user-agent': CHROME_LINUX });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { reference: string; issueUrl: string };
    const issue = fake.issues.at(-1)!;
    expect(created.issueUrl).toBe(`https://github.test/${FAKE_GITHUB.issueRepo}/issues/${issue.number}`);
    expect(issue).toMatchObject({ repo: FAKE_GITHUB.issueRepo, title: 'Map does not load' });
    expect(issue.body).toContain('Clicking “Book” shows a blank page.');
    expect(issue.body).toContain('`/artists?view=map`');
    expect(issue.body).toContain('`Chrome 131 on Linux`');
    expect(issue.body).toContain(created.reference);
    // Never who sent it.
    for (const personal of [client.firstName, client.email, client.id, CHROME_LINUX]) expect(issue.body).not.toContain(personal);
    const list = (await admin.client.get(ADMIN_PROBLEM_REPORTS_PATH)).json() as TAdminProblemReports;
    expect(list.items[0]).toMatchObject({ reference: created.reference, github: { number: issue.number, url: created.issueUrl }, githubProblem: null });
    expect((await new TestClient(t.app).get(`${PROBLEM_REPORTS_PATH}/${created.reference}`)).json()).toEqual(created);
  });

  it('says the token was refused (401) and keeps a problem report for admins instead', async () => {
    const wrong = await adminOn(githubEnv(fake, { GITHUB_TOKEN: 'ghp_revoked' }));
    for (const path of [GITHUB_REPOSITORIES_PATH, GITHUB_PROJECTS_PATH]) {
      const answer = (await wrong.client.get(path)).json() as TGithubAnswer<unknown>;
      expect(answer).toMatchObject({ state: 'problem', problem: 'unauthorized', message: expect.stringMatching(/GITHUB_TOKEN/) });
    }
    const issues = fake.issues.length;
    const res = await wrong.client.post(PROBLEM_REPORTS_PATH, report());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ reference: expect.stringMatching(PROBLEM_REFERENCE_PATTERN), issueUrl: null });
    expect(fake.issues.length).toBe(issues);
    const list = (await wrong.client.get(ADMIN_PROBLEM_REPORTS_PATH)).json() as TAdminProblemReports;
    expect(list.items[0]).toMatchObject({ github: null, githubProblem: expect.stringMatching(/401/) });
  });

  it('says an unknown owner was not found (404 on REST, NOT_FOUND on GraphQL)', async () => {
    const missing = await adminOn(githubEnv(fake, { GITHUB_OWNER: 'nobody-here' }));
    for (const path of [GITHUB_REPOSITORIES_PATH, GITHUB_PROJECTS_PATH]) {
      const answer = (await missing.client.get(path)).json() as TGithubAnswer<unknown>;
      expect(answer, path).toMatchObject({ state: 'problem', problem: 'not_found', message: expect.stringContaining('nobody-here') });
    }
  });

  it('stops calling once the rate limit is spent (403, x-ratelimit-remaining: 0) and shows when it resets', async () => {
    const limited = await adminOn(githubEnv(fake));
    const reset = Math.floor(Date.now() / 1000) + 1800;
    fake.setRemaining('core', 0, reset);
    try {
      const first = (await limited.client.get(GITHUB_REPOSITORIES_PATH)).json() as TGithubAnswer<unknown>;
      expect(first).toMatchObject({ state: 'problem', problem: 'rate_limited', rateLimit: { resource: 'core', remaining: 0, resetAt: new Date(reset * 1000).toISOString() } });
      const calls = fake.requests.length;
      const second = (await limited.client.get(GITHUB_REPOSITORIES_PATH)).json() as TGithubAnswer<unknown>;
      expect(second).toMatchObject({ state: 'problem', problem: 'rate_limited' });
      // A problem report while spent is kept, without a call.
      const res = await limited.client.post(PROBLEM_REPORTS_PATH, report());
      expect(res.json()).toMatchObject({ issueUrl: null });
      expect(fake.requests.length).toBe(calls);
      // GraphQL is its own pool: projects still load.
      expect(((await limited.client.get(GITHUB_PROJECTS_PATH)).json() as TGithubAnswer<unknown>).state).toBe('ok');
    } finally {
      fake.setRemaining('core', 5000);
    }
  });

  it('says GitHub is unavailable on a server error', async () => {
    const flaky = await adminOn(githubEnv(fake));
    fake.failNext(502);
    const answer = (await flaky.client.get(GITHUB_PROJECTS_PATH)).json() as TGithubAnswer<unknown>;
    expect(answer).toMatchObject({ state: 'problem', problem: 'unavailable' });
    // Not kept: the next load asks again and succeeds.
    expect(((await flaky.client.get(GITHUB_PROJECTS_PATH)).json() as TGithubAnswer<unknown>).state).toBe('ok');
  });
});
