import { GITHUB_REPOSITORIES_PATH, type TGithubRepositories } from '../../../shared/contracts/github.ts';
import { CARD, GithubPage, fmtTime } from './github-parts.tsx';

const BADGE = 'inline-block rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-900';

/** /github/repositories: the configured owner's repositories, most recently pushed first. Admins only. */
export default function GithubRepositoriesPage() {
  return (
    <GithubPage<TGithubRepositories>
      path={GITHUB_REPOSITORIES_PATH}
      title="GitHub repositories"
      lead="The repositories of the GitHub organisation or user this server is connected to, most recently pushed first."
      what="repositories"
      empty="This owner has no repositories the token can see."
    >
      {(data) => (
        <ul aria-label="Repositories" className="grid gap-4 md:grid-cols-2">
          {data.items.map((r) => (
            <li key={r.id} className={`${CARD} space-y-2`}>
              <h2 className="text-lg font-semibold text-stone-900">
                <a href={r.url} className="underline decoration-amber-500 decoration-2 underline-offset-4 hover:text-amber-800" rel="noreferrer" target="_blank">
                  {r.fullName}
                  <span className="sr-only"> (opens GitHub in a new tab)</span>
                </a>
              </h2>
              <p className="flex flex-wrap gap-2">
                {r.private ? <span className={BADGE}>Private</span> : null}
                {r.archived ? <span className={BADGE}>Archived</span> : null}
              </p>
              <p className="text-stone-700">{r.description ?? <span className="italic">No description.</span>}</p>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                <div><dt className="text-stone-600">Language</dt><dd className="text-stone-900">{r.language ?? '—'}</dd></div>
                <div><dt className="text-stone-600">Stars</dt><dd className="text-stone-900">{r.stars}</dd></div>
                <div><dt className="text-stone-600">Open issues</dt><dd className="text-stone-900">{r.openIssues}</dd></div>
                <div><dt className="text-stone-600">Last push</dt><dd className="text-stone-900">{r.pushedAt ? <time dateTime={r.pushedAt}>{fmtTime(r.pushedAt)}</time> : 'Never'}</dd></div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </GithubPage>
  );
}
