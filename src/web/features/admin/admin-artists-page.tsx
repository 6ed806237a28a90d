import { useQuery } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { Form, Link, useLocation, useSearchParams } from 'react-router';
import { ADMIN_LICENCE_FORM_PATH, LICENCE_KIND_LABEL, LICENCE_STATUSES, type TAdminArtists, type TAdminLicences, type TLicenceStatus } from '../../../shared/contracts/identity.ts';
import { formatDay, LICENCE_STATUS_LABEL, LICENCE_STATUS_STYLE } from '../../lib/licence-labels.ts';
import { FormResult } from '../../ui/form-result.tsx';
import { AdminGate } from './admin-gate.tsx';
import { ADMIN_CARD, AdminPageHeader, LoadingOrError, ShowSelect } from './admin-parts.tsx';

const INPUT = 'block w-full rounded-md border border-stone-400 bg-white px-2 py-1.5 text-sm text-stone-900 focus:outline-none focus:ring-2 focus:ring-amber-600';

/** Approve (optional note) or reject (reason required): two small forms the browser posts itself. */
function Decision({ licenceId, status, returnTo }: { licenceId: string; status: TLicenceStatus; returnTo: string }) {
  const form = (decision: 'approve' | 'reject') => (
    <form method="post" action={ADMIN_LICENCE_FORM_PATH} className="space-y-1" aria-label={decision === 'approve' ? 'Approve' : 'Reject'}>
      <input type="hidden" name="id" value={licenceId} />
      <input type="hidden" name="decision" value={decision} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <label htmlFor={`${decision}-${licenceId}`} className="block text-xs font-medium text-stone-900">{decision === 'approve' ? 'Note (optional)' : 'Reason (required)'}</label>
      <textarea id={`${decision}-${licenceId}`} name="note" rows={2} maxLength={1000} required={decision === 'reject'} className={INPUT} />
      <button type="submit" className={decision === 'approve' ? 'rounded-md bg-emerald-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-emerald-900' : 'rounded-md border border-red-800 px-3 py-1.5 text-sm font-medium text-red-900 hover:bg-red-50'}>
        {decision === 'approve' ? 'Approve' : status === 'approved' ? 'Revoke' : 'Reject'}
      </button>
    </form>
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {status === 'pending' ? form('approve') : null}
      {status === 'pending' || status === 'approved' ? form('reject') : null}
    </div>
  );
}

