import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ADMIN_PROBLEM_REPORTS_PATH, type TAdminProblemReports } from '../../../shared/contracts/github.ts';
import { ADMIN_REPORT_FORM_PATH, REPORT_REASON_LABEL, REPORT_STATUSES, type TAdminReports, type TReportStatus, type TReportTarget } from '../../../shared/contracts/identity.ts';
import { FormResult } from '../../ui/form-result.tsx';
import { AdminGate } from './admin-gate.tsx';
import { ADMIN_CARD, AdminPageHeader, LoadingOrError, ShowSelect } from './admin-parts.tsx';

const TARGET_LABEL: Record<TReportTarget, string> = { message: 'Message', profile: 'Profile', review: 'Review', booking: 'Booking' };
const STATUS_LABEL: Record<TReportStatus, string> = { open: 'Open', resolved: 'Resolved', dismissed: 'Dismissed' };
const fmtTime = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** Resolve or dismiss with a note: a form the browser posts itself; the server answers 303 back here. */
function Resolve({ reportId, returnTo }: { reportId: string; returnTo: string }) {
  return (
    <form method="post" action={ADMIN_REPORT_FORM_PATH} className="space-y-2" aria-label="Handle this report">
      <input type="hidden" name="id" value={reportId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <label htmlFor={`note-${reportId}`} className="block text-xs font-medium text-stone-900">What was done (required)</label>
      <textarea id={`note-${reportId}`} name="note" rows={2} required maxLength={1000} className="block w-full rounded-md border border-stone-400 px-2 py-1.5 text-sm text-stone-900 focus:outline-none focus:ring-2 focus:ring-amber-600" />
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="outcome" value="resolved" className="rounded-md bg-stone-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-stone-800">Resolve</button>
        <button type="submit" name="outcome" value="dismissed" className="rounded-md border border-stone-400 px-3 py-1.5 text-sm font-medium text-stone-900 hover:bg-stone-100">Dismiss</button>
      </div>
    </form>
  );
}

/** "Report a problem" from the support page (issue 15 §3): newest first, with the GitHub issue when there is one. */
function ProblemReports() {
  const query = useQuery<TAdminProblemReports>({ queryKey: [ADMIN_PROBLEM_REPORTS_PATH], staleTime: 0 });
  return (
    <section aria-labelledby="problem-reports" className={`${ADMIN_CARD} space-y-3`}>
      <div className="space-y-1">
        <h2 id="problem-reports" className="text-xl font-semibold text-stone-900">Problem reports</h2>
        <p className="text-sm text-stone-700">
          Sent with “Report a problem” on the <Link to="/support#report-a-problem" className="underline underline-offset-2">support page</Link>, newest first. With GitHub connected each one is also an issue; the
          reporter is shown here only, never on GitHub.
        </p>
      </div>
      <LoadingOrError state={query} what="problem reports" />
      {query.data && query.data.items.length === 0 ? <p className="rounded-md bg-stone-50 p-3 text-sm text-stone-900">No problem reports yet.</p> : null}
      {query.data && query.data.items.length > 0 ? (
        <ul aria-label="Problem reports" className="divide-y divide-stone-200">
          {query.data.items.map((r) => (
            <li key={r.id} className="space-y-1 py-4 text-sm text-stone-900">
              <p>
                <strong>{r.title}</strong> · <span className="font-mono">{r.reference}</span> · <time dateTime={r.createdAt}>{fmtTime(r.createdAt)}</time>
              </p>
              <p className="whitespace-pre-wrap break-words rounded-md bg-stone-50 p-2">{r.description}</p>
              <p className="text-stone-700">
                Page: {r.page ? <span className="font-mono">{r.page}</span> : 'not given'} · Browser: {r.browser ?? 'unknown'} · From: {r.reporter ? r.reporter.name : 'a visitor (not signed in)'}
              </p>
              {r.github ? (
                <p>
                  <a href={r.github.url} className="underline underline-offset-2" rel="noreferrer" target="_blank">
                    GitHub issue #{r.github.number}<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </p>
              ) : r.githubProblem ? (
                <p className="text-red-800">Not on GitHub: {r.githubProblem}</p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** /admin/reports: reports of profiles, reviews, bookings and messages. Admins only. */
export default function AdminReportsPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const status = (REPORT_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as TReportStatus) : 'open';
  const query = useQuery<TAdminReports>({ queryKey: [`/api/admin/reports?status=${status}`], staleTime: 0 });
  return (
    <AdminGate title="Reports">
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <AdminPageHeader
          title="Reports"
          lead="What clients and artists reported: profiles, reviews, bookings and messages. Open ones oldest first; every outcome is recorded in the audit log."
          actions={<ShowSelect id="report-status" value={status} options={REPORT_STATUSES.map((s) => [s, STATUS_LABEL[s]] as const)} onChange={(v) => setParams(new URLSearchParams({ status: v }), { replace: true })} />}
        />
        <FormResult messages={{ 'report-resolved': 'Report resolved.', 'report-dismissed': 'Report dismissed.' }} />
        <section aria-label={`${STATUS_LABEL[status]} reports`} className={ADMIN_CARD}>
          <LoadingOrError state={query} what="reports" />
          {query.data && query.data.items.length === 0 ? <p className="rounded-md bg-stone-50 p-3 text-sm text-stone-900">No {STATUS_LABEL[status].toLowerCase()} reports.</p> : null}
          {query.data && query.data.items.length > 0 ? (
            <ul className="divide-y divide-stone-200">
              {query.data.items.map((r) => (
                <li key={r.id} className="grid gap-4 py-4 md:grid-cols-[1fr_20rem]">
                  <div className="space-y-1 text-sm text-stone-900">
                    <p>
                      <span className="mr-2 inline-block rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium">{TARGET_LABEL[r.targetType]}</span>
                      <strong>{REPORT_REASON_LABEL[r.reason]}</strong> · <time dateTime={r.createdAt}>{fmtTime(r.createdAt)}</time>
                    </p>
                    <p className="whitespace-pre-wrap break-words">
                      {r.target.href ? <Link to={r.target.href} className="underline underline-offset-2">{r.target.label}</Link> : r.target.label}
                    </p>
                    <p>Reported by {r.reporter.name}{r.subject ? <> · about {r.subject.name}</> : null}</p>
                    {r.details ? <p className="whitespace-pre-wrap break-words rounded-md bg-stone-50 p-2">{r.details}</p> : null}
                    {r.resolutionNote ? <p className="text-stone-700">{STATUS_LABEL[r.status]}{r.resolvedAt ? ` ${fmtTime(r.resolvedAt)}` : ''}: {r.resolutionNote}</p> : null}
                  </div>
                  {r.status === 'open' ? <Resolve reportId={r.id} returnTo={location.pathname + location.search} /> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <ProblemReports />
      </div>
    </AdminGate>
  );
}
