import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { JOB_STATUSES, MAIL_STATUSES, type TAdminJobs, type TAdminKpis, type TAdminOutboxPage, type TAdminPaymentIssues, type TMailStatus, type TPaymentIssueStatus } from '../../../shared/contracts/admin.ts';
import { useAuth } from '../../lib/auth.ts';
import { getJson } from '../../lib/query-client.ts';
import { Button } from '../../ui/button.tsx';
import { ADMIN_CARD, LoadingOrError } from './admin-parts.tsx';
import { AdminTableSection } from './admin-table-section.tsx';

const OUTBOX_PAGE = 25;

const MAIL_STATUS_LABEL: Record<TMailStatus, string> = { queued: 'Queued', sent: 'Sent', outbox: 'In outbox (no SMTP)', failed: 'Failed' };
const MAIL_STATUS_STYLE: Record<TMailStatus, string> = {
  queued: 'bg-sky-50 text-sky-900',
  sent: 'bg-emerald-50 text-emerald-900',
  outbox: 'bg-stone-100 text-stone-900',
  failed: 'bg-red-50 text-red-900',
};
const fmtTime = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' }).format(new Date(iso));

function Outbox() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<TMailStatus | ''>('');
  const [open, setOpen] = useState<string | null>(null);
  const base = `/api/admin/outbox?limit=${OUTBOX_PAGE}${status ? `&status=${status}` : ''}`;
  const pages = useInfiniteQuery({
    queryKey: [base, 'pages'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getJson<TAdminOutboxPage>(queryClient, pageParam ? `${base}&cursor=${encodeURIComponent(pageParam)}` : base, signal),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <AdminTableSection
      id="outbox-heading"
      title="Mail outbox"
      description="Every e-mail the app wrote, newest first. Without SMTP_URL they stay here instead of being sent."
      actions={
        <>
          <label htmlFor="outbox-status" className="text-sm font-medium text-stone-900">Status</label>
          <select id="outbox-status" value={status} onChange={(e) => setStatus(e.target.value as TMailStatus | '')} className="rounded-md border border-stone-400 bg-white px-2 py-1.5 text-sm text-stone-900 focus:outline-none focus:ring-2 focus:ring-amber-600">
            <option value="">All</option>
            {MAIL_STATUSES.map((s) => (
              <option key={s} value={s}>{MAIL_STATUS_LABEL[s]}</option>
            ))}
          </select>
          <Button variant="secondary" className="px-3 py-1.5 text-sm" onClick={() => void pages.refetch()} disabled={pages.isFetching}>Refresh</Button>
        </>
      }
      state={pages}
      what="outbox"
      empty={items.length === 0}
      emptyText={`No mail${status ? ' with this status' : ''} yet.`}
      caption="Mail outbox, newest first"
      columns={['To', 'Subject', 'Status', 'Time']}
      footer={
        pages.hasNextPage ? (
          <Button variant="secondary" className="mt-4" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage ? 'Loading…' : 'Older mail'}
          </Button>
        ) : null
      }
    >
      {items.map((m) => (
        <Fragment key={m.id}>
          <tr>
            <td className="py-2 pr-3 text-stone-900">{m.to}</td>
            <td className="py-2 pr-3">
              <button
                type="button"
                aria-expanded={open === m.id}
                aria-controls={`mail-${m.id}`}
                onClick={() => setOpen(open === m.id ? null : m.id)}
                className="text-left font-medium text-stone-900 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600"
              >
                {m.subject}
              </button>
            </td>
            <td className="py-2 pr-3">
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${MAIL_STATUS_STYLE[m.status]}`}>{MAIL_STATUS_LABEL[m.status]}</span>
            </td>
            <td className="py-2 text-stone-700">
              <time dateTime={m.sentAt ?? m.createdAt}>{fmtTime(m.sentAt ?? m.createdAt)}</time>
            </td>
          </tr>
          {open === m.id ? (
            <tr id={`mail-${m.id}`}>
              <td colSpan={4} className="bg-stone-50 p-3">
                {m.error ? <p className="mb-2 text-sm text-red-800">Error: {m.error}</p> : null}
                <p className="mb-2 text-xs text-stone-600">
                  Written <time dateTime={m.createdAt}>{fmtTime(m.createdAt)}</time>
                  {m.sentAt ? <> · sent <time dateTime={m.sentAt}>{fmtTime(m.sentAt)}</time></> : null} · {m.dedupeKey}
                </p>
                <pre className="max-h-80 overflow-auto whitespace-pre-wrap font-sans text-sm text-stone-900">{m.text}</pre>
              </td>
            </tr>
          ) : null}
        </Fragment>
      ))}
    </AdminTableSection>
  );
}

function Jobs() {
  const query = useQuery<TAdminJobs>({ queryKey: ['/api/admin/jobs'], staleTime: 0 });
  return (
    <section aria-labelledby="jobs-heading" className={ADMIN_CARD}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id="jobs-heading" className="text-xl font-semibold text-stone-900">Background jobs</h2>
        <Button variant="secondary" className="px-3 py-1.5 text-sm" onClick={() => void query.refetch()} disabled={query.isFetching}>Refresh</Button>
      </div>
      <LoadingOrError state={query} what="jobs" />
      {query.data ? (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {JOB_STATUSES.map((s) => (
              <div key={s} className={`rounded-md p-3 ${s === 'failed' && query.data.counts.failed > 0 ? 'bg-red-50' : 'bg-stone-50'}`}>
                <dt className="text-xs font-medium uppercase tracking-wide text-stone-600">{s}</dt>
                <dd className="text-2xl font-bold text-stone-900">{query.data.counts[s]}</dd>
              </div>
            ))}
            <div className={`rounded-md p-3 ${query.data.overdue > 0 ? 'bg-amber-50' : 'bg-stone-50'}`}>
              <dt className="text-xs font-medium uppercase tracking-wide text-stone-600">overdue</dt>
              <dd className="text-2xl font-bold text-stone-900">{query.data.overdue}</dd>
            </div>
          </dl>
          <h3 className="mt-6 font-semibold text-stone-900">Failed jobs</h3>
          {query.data.failed.length === 0 ? (
            <p className="mt-1 text-sm text-stone-700">None. Every job finished or is still waiting its turn.</p>
          ) : (
            <ul className="mt-2 divide-y divide-stone-200" aria-label="Failed jobs">
              {query.data.failed.map((j) => (
                <li key={j.id} className="py-3 text-sm">
                  <p className="font-medium text-stone-900">
                    {j.kind} <span className="font-normal text-stone-700">· {j.attempts} of {j.maxAttempts} attempts · <time dateTime={j.finishedAt ?? j.createdAt}>{fmtTime(j.finishedAt ?? j.createdAt)}</time></span>
                  </p>
                  {j.lastError ? <pre className="mt-1 overflow-x-auto whitespace-pre-wrap text-xs text-red-800">{j.lastError}</pre> : null}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}

const ISSUE_STATUS_LABEL: Record<TPaymentIssueStatus, string> = { refund_pending: 'Refund pending', refunded: 'Refunded', needs_reconciliation: 'Needs reconciliation' };
const ISSUE_STATUS_STYLE: Record<TPaymentIssueStatus, string> = {
  refund_pending: 'bg-amber-50 text-amber-900',
  refunded: 'bg-emerald-50 text-emerald-900',
  needs_reconciliation: 'bg-red-50 text-red-900',
};
const fmtMoney = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

function PaymentIssues() {
  const query = useQuery<TAdminPaymentIssues>({ queryKey: ['/api/admin/payment-issues'], staleTime: 0 });
  return (
    <AdminTableSection
      id="payment-issues-heading"
      title="Payment issues"
      description="Card payments of another amount or currency than the deposit. They confirm nothing and are refunded through Stripe; one Stripe could not refund needs reconciling from the Stripe dashboard."
      actions={<Button variant="secondary" className="px-3 py-1.5 text-sm" onClick={() => void query.refetch()} disabled={query.isFetching}>Refresh</Button>}
      state={query}
      what="payment issues"
      before={
        query.data ? (
          <p className={`mb-3 rounded-md p-3 text-sm font-medium ${query.data.needsAttention > 0 ? 'bg-amber-50 text-amber-900' : 'bg-stone-50 text-stone-900'}`}>
            {query.data.needsAttention === 0 ? 'Nothing needs attention.' : `${query.data.needsAttention} not refunded yet.`}
          </p>
        ) : null
      }
      empty={(query.data?.items.length ?? 0) === 0}
      emptyText="No card payment has ever been for the wrong amount."
      caption="Payment issues, newest first"
      columns={['Booking', 'Expected', 'Received', 'Status', 'Time']}
    >
      {query.data?.items.map((i) => (
        <tr key={i.id}>
          <td className="py-2 pr-3 text-stone-900">
            <Link to={`/bookings/${i.bookingId}`} className="underline underline-offset-2">{i.artist.displayName}</Link>
            <span className="block text-xs text-stone-600">{i.paymentIntentId}</span>
          </td>
          <td className="py-2 pr-3 text-stone-900">{fmtMoney(i.expectedCents, i.expectedCurrency)}</td>
          <td className="py-2 pr-3 text-stone-900">{fmtMoney(i.receivedCents, i.receivedCurrency)}</td>
          <td className="py-2 pr-3">
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ISSUE_STATUS_STYLE[i.status]}`}>{ISSUE_STATUS_LABEL[i.status]}</span>
            {i.detail ? <span className="mt-1 block text-xs text-stone-700">{i.detail}</span> : null}
          </td>
          <td className="py-2 text-stone-700">
            <time dateTime={i.createdAt}>{fmtTime(i.createdAt)}</time>
          </td>
        </tr>
      ))}
    </AdminTableSection>
  );
}

