import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { ERROR_GROUP_FORM_PATH, ERROR_GROUP_STATUSES, type TErrorGroup, type TErrorGroups, type TErrorGroupStatus } from '../../../shared/contracts/admin.ts';
import { FormResult } from '../../ui/form-result.tsx';
import { AdminGate } from './admin-gate.tsx';
import { AdminPageHeader, ShowSelect, fmtAdminTime } from './admin-parts.tsx';
import { AdminTableSection } from './admin-table-section.tsx';

type Shown = TErrorGroupStatus | 'all';
const SHOWN: Shown[] = [...ERROR_GROUP_STATUSES, 'all'];
const SHOWN_LABEL: Record<Shown, string> = { open: 'Open', resolved: 'Resolved', ignored: 'Ignored', all: 'All' };
const SMALL_BUTTON = 'rounded-md border border-stone-400 px-2 py-1 text-xs font-medium text-stone-900 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600';

/** Resolve, ignore or reopen: a form the browser posts itself; the server answers 303 back here. */
function GroupActions({ group, returnTo }: { group: TErrorGroup; returnTo: string }) {
  const next: Array<[TErrorGroupStatus, string]> = group.status === 'open' ? [['resolved', 'Resolve'], ['ignored', 'Ignore']] : [['open', 'Reopen']];
  return (
    <form method="post" action={ERROR_GROUP_FORM_PATH} className="flex flex-wrap gap-1" aria-label={`Change the state of “${group.message.slice(0, 60)}”`}>
      <input type="hidden" name="key" value={group.key} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {next.map(([status, label]) => (
        <button key={status} type="submit" name="status" value={status} className={SMALL_BUTTON}>{label}</button>
      ))}
    </form>
  );
}

/** /admin/telemetry: client errors grouped by message and top stack frame, with their state. Admins only. */
export default function TelemetryPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const status = (SHOWN as string[]).includes(params.get('status') ?? '') ? (params.get('status') as Shown) : 'open';
  const query = useQuery<TErrorGroups>({ queryKey: [`/api/admin/error-groups?status=${status}`], staleTime: 0 });
  const returnTo = location.pathname + location.search;
  return (
    <AdminGate title="Error telemetry">
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <AdminPageHeader title="Error telemetry" lead="Errors caught by the app's error boundary in the last 90 days, grouped by message and top stack frame, most recent first. A resolved error that happens again is open again." />
        <FormResult messages={{ 'error-group-resolved': 'Marked resolved.', 'error-group-ignored': 'Ignored: it stays out of the open list.', 'error-group-open': 'Open again.' }} />
        <AdminTableSection
          id="error-groups-heading"
          title={`${SHOWN_LABEL[status]} errors`}
          actions={<ShowSelect id="group-status" value={status} options={SHOWN.map((s) => [s, SHOWN_LABEL[s]] as const)} onChange={(v) => setParams(new URLSearchParams({ status: v }), { replace: true })} />}
          state={query}
          what="errors"
          empty={(query.data?.items.length ?? 0) === 0}
          emptyText={status === 'open' ? 'No open errors. All quiet.' : `No ${SHOWN_LABEL[status].toLowerCase()} errors.`}
          caption="Client errors grouped by message and top stack frame"
          columns={['Error', 'Count', 'First and last seen', 'Pages and browsers', 'State']}
        >
          {query.data?.items.map((g) => (
            <tr key={g.key} className="align-top">
              <td className="max-w-md py-2 pr-3 text-stone-900">
                <p className="break-words font-mono text-sm font-semibold text-red-800">{g.message}</p>
                {g.topFrame ? <p className="break-all font-mono text-xs text-stone-700">{g.topFrame}</p> : null}
                {g.sampleStack ? (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-xs text-stone-800">Sample stack</summary>
                    <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap text-xs text-stone-700">{g.sampleStack}</pre>
                    {g.sampleComponentStack ? <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap text-xs text-stone-700">{g.sampleComponentStack}</pre> : null}
                  </details>
                ) : null}
              </td>
              <td className="py-2 pr-3 text-stone-900">
                {g.count}
                <span className="block text-xs text-stone-700">{g.users} signed-in {g.users === 1 ? 'person' : 'people'}</span>
              </td>
              <td className="py-2 pr-3 text-xs text-stone-700">
                <time dateTime={g.firstSeen}>{fmtAdminTime(g.firstSeen)}</time>
                <br />
                <time dateTime={g.lastSeen}>{fmtAdminTime(g.lastSeen)}</time>
              </td>
              <td className="py-2 pr-3 text-xs text-stone-900">
                <ul aria-label="Pages">
                  {g.pages.map((p) => (
                    <li key={p.url} className="break-all">{p.url} ({p.count})</li>
                  ))}
                </ul>
                <p className="mt-1 text-stone-700">{g.browsers.map((b) => `${b.name} ${b.count}`).join(' · ')}</p>
              </td>
              <td className="py-2 pr-3 text-xs text-stone-900">
                <p className="mb-1 font-semibold">{SHOWN_LABEL[g.status]}</p>
                <GroupActions group={g} returnTo={returnTo} />
              </td>
            </tr>
          ))}
        </AdminTableSection>
      </div>
    </AdminGate>
  );
}
