import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import type { TGithubAnswer, TGithubProblem, TGithubRateLimit, TGithubSetting } from '../../../shared/contracts/github.ts';
import { useAuth } from '../../lib/auth.ts';
import { errorMessage } from '../../lib/errors.ts';
import { AdminGate } from '../../ui/admin-gate.tsx';

export const CARD = 'rounded-lg border border-stone-200 bg-white p-4 sm:p-6';

/** A time in the viewer's zone (these pages render in the browser: their data loads after hydration). */
export const fmtTime = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(iso));

const PROBLEM_TITLE: Record<TGithubProblem, string> = {
  unauthorized: 'GitHub refused the token',
  forbidden: 'The token may not read this',
  not_found: 'Owner not found',
  rate_limited: 'GitHub rate limit reached',
  unavailable: 'GitHub is not answering',
};

/** The page header with the two GitHub pages as tabs. */
export function GithubHeader({ title, lead }: { title: string; lead: string }) {
  const tab = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? 'bg-stone-900 text-white' : 'border border-stone-300 text-stone-900 hover:bg-stone-100'}`;
  return (
    <header className="space-y-3">
      <p className="text-sm"><Link to="/admin-dashboard" className="underline underline-offset-2">Admin dashboard</Link></p>
      <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
      <p className="text-stone-700">{lead}</p>
      <nav aria-label="GitHub pages" className="flex flex-wrap gap-2">
        <NavLink to="/github/repositories" className={tab} end>Repositories</NavLink>
        <NavLink to="/github/projects" className={tab} end>Projects</NavLink>
      </nav>
    </header>
  );
}

/** How to connect GitHub: the settings, which are set, and what each one is for. */
export function NotConfigured({ settings, what }: { settings: TGithubSetting[]; what: string }) {
  return (
    <section aria-labelledby="github-connect" className={`${CARD} space-y-4`}>
      <h2 id="github-connect" className="text-xl font-semibold text-stone-900">Connect GitHub to see {what}</h2>
      <p className="text-stone-700">
        GitHub is not connected on this server. Set these environment variables and restart Inkhaven; nothing else changes until you do. Until then, problem reports from the support page are kept for
        you under <Link to="/admin/reports" className="underline underline-offset-2">Reports</Link>.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">GitHub settings</caption>
          <thead>
            <tr className="border-b border-stone-200 text-stone-900">
              <th scope="col" className="py-2 pr-4 font-semibold">Variable</th>
              <th scope="col" className="py-2 pr-4 font-semibold">Set</th>
              <th scope="col" className="py-2 font-semibold">What it is for</th>
            </tr>
          </thead>
          <tbody>
            {settings.map((s) => (
              <tr key={s.name} className="border-b border-stone-100 align-top">
                <th scope="row" className="py-2 pr-4 font-mono text-stone-900">{s.name}</th>
                <td className="py-2 pr-4 text-stone-900">{s.set ? 'Yes' : 'No'}</td>
                <td className="py-2 text-stone-700">{s.purpose}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-stone-700">
        Example: <code className="rounded bg-stone-100 px-1">GITHUB_TOKEN=github_pat_… GITHUB_OWNER=your-org GITHUB_REPO=your-org/inkhaven npm start</code>. The README’s “GitHub” section lists the token
        permissions.
      </p>
    </section>
  );
}

export function RateLimitLine({ rateLimit }: { rateLimit: TGithubRateLimit | null }) {
  if (!rateLimit) return null;
  const pool = rateLimit.resource === 'graphql' ? 'GraphQL' : 'REST';
  return (
    <p className="text-sm text-stone-700">
      GitHub {pool} rate limit: {rateLimit.remaining}
      {rateLimit.limit !== null ? ` of ${rateLimit.limit}` : ''} calls left, resets <time dateTime={rateLimit.resetAt}>{fmtTime(rateLimit.resetAt)}</time>.
    </p>
  );
}

/**
 * The states every GitHub page has: loading, this API failing, not configured, GitHub's own
 * problem (with the rate limit's reset), or the data with when it was fetched.
 */
export function GithubAnswerView<T>({
  query,
  what,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: TGithubAnswer<T> | undefined };
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <p role="status" className="text-stone-600">Loading {what} from GitHub…</p>;
  if (query.isError || !query.data) return <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">Could not load {what}. {errorMessage(query.error)}</p>;
  const answer = query.data;
  if (answer.state === 'not_configured') return <NotConfigured settings={answer.settings} what={what} />;
  if (answer.state === 'problem') {
    return (
      <section role="alert" aria-labelledby="github-problem" className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
        <h2 id="github-problem" className="font-semibold">{PROBLEM_TITLE[answer.problem]}</h2>
        <p>{answer.problem === 'rate_limited' && answer.rateLimit ? <>No calls are made until the limit resets <time dateTime={answer.rateLimit.resetAt}>{fmtTime(answer.rateLimit.resetAt)}</time>.</> : answer.message}</p>
        <p className="text-sm">Owner: <span className="font-mono">{answer.owner}</span></p>
      </section>
    );
  }
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <p className="text-sm text-stone-700">
          Owner <span className="font-mono text-stone-900">{answer.owner}</span> · fetched <time dateTime={answer.fetchedAt}>{fmtTime(answer.fetchedAt)}</time> (reused briefly, so reloading does not spend the rate limit)
        </p>
        <RateLimitLine rateLimit={answer.rateLimit} />
      </div>
      {children(answer.data)}
    </div>
  );
}

/**
 * One GitHub page for admins: the gate, the header with its tabs, the answer's states, an empty
 * state, and the items as `children` draws them. Fetched in the browser after hydration, never
 * cached between visits (the server caches GitHub's answers).
 */
export function GithubPage<T extends { items: unknown[] }>({
  path,
  title,
  lead,
  what,
  empty,
  wide = false,
  children,
}: {
  path: string;
  title: string;
  lead: string;
  what: string;
  empty: string;
  wide?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { isAdmin } = useAuth();
  const query = useQuery<TGithubAnswer<T>>({ queryKey: [path], enabled: isAdmin, staleTime: 0 });
  return (
    <AdminGate title={title}>
      <div className={`mx-auto ${wide ? 'max-w-7xl' : 'max-w-6xl'} space-y-6 px-4 py-8`}>
        <GithubHeader title={title} lead={lead} />
        <GithubAnswerView query={query} what={what}>
          {(data) => (data.items.length === 0 ? <p className="rounded-md bg-stone-50 p-3 text-stone-900">{empty}</p> : children(data))}
        </GithubAnswerView>
      </div>
    </AdminGate>
  );
}