const KPI_DAYS = ['7', '30', '90'] as const;
const pct = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);

/** The marketplace at a glance; every figure links to the page that deals with it. */
function Kpis() {
  const [days, setDays] = useState<(typeof KPI_DAYS)[number]>('30');
  const query = useQuery<TAdminKpis>({ queryKey: [`/api/admin/kpis?days=${days}`], staleTime: 0 });
  const k = query.data;
  const tile = (label: string, value: string | number, to: string, note?: string) => (
    <li className="rounded-md bg-stone-50 p-3">
      <Link to={to} className="block focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
        <span className="block text-xs font-medium uppercase tracking-wide text-stone-600">{label}</span>
        <span className="block text-2xl font-bold text-stone-900">{value}</span>
        {note ? <span className="block text-xs text-stone-700">{note}</span> : null}
      </Link>
    </li>
  );
  return (
    <section aria-labelledby="kpis-heading" className={ADMIN_CARD}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id="kpis-heading" className="text-xl font-semibold text-stone-900">Marketplace</h2>
        <div className="flex items-center gap-2">
          <label htmlFor="kpi-days" className="text-sm font-medium text-stone-900">Period</label>
          <select id="kpi-days" value={days} onChange={(e) => setDays(e.target.value as (typeof KPI_DAYS)[number])} className="rounded-md border border-stone-400 bg-white px-2 py-1.5 text-sm text-stone-900 focus:outline-none focus:ring-2 focus:ring-amber-600">
            {KPI_DAYS.map((d) => (
              <option key={d} value={d}>Last {d} days</option>
            ))}
          </select>
        </div>
      </div>
      <LoadingOrError state={query} what="figures" />
      {k ? (
        <>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Key figures">
            {tile('Sign-ups', k.signUps.inPeriod, '/admin/users', `${k.signUps.total} accounts in all`)}
            {tile('Artists', k.artists.total, '/admin/artists', `${k.artists.verified} verified · ${k.artists.inPeriod} new`)}
            {tile('Booking requests', k.requestsInPeriod, '/admin/users#lookup', `${k.conversion.confirmed} confirmed`)}
            {tile('Request → confirmed', pct(k.conversion.rate), '/admin/users#lookup')}
            {tile(
              'Deposits paid',
              k.deposits.length === 0 ? fmtMoney(0, 'USD') : k.deposits.map((d) => fmtMoney(d.paidCents, d.currency)).join(' + '),
              '/admin/users#lookup',
              k.deposits.length === 0 ? undefined : `${k.deposits.map((d) => fmtMoney(d.refundedCents, d.currency)).join(' + ')} refunded`,
            )}
            {tile('Open reports', k.openReports, '/admin/reports')}
            {tile('Open error groups', k.openErrorGroups, '/admin/telemetry')}
            {tile('Suspended', k.suspendedUsers, '/admin/users?role=suspended')}
          </ul>
          <h3 className="mt-6 font-semibold text-stone-900">Bookings by state (all time)</h3>
          <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4 lg:grid-cols-6">
            {Object.entries(k.bookingsByState).map(([state, n]) => (
              <div key={state} className="rounded-md bg-stone-50 p-2">
                <dt className="text-xs text-stone-600">{state.replaceAll('_', ' ')}</dt>
                <dd className="font-semibold text-stone-900">{n}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </section>
  );
}

/** /admin-dashboard: the marketplace's key figures, payment issues, the mail outbox, the job queue and links to the other admin tools (artists and verification, reports). Admins only. */
export default function AdminDashboardPage() {
  const { isAdmin } = useAuth();
  if (!isAdmin) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-2xl font-bold text-stone-900">Admin dashboard</h1>
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-4 text-red-900">
          403 — you do not have access. This area is for administrators only. <Link to="/home" className="underline underline-offset-2">Back to your home page</Link>
        </p>
      </section>
    );
  }
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-stone-900">Admin dashboard</h1>
          <p className="mt-1 text-stone-700">Key figures, payment issues, mail and background jobs; users, artists, reports, errors and the audit log have their own pages.</p>
        </div>
        <nav aria-label="Admin tools">
          <ul className="flex flex-wrap gap-3 text-sm font-medium">
            <li><Link to="/admin/users" className="underline underline-offset-2">Users, bookings and payments</Link></li>
            <li><Link to="/admin/artists" className="underline underline-offset-2">Artists and verification</Link></li>
            <li><Link to="/admin/reports" className="underline underline-offset-2">Reports</Link></li>
            <li><Link to="/admin/telemetry" className="underline underline-offset-2">Error telemetry</Link></li>
            <li><Link to="/github/repositories" className="underline underline-offset-2">GitHub repositories</Link></li>
            <li><Link to="/github/projects" className="underline underline-offset-2">GitHub projects</Link></li>
            <li><Link to="/admin/audit" className="underline underline-offset-2">Audit log</Link></li>
            <li><Link to="/admin/perf" className="underline underline-offset-2">Performance</Link></li>
            <li><Link to="/admin/analytics" className="underline underline-offset-2">Funnels and heatmap</Link></li>
          </ul>
        </nav>
      </header>
      <Kpis />
      <PaymentIssues />
      <Outbox />
      <Jobs />
    </div>
  );
}
