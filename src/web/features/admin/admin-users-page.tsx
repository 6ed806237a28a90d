import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Link, useLocation, useSearchParams } from 'react-router';
import { ADMIN_USER_FORM_PATH, ADMIN_USER_ROLES, type TAdminLookup, type TAdminUser, type TAdminUserRole, type TAdminUsersPage } from '../../../shared/contracts/admin.ts';
import { getJson } from '../../lib/query-client.ts';
import { Button } from '../../ui/button.tsx';
import { FormResult } from '../../ui/form-result.tsx';
import { AdminGate } from './admin-gate.tsx';
import { AdminPageHeader, fmtAdminTime } from './admin-parts.tsx';
import { AdminTableSection } from './admin-table-section.tsx';

const ROLE_LABEL: Record<TAdminUserRole, string> = { all: 'Everyone', admin: 'Admins', artist: 'Artists', client: 'Clients', suspended: 'Suspended' };
const FIELD = 'rounded-md border border-stone-400 bg-white px-2 py-1.5 text-sm text-stone-900 focus:outline-none focus:ring-2 focus:ring-amber-600';
const SMALL_BUTTON = 'rounded-md border border-stone-400 px-2 py-1 text-xs font-medium text-stone-900 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600';
const fmtMoney = (cents: number, currency: string) => new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);

