import type { ReactNode } from 'react';
import { ADMIN_CARD, LoadingOrError, type QueryState } from './admin-parts.tsx';

/**
 * The admin pages' one list section: a headed card with its tools, the loading / error / empty
 * states, and a captioned table whose rows the page supplies. Use it instead of repeating the markup.
 */
export function AdminTableSection({
  id,
  title,
  description,
  actions,
  state,
  what,
  empty,
  emptyText,
  caption,
  columns,
  children,
  before,
  footer,
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  state: QueryState;
  /** What is loading, for "Loading …" and "Could not load the …". */
  what: string;
  empty: boolean;
  emptyText: string;
  caption: string;
  columns: string[];
  /** The table rows. */
  children: ReactNode;
  /** Shown above the table once loaded (a summary line). */
  before?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={ADMIN_CARD}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-xl font-semibold text-stone-900">{title}</h2>
          {description ? <p className="text-sm text-stone-700">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      <LoadingOrError state={state} what={what} />
      {!state.isPending && !state.isError ? before : null}
      {!state.isPending && !state.isError && empty ? <p className="rounded-md bg-stone-50 p-3 text-sm text-stone-900">{emptyText}</p> : null}
      {!state.isPending && !state.isError && !empty ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="text-xs uppercase tracking-wide text-stone-600">
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col" className="py-2 pr-3 font-medium">{c}</th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">{children}</tbody>
          </table>
        </div>
      ) : null}
      {footer}
    </section>
  );
}
