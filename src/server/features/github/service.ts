import type { Config } from '../../config.ts';
import type { TGithubAnswer, TGithubProjects, TGithubRepositories, TGithubSetting } from '../../../shared/contracts/github.ts';
import { GithubApi, GithubError } from './github-api.ts';

/**
 * The admin pages' view of GitHub: not configured (which settings are missing), the data, or what
 * went wrong. Good answers are kept for GITHUB_CACHE_SECONDS in memory, per app, so reloading a page
 * does not spend the rate limit; failures are not kept (the next load asks again, unless the limit
 * is spent, which GithubApi itself refuses to call until the reset).
 */
export class GithubService {
  readonly api: GithubApi | null;
  private readonly cache = new Map<string, { until: number; answer: TGithubAnswer<unknown> }>();

  constructor(
    private readonly config: Pick<Config, 'GITHUB_TOKEN' | 'GITHUB_API_URL' | 'GITHUB_OWNER' | 'GITHUB_REPO' | 'GITHUB_CACHE_SECONDS'>,
    private readonly now: () => number = Date.now,
  ) {
    this.api = config.GITHUB_TOKEN ? new GithubApi({ token: config.GITHUB_TOKEN, apiUrl: config.GITHUB_API_URL, now }) : null;
  }

  /** The settings the pages read, whether each is set (never their values). */
  settings(): TGithubSetting[] {
    const c = this.config;
    return [
      { name: 'GITHUB_TOKEN', purpose: 'A fine-grained or classic token: Metadata read (repo for private repositories), read:project for projects, Issues read and write on GITHUB_REPO.', set: Boolean(c.GITHUB_TOKEN) },
      { name: 'GITHUB_OWNER', purpose: 'The organisation or user whose repositories and projects are shown.', set: Boolean(c.GITHUB_OWNER) },
      { name: 'GITHUB_REPO', purpose: 'owner/name of the repository where “Report a problem” opens issues.', set: Boolean(c.GITHUB_REPO) },
      { name: 'GITHUB_API_URL', purpose: 'Only for GitHub Enterprise Server: https://HOST/api/v3 (default https://api.github.com).', set: c.GITHUB_API_URL !== 'https://api.github.com' },
    ];
  }

  /** Where problem reports go, when both the token and the repository are set. */
  get issueRepo(): string | null {
    return this.api && this.config.GITHUB_REPO ? this.config.GITHUB_REPO : null;
  }

  repositories(): Promise<TGithubAnswer<TGithubRepositories>> {
    return this.answer('repositories', 'core', async (api, owner) => ({ items: await api.repositories(owner) }));
  }

  projects(): Promise<TGithubAnswer<TGithubProjects>> {
    return this.answer('projects', 'graphql', async (api, owner) => ({ items: await api.projects(owner) }));
  }

  private async answer<T>(key: string, resource: string, load: (api: GithubApi, owner: string) => Promise<T>): Promise<TGithubAnswer<T>> {
    const owner = this.config.GITHUB_OWNER;
    if (!this.api || !owner) return { state: 'not_configured', settings: this.settings() };
    const cached = this.cache.get(key);
    if (cached && cached.until > this.now()) return cached.answer as TGithubAnswer<T>;
    try {
      const data = await load(this.api, owner);
      const answer: TGithubAnswer<T> = { state: 'ok', owner, fetchedAt: new Date(this.now()).toISOString(), rateLimit: this.api.rateLimit(resource), data };
      this.cache.set(key, { until: this.now() + this.config.GITHUB_CACHE_SECONDS * 1000, answer });
      return answer;
    } catch (error) {
      if (!(error instanceof GithubError)) throw error;
      const rateLimit = this.api.rateLimit(resource) ?? (error.resetAt ? { resource, limit: null, remaining: 0, resetAt: error.resetAt.toISOString() } : null);
      return { state: 'problem', owner, problem: error.problem, message: error.message, rateLimit };
    }
  }
}