function VerificationQueue() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const status = (LICENCE_STATUSES as readonly string[]).includes(params.get('licences') ?? '') ? (params.get('licences') as TLicenceStatus) : 'pending';
  const query = useQuery<TAdminLicences>({ queryKey: [`/api/admin/licences?status=${status}`], staleTime: 0 });
  return (
    <section aria-labelledby="queue-heading" className={ADMIN_CARD}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="queue-heading" className="text-xl font-semibold text-stone-900">Verification queue</h2>
          <p className="text-sm text-stone-700">Licences and health permits artists uploaded. Approving one gives the artist the Verified badge until it expires; every decision is recorded in the audit log.</p>
        </div>
        <div className="flex items-center gap-2">
          <ShowSelect
            id="licence-status"
            value={status}
            options={LICENCE_STATUSES.map((s) => [s, LICENCE_STATUS_LABEL[s]] as const)}
            onChange={(v) => {
              const next = new URLSearchParams(params);
              next.set('licences', v);
              setParams(next, { replace: true });
            }}
          />
        </div>
      </div>
      <LoadingOrError state={query} what="documents" />
      {query.data && query.data.items.length === 0 ? <p className="rounded-md bg-stone-50 p-3 text-sm text-stone-900">Nothing {LICENCE_STATUS_LABEL[status].toLowerCase()}.</p> : null}
      {query.data && query.data.items.length > 0 ? (
        <ul className="divide-y divide-stone-200">
          {query.data.items.map((l) => (
            <li key={l.id} className="grid gap-4 py-4 md:grid-cols-[10rem_1fr_1fr]">
              <a href={l.imageUrl} target="_blank" rel="noreferrer" className="block">
                <img src={`${l.imageUrl}/thumb`} alt={`${LICENCE_KIND_LABEL[l.kind]} uploaded by ${l.artist.displayName}`} className="h-28 w-40 rounded-md border border-stone-200 object-cover" />
                <span className="mt-1 block text-xs underline underline-offset-2">Open full size</span>
              </a>
              <div className="text-sm text-stone-900">
                <p className="font-semibold">
                  <Link to={`/artists/${l.artist.slug}`} className="underline underline-offset-2">{l.artist.displayName}</Link>
                  {l.artist.verified ? <BadgeCheck className="ml-1 inline h-4 w-4 text-emerald-700" aria-label="verified" /> : null}
                </p>
                <p>{LICENCE_KIND_LABEL[l.kind]} · {l.issuingPlace}</p>
                <p>Valid until {formatDay(l.expiresOn)} · sent {formatDay(l.createdAt.slice(0, 10))}</p>
                <p className="mt-1"><span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${LICENCE_STATUS_STYLE[l.status]}`}>{LICENCE_STATUS_LABEL[l.status]}</span></p>
                {l.decisionNote ? <p className="mt-1 text-stone-700">Note: {l.decisionNote}</p> : null}
              </div>
              <Decision licenceId={l.id} status={l.status} returnTo={location.pathname + location.search} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ArtistList() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const query = useQuery<TAdminArtists>({ queryKey: [`/api/admin/artists${q ? `?q=${encodeURIComponent(q)}` : ''}`], staleTime: 0 });
  return (
    <section aria-labelledby="artists-heading" className={ADMIN_CARD}>
      <h2 id="artists-heading" className="text-xl font-semibold text-stone-900">Artists</h2>
      <Form method="get" role="search" className="mt-3 flex flex-wrap items-end gap-2">
        <div className="grow space-y-1">
          <label htmlFor="artist-search" className="block text-sm font-medium text-stone-900">Search by name, e-mail or city</label>
          <input id="artist-search" name="q" type="search" defaultValue={q} maxLength={100} className={INPUT} />
        </div>
        {params.get('licences') ? <input type="hidden" name="licences" value={params.get('licences')!} /> : null}
        <button type="submit" className="rounded-md bg-stone-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-stone-800">Search</button>
      </Form>
      <div className="mt-3">
        <LoadingOrError state={query} what="artists" />
      </div>
      {query.data && query.data.items.length === 0 ? <p className="mt-3 text-stone-700">No artist matches.</p> : null}
      {query.data && query.data.items.length > 0 ? (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Artists, newest first</caption>
            <thead className="text-xs uppercase tracking-wide text-stone-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">Artist</th>
                <th scope="col" className="py-2 pr-3 font-medium">E-mail</th>
                <th scope="col" className="py-2 pr-3 font-medium">City</th>
                <th scope="col" className="py-2 pr-3 font-medium">Badge</th>
                <th scope="col" className="py-2 font-medium">Documents</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {query.data.items.map((a) => (
                <tr key={a.id}>
                  <td className="py-2 pr-3"><Link to={`/artists/${a.slug}`} className="font-medium text-stone-900 underline underline-offset-2">{a.displayName}</Link></td>
                  <td className="py-2 pr-3 text-stone-900">{a.email}</td>
                  <td className="py-2 pr-3 text-stone-900">{a.city}</td>
                  <td className="py-2 pr-3 text-stone-900">{a.verified ? 'Verified' : '—'}</td>
                  <td className="py-2 text-stone-900">
                    {a.licences.pending ? `${a.licences.pending} waiting` : null}
                    {a.licences.pending && a.licences.approved ? ' · ' : null}
                    {a.licences.approved ? `${a.licences.approved} approved${a.licences.nextExpiry ? `, first expires ${formatDay(a.licences.nextExpiry)}` : ''}` : null}
                    {!a.licences.pending && !a.licences.approved ? 'None' : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** /admin/artists: the verification queue and the artist list. Admins only. */
export default function AdminArtistsPage() {
  return (
    <AdminGate title="Artists and verification">
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <AdminPageHeader title="Artists and verification" />
        <FormResult messages={{ 'licence-approved': 'Approved: the artist is verified.', 'licence-rejected': 'Rejected: the artist sees your reason.' }} />
        <VerificationQueue />
        <ArtistList />
      </div>
    </AdminGate>
  );
}
