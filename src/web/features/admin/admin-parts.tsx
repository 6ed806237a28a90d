import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/errors.ts';

export const ADMIN_CARD = 'rounded-lg border border-stone-200 bg-white p-4 sm:p-6';
export const fmtAdminTime = (iso: string) => new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

export type QueryState = { isPending: boolean; isError: boolean; error: unknown };

/** The top of every admin console page: the way back to the dashboard, the title, a lead, and tools on the right. */
export function AdminPageHeader({ title, lead, actions }: { title: string; lead?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="space-y-1">
        <p className="text-sm"><Link to="/admin-dashboard" className="underline underline-offset-2">Admin dashboard</Link></p>
        <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
        {lead ? <p className="text-stone-700">{lead}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}

/** "Period: Last N days": the window of the console's reports (analytics, performance). */
export function PeriodSelect<T extends number>({ id, value, options, onChange }: { id: string; value: T; options: readonly T[]; onChange: (days: T) => void }) {
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium text-stone-900">Period</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(options.find((d) => d === Number(e.target.value)) ?? value)}
        className="rounded-md border border-stone-400 bg-white px-2 py-1.5 text-sm text-stone-900 focus:outline-none focus:ring-2 focus:ring-amber-600"
      >
        {options.map((d) => (
          <option key={d} value={d}>Last {d} days</option>
        ))}
      </select>
    </>
  );
}

/**
 * "Show [status]": the filter the console's lists put in their URL. It changes the list as soon as
 * it changes (a select a keyboard user moves through with the arrows still lands on each value).
 */
export function ShowSelect({ id, value, options, onChange }: { id: string; value: string; options: ReadonlyArray<readonly [value: string, label: string]>; onChange: (value: string) => void }) {
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium text-stone-900">Show</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-md border border-stone-400 bg-white px-2 py-1.5 text-sm text-stone-900 focus:outline-none focus:ring-2 focus:ring-amber-600"
      >
        {options.map(([v, label]) => (
          <option key={v} value={v}>{label}</option>
        ))}
      </select>
    </>
  );
}

/** A section's loading and failure lines, the same wording on every console page. */
export function LoadingOrError({ state, what }: { state: QueryState; what: string }) {
  if (state.isPending) return <p role="status" className="text-stone-600">Loading {what}…</p>;
  if (state.isError) return <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">Could not load the {what}. {errorMessage(state.error)}</p>;
  return null;
}
