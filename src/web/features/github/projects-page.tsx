import { GITHUB_PROJECTS_PATH, type TGithubProjectItem, type TGithubProjects } from '../../../shared/contracts/github.ts';
import { CARD, GithubPage, fmtTime } from './github-parts.tsx';

const KIND_LABEL: Record<TGithubProjectItem['kind'], string> = { issue: 'Issue', pull_request: 'Pull request', draft: 'Draft', redacted: 'Hidden item' };

function Item({ item }: { item: TGithubProjectItem }) {
  const label = `${KIND_LABEL[item.kind]}${item.number !== null ? ` #${item.number}` : ''}`;
  return (
    <li className="space-y-1 rounded-md border border-stone-200 bg-white p-3 text-sm">
      <p className="text-xs text-stone-600">
        {label}
        {item.repository ? ` · ${item.repository}` : ''}
        {item.state ? ` · ${item.state.toLowerCase()}` : ''}
      </p>
      <p className="font-medium text-stone-900">
        {item.url ? (
          <a href={item.url} className="underline underline-offset-2 hover:text-amber-800" rel="noreferrer" target="_blank">
            {item.title}
            <span className="sr-only"> (opens GitHub in a new tab)</span>
          </a>
        ) : (
          item.title
        )}
      </p>
    </li>
  );
}

/** /github/projects: the owner's Projects v2 boards, their Status columns and items. Admins only. */
export default function GithubProjectsPage() {
  return (
    <GithubPage<TGithubProjects>
      path={GITHUB_PROJECTS_PATH}
      title="GitHub projects"
      lead="The project boards (GitHub Projects) of the connected organisation or user: each board’s Status columns and the items in them."
      what="projects"
      empty="This owner has no project boards the token can see."
      wide
    >
      {(data) => (
        <div className="space-y-8">
          {data.items.map((p) => {
            const shown = p.columns.reduce((n, c) => n + c.items.length, 0);
            return (
              <section key={p.id} aria-labelledby={`project-${p.number}`} className={`${CARD} space-y-4`}>
                <div className="space-y-1">
                  <h2 id={`project-${p.number}`} className="text-xl font-semibold text-stone-900">
                    <a href={p.url} className="underline decoration-amber-500 decoration-2 underline-offset-4 hover:text-amber-800" rel="noreferrer" target="_blank">
                      {p.title}
                      <span className="sr-only"> (opens GitHub in a new tab)</span>
                    </a>
                    {p.closed ? <span className="ml-2 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium">Closed</span> : null}
                  </h2>
                  {p.description ? <p className="text-stone-700">{p.description}</p> : null}
                  <p className="text-sm text-stone-600">
                    Updated <time dateTime={p.updatedAt}>{fmtTime(p.updatedAt)}</time> · {p.itemCount} item{p.itemCount === 1 ? '' : 's'}
                    {shown < p.itemCount ? ` (the first ${shown} are shown)` : ''}
                  </p>
                </div>
                {/* Scrolls sideways on narrow screens: focusable, so the keyboard can scroll it too. */}
                <div tabIndex={0} role="region" aria-label={`${p.title}: board columns`} className="overflow-x-auto pb-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
                  <ul className="flex gap-4">
                    {p.columns.map((c) => (
                      <li key={c.id ?? 'none'} className="w-72 shrink-0 space-y-2 rounded-md bg-stone-50 p-3">
                        <h3 className="font-semibold text-stone-900">
                          {c.name} <span className="font-normal text-stone-600">({c.items.length} item{c.items.length === 1 ? '' : 's'})</span>
                        </h3>
                        {c.items.length === 0 ? <p className="text-sm text-stone-600">Nothing here.</p> : <ul className="space-y-2">{c.items.map((i) => <Item key={i.id} item={i} />)}</ul>}
                      </li>
                    ))}
                  </ul>
                </div>
              </section>
            );
          })}
        </div>
      )}
    </GithubPage>
  );
}
