import { graphql } from '@octokit/graphql';
import { Octokit } from '@octokit/rest';
import { z } from 'zod';
import type { TGithubProblem, TGithubProject, TGithubProjectColumn, TGithubProjectItem, TGithubRateLimit, TGithubRepository } from '../../../shared/contracts/github.ts';

/**
 * GitHub through Octokit (REST for repositories and issues, GraphQL for Projects v2). Every answer's
 * rate-limit headers are recorded per pool (`x-ratelimit-resource`: core, graphql, …); once a pool
 * is spent, no call is made until its reset time. Failures are GithubError with a message for an
 * admin (never the token, never GitHub's raw body). No retries: the pages say what happened.
 */

export const GITHUB_TIMEOUT_MS = 10_000;
const USER_AGENT = 'Inkhaven (+https://github.com/octokit/rest.js)';

export class GithubError extends Error {
  override name = 'GithubError';
  constructor(
    readonly problem: TGithubProblem,
    message: string,
    /** When a spent rate limit resets (rate_limited only). */
    readonly resetAt?: Date,
  ) {
    super(message);
  }
}

export type GithubSettings = { token: string; apiUrl: string; timeoutMs?: number; now?: () => number };

type RateState = { limit: number | null; remaining: number; resetAt: number };

const ZRepo = z.object({
  id: z.number(),
  name: z.string(),
  full_name: z.string(),
  html_url: z.string(),
  description: z.string().nullable().optional(),
  stargazers_count: z.number().optional(),
  open_issues_count: z.number().optional(),
  language: z.string().nullable().optional(),
  pushed_at: z.string().nullable().optional(),
  private: z.boolean().optional(),
  archived: z.boolean().optional(),
});
const ZOwner = z.object({ login: z.string(), type: z.string() });
const ZIssue = z.object({ number: z.number(), html_url: z.string() });

const ZItemContent = z
  .object({
    title: z.string().optional(),
    number: z.number().optional(),
    url: z.string().optional(),
    state: z.string().optional(),
    repository: z.object({ nameWithOwner: z.string() }).optional(),
  })
  .nullable();
const ZProjectsAnswer = z.object({
  repositoryOwner: z
    .object({
      login: z.string(),
      projectsV2: z
        .object({
          nodes: z.array(
            z
              .object({
                id: z.string(),
                number: z.number(),
                title: z.string(),
                url: z.string(),
                shortDescription: z.string().nullable().optional(),
                closed: z.boolean(),
                updatedAt: z.string(),
                field: z.object({ options: z.array(z.object({ id: z.string(), name: z.string() })).optional() }).nullable().optional(),
                items: z.object({
                  totalCount: z.number(),
                  nodes: z.array(
                    z
                      .object({
                        id: z.string(),
                        type: z.string(),
                        fieldValueByName: z.object({ optionId: z.string().nullable().optional(), name: z.string().nullable().optional() }).nullable().optional(),
                        content: ZItemContent.optional(),
                      })
                      .nullable(),
                  ),
                }),
              })
              .nullable(),
          ),
        })
        .optional(),
    })
    .nullable(),
});

/** The boards of an owner with their Status columns and first 100 items (ProjectV2Owner: users and organisations). */
export const PROJECTS_QUERY = `query InkhavenProjects($login: String!) {
  repositoryOwner(login: $login) {
    login
    ... on ProjectV2Owner {
      projectsV2(first: 20, orderBy: { field: UPDATED_AT, direction: DESC }) {
        nodes {
          id number title url shortDescription closed updatedAt
          field(name: "Status") { ... on ProjectV2SingleSelectField { options { id name } } }
          items(first: 100) {
            totalCount
            nodes {
              id type
              fieldValueByName(name: "Status") { ... on ProjectV2ItemFieldSingleSelectValue { optionId name } }
              content {
                ... on DraftIssue { title }
                ... on Issue { title number url state repository { nameWithOwner } }
                ... on PullRequest { title number url state repository { nameWithOwner } }
              }
            }
          }
        }
      }
    }
  }
}`;

const toNumber = (v: string | null | undefined) => (v != null && /^\d+$/.test(v) ? Number(v) : null);
const asHeaders = (h: unknown): Record<string, string | undefined> => (h && typeof h === 'object' ? (h as Record<string, string | undefined>) : {});