/** One action on a person: a form the browser posts itself; the server answers 303 back here. */
function UserActions({ user, returnTo }: { user: TAdminUser; returnTo: string }) {
  const hidden = (
    <>
      <input type="hidden" name="id" value={user.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
    </>
  );
  if (user.deletedAt) return <span className="text-xs text-stone-600">Account deleted</span>;
  return (
    <div className="flex flex-col gap-2">
      {user.suspendedAt ? (
        <form method="post" action={ADMIN_USER_FORM_PATH} aria-label={`Reinstate ${user.name}`}>
          {hidden}
          <button type="submit" name="action" value="reinstate" className={SMALL_BUTTON}>Reinstate</button>
        </form>
      ) : (
        <form method="post" action={ADMIN_USER_FORM_PATH} className="flex flex-wrap items-center gap-1" aria-label={`Suspend ${user.name}`}>
          {hidden}
          <label htmlFor={`reason-${user.id}`} className="sr-only">Why suspend {user.name}</label>
          <input id={`reason-${user.id}`} name="reason" required minLength={3} maxLength={500} placeholder="Reason" className={`${FIELD} w-32 py-1 text-xs`} />
          <button type="submit" name="action" value="suspend" className={`${SMALL_BUTTON} border-red-700 text-red-800 hover:bg-red-50`}>Suspend</button>
        </form>
      )}
      <form method="post" action={ADMIN_USER_FORM_PATH} aria-label={`${user.isAdmin ? 'Remove admin role from' : 'Make admin'} ${user.name}`}>
        {hidden}
        <button type="submit" name="action" value={user.isAdmin ? 'remove-admin' : 'make-admin'} className={SMALL_BUTTON}>{user.isAdmin ? 'Remove admin role' : 'Make admin'}</button>
      </form>
    </div>
  );
}

function Users() {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const location = useLocation();
  const q = params.get('q') ?? '';
  const role = (ADMIN_USER_ROLES as readonly string[]).includes(params.get('role') ?? '') ? (params.get('role') as TAdminUserRole) : 'all';
  const base = `/api/admin/users?role=${role}${q ? `&q=${encodeURIComponent(q)}` : ''}`;
  const pages = useInfiniteQuery({
    queryKey: [base, 'pages'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getJson<TAdminUsersPage>(queryClient, pageParam ? `${base}&cursor=${encodeURIComponent(pageParam)}` : base, signal),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const returnTo = location.pathname + location.search;
  return (
    <AdminTableSection
      id="users-heading"
      title="People"
      description="Newest first. Suspending someone signs them out on every device at once; they cannot sign in until reinstated. Every change is in the audit log."
      actions={
        <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="user-q" className="block text-xs font-medium text-stone-900">Name or e-mail</label>
            <input id="user-q" name="q" type="search" defaultValue={q} maxLength={200} className={FIELD} />
          </div>
          <div>
            <label htmlFor="user-role" className="block text-xs font-medium text-stone-900">Role</label>
            <select id="user-role" name="role" defaultValue={role} className={FIELD}>
              {ADMIN_USER_ROLES.map((r) => (
                <option key={r} value={r}>{ROLE_LABEL[r]}</option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary" className="px-3 py-1.5 text-sm">Search</Button>
        </Form>
      }
      state={pages}
      what="people"
      empty={items.length === 0}
      emptyText={q ? `Nobody matches “${q}”.` : 'Nobody here yet.'}
      caption="People, newest first"
      columns={['Person', 'Role', 'Joined', 'Status', 'Actions']}
      footer={
        pages.hasNextPage ? (
          <Button variant="secondary" className="mt-4" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage ? 'Loading…' : 'More people'}
          </Button>
        ) : null
      }
    >
      {items.map((u) => (
        <tr key={u.id} data-user-id={u.id}>
          <td className="py-2 pr-3 text-stone-900">
            <span className="font-medium">{u.name}</span>
            <span className="block text-xs text-stone-700">{u.email}</span>
          </td>
          <td className="py-2 pr-3 text-stone-900">
            {[u.isAdmin ? 'Admin' : null, u.artist ? 'Artist' : null].filter(Boolean).join(', ') || 'Client'}
            {u.artist ? (
              <Link to={`/artists/${u.artist.slug}`} className="block text-xs underline underline-offset-2">{u.artist.displayName}</Link>
            ) : null}
            <span className="block text-xs text-stone-600">{u.bookings} booking{u.bookings === 1 ? '' : 's'} as client</span>
          </td>
          <td className="py-2 pr-3 text-stone-700"><time dateTime={u.createdAt}>{fmtAdminTime(u.createdAt)}</time></td>
          <td className="py-2 pr-3 text-stone-900">
            {u.suspendedAt ? (
              <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-900">Suspended</span>
            ) : (
              <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900">Active</span>
            )}
            {u.suspendedReason ? <span className="mt-1 block text-xs text-stone-700">{u.suspendedReason}</span> : null}
          </td>
          <td className="py-2 pr-3"><UserActions user={u} returnTo={returnTo} /></td>
        </tr>
      ))}
    </AdminTableSection>
  );
}

/** Bookings and payments by id, e-mail or payment reference (a Stripe Checkout Session, payment intent or refund id). */
function Lookup() {
  const [params] = useSearchParams();
  const q = (params.get('lookup') ?? '').trim();
  const query = useQuery<TAdminLookup>({ queryKey: [`/api/admin/lookup?q=${encodeURIComponent(q)}`], enabled: q.length >= 3, staleTime: 0 });
  const state = q.length >= 3 ? query : { isPending: false, isError: false, error: null };
  const data = q.length >= 3 ? query.data : undefined;
  const searchForm = (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
      {params.get('q') ? <input type="hidden" name="q" value={params.get('q') ?? ''} /> : null}
      {params.get('role') ? <input type="hidden" name="role" value={params.get('role') ?? ''} /> : null}
      <div>
        <label htmlFor="lookup-q" className="block text-xs font-medium text-stone-900">Booking id, e-mail or payment reference</label>
        <input id="lookup-q" name="lookup" type="search" defaultValue={q} minLength={3} maxLength={200} className={`${FIELD} w-72`} />
      </div>
      <Button type="submit" variant="secondary" className="px-3 py-1.5 text-sm">Look up</Button>
    </Form>
  );
  return (
    <div id="lookup" className="space-y-6">
      <AdminTableSection
        id="lookup-bookings-heading"
        title="Bookings and payments lookup"
        description="Type a booking or ledger id, a client's or artist's e-mail, or a Stripe reference (cs_…, pi_…, re_…)."
        actions={searchForm}
        state={state}
        what="bookings"
        empty={!data || data.bookings.length === 0}
        emptyText={q.length >= 3 ? `No booking matches “${q}”.` : 'Look something up to see its bookings here.'}
        caption="Bookings found"
        columns={['Booking', 'Client', 'Artist', 'State', 'Deposit']}
      >
        {data?.bookings.map((b) => (
          <tr key={b.id}>
            <td className="py-2 pr-3 text-stone-900">
              <Link to={`/bookings/${b.id}`} className="font-mono text-xs underline underline-offset-2">{b.id}</Link>
              <span className="block text-xs text-stone-700">Appointment <time dateTime={b.startsAt}>{fmtAdminTime(b.startsAt)}</time></span>
            </td>
            <td className="py-2 pr-3 text-stone-900">{b.client.name}<span className="block text-xs text-stone-700">{b.client.email}</span></td>
            <td className="py-2 pr-3 text-stone-900">{b.artist.displayName}<span className="block text-xs text-stone-700">{b.artist.email}</span></td>
            <td className="py-2 pr-3 text-stone-900">{b.status.replaceAll('_', ' ')}</td>
            <td className="py-2 pr-3 text-stone-900">{fmtMoney(b.depositCents, b.currency)}<span className="block text-xs text-stone-700">{b.depositStatus}</span></td>
          </tr>
        ))}
      </AdminTableSection>
      {data ? (
        <AdminTableSection
          id="lookup-payments-heading"
          title="Payments found"
          state={state}
          what="payments"
          empty={data.payments.length === 0}
          emptyText="No ledger rows for it."
          caption="Ledger rows found"
          columns={['Kind', 'Amount', 'Method', 'Reference', 'Time']}
        >
          {data.payments.map((p) => (
            <tr key={p.id}>
              <td className="py-2 pr-3 text-stone-900">{p.kind.replaceAll('_', ' ')}<Link to={`/bookings/${p.bookingId}`} className="block text-xs underline underline-offset-2">Booking</Link></td>
              <td className="py-2 pr-3 text-stone-900">{fmtMoney(p.amountCents, p.currency)}</td>
              <td className="py-2 pr-3 text-stone-900">{p.method}</td>
              <td className="py-2 pr-3 font-mono text-xs text-stone-900">{p.externalId ?? '—'}</td>
              <td className="py-2 pr-3 text-stone-700"><time dateTime={p.createdAt}>{fmtAdminTime(p.createdAt)}</time></td>
            </tr>
          ))}
        </AdminTableSection>
      ) : null}
    </div>
  );
}

/** /admin/users: people (search, roles, suspend and reinstate) and the bookings and payments lookup. Admins only. */
export default function AdminUsersPage() {
  return (
    <AdminGate title="Users">
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <AdminPageHeader title="Users, bookings and payments" />
        <FormResult
          messages={{
            'user-suspended': 'Suspended and signed out everywhere.',
            'user-reinstated': 'Reinstated: they can sign in again.',
            'user-admin': 'They are an admin now.',
            'user-not-admin': 'Admin role removed.',
          }}
        />
        <Users />
        <Lookup />
      </div>
    </AdminGate>
  );
}