export class GithubApi {
  private readonly rates = new Map<string, RateState>();
  private readonly rest: Octokit;
  private readonly gql: typeof graphql;
  private readonly now: () => number;

  constructor(settings: GithubSettings) {
    this.now = settings.now ?? Date.now;
    const timeoutMs = settings.timeoutMs ?? GITHUB_TIMEOUT_MS;
    const baseUrl = settings.apiUrl.replace(/\/+$/, '');
    // Octokit's own fetch options, wrapped: a timeout on every call, and the rate-limit headers of every answer (errors too).
    const recordingFetch = async (url: string | URL | Request, init?: RequestInit) => {
      const res = await fetch(url, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
      this.record(Object.fromEntries(res.headers));
      return res;
    };
    const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
    this.rest = new Octokit({ auth: settings.token, baseUrl, userAgent: USER_AGENT, log: quiet, request: { fetch: recordingFetch } });
    this.gql = graphql.defaults({ baseUrl, headers: { authorization: `token ${settings.token}`, 'user-agent': USER_AGENT }, request: { fetch: recordingFetch } });
  }

  private record(headers: Record<string, string | undefined>) {
    const remaining = toNumber(headers['x-ratelimit-remaining']);
    const reset = toNumber(headers['x-ratelimit-reset']);
    if (remaining === null || reset === null) return;
    this.rates.set(headers['x-ratelimit-resource'] ?? 'core', { limit: toNumber(headers['x-ratelimit-limit']), remaining, resetAt: reset * 1000 });
  }

  /** The pool as last seen; a pool whose reset time has passed is shown as unknown again. */
  rateLimit(resource: string): TGithubRateLimit | null {
    const r = this.rates.get(resource);
    if (!r || r.resetAt <= this.now()) return null;
    return { resource, limit: r.limit, remaining: r.remaining, resetAt: new Date(r.resetAt).toISOString() };
  }

  /** Refuses to call while the pool is spent, so a spent limit is not made worse (GitHub may block a token that keeps calling). */
  private guard(resource: string) {
    const r = this.rates.get(resource);
    if (r && r.remaining === 0 && r.resetAt > this.now()) throw rateLimited(new Date(r.resetAt));
  }

  private async call<T>(resource: string, what: string, run: () => Promise<T>): Promise<T> {
    this.guard(resource);
    try {
      return await run();
    } catch (error) {
      throw this.describe(error, what);
    }
  }

  private describe(error: unknown, what: string): GithubError {
    if (error instanceof GithubError) return error;
    const e = error as { status?: unknown; response?: { headers?: unknown }; headers?: unknown; errors?: Array<{ type?: string }> };
    const gqlType = Array.isArray(e.errors) ? e.errors[0]?.type : undefined;
    if (gqlType === 'NOT_FOUND') return new GithubError('not_found', `GitHub has no ${what}, or the token cannot see it.`);
    if (gqlType === 'RATE_LIMITED') return rateLimited(this.resetOf(asHeaders(e.headers)));
    if (gqlType === 'INSUFFICIENT_SCOPES' || gqlType === 'FORBIDDEN') return new GithubError('forbidden', `The token may not read ${what}: it needs read access to projects (read:project). See the README's GitHub section for the permissions.`);
    const status = typeof e.status === 'number' ? e.status : null;
    const headers = asHeaders(e.response?.headers);
    if (status === 401) return new GithubError('unauthorized', 'GitHub refused the token (401 Bad credentials): check GITHUB_TOKEN; it may be mistyped, expired or revoked.');
    if (status === 429 || (status === 403 && (headers['x-ratelimit-remaining'] === '0' || headers['retry-after'] !== undefined))) return rateLimited(this.resetOf(headers));
    if (status === 403) return new GithubError('forbidden', `The token may not read ${what} (403). Check its scopes and the organisation's access policy.`);
    if (status === 404) return new GithubError('not_found', `GitHub has no ${what}, or the token cannot see it (404).`);
    if (error instanceof z.ZodError) return new GithubError('unavailable', 'GitHub sent an answer in a shape Inkhaven does not understand. Check GITHUB_API_URL points at the GitHub API.');
    // Octokit reports a failed connection or a timeout as status 500 too.
    return new GithubError('unavailable', 'GitHub could not be reached or answered with an error. Try again in a few minutes.');
  }

  private resetOf(headers: Record<string, string | undefined>): Date {
    const reset = toNumber(headers['x-ratelimit-reset']);
    const retryAfter = toNumber(headers['retry-after']);
    return new Date(reset !== null ? reset * 1000 : this.now() + (retryAfter ?? 60) * 1000);
  }

  /** The owner's repositories, most recently pushed first (first 100). */
  async repositories(owner: string): Promise<TGithubRepository[]> {
    return this.call('core', `user or organisation named “${owner}”`, async () => {
      const { data: account } = await this.rest.rest.users.getByUsername({ username: owner });
      const kind = ZOwner.parse(account).type;
      const { data } =
        kind === 'Organization'
          ? await this.rest.rest.repos.listForOrg({ org: owner, sort: 'pushed', direction: 'desc', per_page: 100 })
          : await this.rest.rest.repos.listForUser({ username: owner, sort: 'pushed', direction: 'desc', per_page: 100, type: 'owner' });
      return z.array(ZRepo).parse(data).map((r) => ({
        id: r.id,
        name: r.name,
        fullName: r.full_name,
        url: r.html_url,
        description: r.description ?? null,
        stars: r.stargazers_count ?? 0,
        openIssues: r.open_issues_count ?? 0,
        language: r.language ?? null,
        pushedAt: r.pushed_at ?? null,
        private: r.private ?? false,
        archived: r.archived ?? false,
      }));
    });
  }

  /** The owner's Projects v2 boards (20 most recently updated), each with its Status columns and first 100 items. */
  async projects(owner: string): Promise<TGithubProject[]> {
    return this.call('graphql', `user or organisation named “${owner}”`, async () => {
      const answer = ZProjectsAnswer.parse(await this.gql(PROJECTS_QUERY, { login: owner }));
      if (!answer.repositoryOwner) throw new GithubError('not_found', `GitHub has no user or organisation named “${owner}”, or the token cannot see it.`);
      return (answer.repositoryOwner.projectsV2?.nodes ?? []).flatMap((p) => {
        if (!p) return [];
        const options = p.field?.options ?? [];
        const columns: TGithubProjectColumn[] = options.map((o) => ({ id: o.id, name: o.name, items: [] }));
        const none: TGithubProjectColumn = { id: null, name: 'No status', items: [] };
        for (const node of p.items.nodes) {
          if (!node) continue;
          const c = node.content ?? null;
          const kind: TGithubProjectItem['kind'] = node.type === 'ISSUE' ? 'issue' : node.type === 'PULL_REQUEST' ? 'pull_request' : node.type === 'DRAFT_ISSUE' ? 'draft' : 'redacted';
          const item: TGithubProjectItem = {
            id: node.id,
            kind,
            title: c?.title ?? 'An item you cannot see',
            url: c?.url ?? null,
            number: c?.number ?? null,
            state: c?.state ?? null,
            repository: c?.repository?.nameWithOwner ?? null,
          };
          const optionId = node.fieldValueByName?.optionId;
          (columns.find((col) => col.id === optionId) ?? none).items.push(item);
        }
        if (none.items.length || columns.length === 0) columns.push(none);
        return [{ id: p.id, number: p.number, title: p.title, url: p.url, description: p.shortDescription || null, closed: p.closed, updatedAt: p.updatedAt, columns, itemCount: p.items.totalCount }];
      });
    });
  }

  /** Opens an issue; answers its number and link. */
  async createIssue(repo: string, issue: { title: string; body: string }): Promise<{ number: number; url: string }> {
    const [owner = '', name = ''] = repo.split('/');
    return this.call('core', `repository “${repo}”`, async () => {
      const { data } = await this.rest.rest.issues.create({ owner, repo: name, title: issue.title, body: issue.body });
      const parsed = ZIssue.parse(data);
      return { number: parsed.number, url: parsed.html_url };
    });
  }
}

function rateLimited(resetAt: Date): GithubError {
  return new GithubError('rate_limited', `GitHub's rate limit for this token is used up; no calls are made until it resets at ${resetAt.toISOString()}.`, resetAt);
}
