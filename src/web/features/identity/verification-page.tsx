import { useQuery } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { LICENCE_FORM_PATH, LICENCE_KIND_LABEL, LICENCE_KINDS, type TLicenceStatus, type TMyLicences } from '../../../shared/contracts/identity.ts';
import { useAuth } from '../../lib/auth.ts';
import { errorMessage } from '../../lib/errors.ts';
import { FormResult } from '../../ui/form-result.tsx';
import { LICENCE_STATUS_LABEL, LICENCE_STATUS_STYLE, formatDay } from '../../lib/licence-labels.ts';

const CARD = 'rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6';
const INPUT = 'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600';

function StatusBadge({ status }: { status: TLicenceStatus }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${LICENCE_STATUS_STYLE[status]}`}>{LICENCE_STATUS_LABEL[status]}</span>;
}

/** The upload form: the browser posts it itself (multipart), before or after hydration; the server answers 303 back here. */
function UploadForm() {
  const today = new Date().toISOString().slice(0, 10);
  return (
    <form method="post" action={LICENCE_FORM_PATH} encType="multipart/form-data" aria-labelledby="upload-heading" className={`${CARD} space-y-4`}>
      <h2 id="upload-heading" className="text-xl font-semibold text-stone-900">Add a licence or health permit</h2>
      <p className="text-sm text-stone-700">
        A clear photo or scan of the whole document (JPEG, PNG, WebP or HEIC, up to 15 MB; for a PDF, save the page as an image). It is stored privately:
        only you and the Inkhaven team can see it, never visitors.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor="licence-kind" className="block text-sm font-medium text-stone-900">Document</label>
          <select id="licence-kind" name="kind" required className={INPUT} defaultValue="licence">
            {LICENCE_KINDS.map((k) => (
              <option key={k} value={k}>{LICENCE_KIND_LABEL[k]}</option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="licence-place" className="block text-sm font-medium text-stone-900">Issued by</label>
          <input id="licence-place" name="issuingPlace" required minLength={2} maxLength={120} placeholder="City of Portland, OR" className={INPUT} aria-describedby="licence-place-hint" />
          <p id="licence-place-hint" className="text-xs text-stone-600">The authority and place named on the document.</p>
        </div>
        <div className="space-y-1">
          <label htmlFor="licence-expiry" className="block text-sm font-medium text-stone-900">Valid until</label>
          <input id="licence-expiry" name="expiresOn" type="date" required min={today} className={INPUT} />
        </div>
        <div className="space-y-1">
          <label htmlFor="licence-file" className="block text-sm font-medium text-stone-900">Photo or scan</label>
          <input id="licence-file" name="file" type="file" required accept="image/jpeg,image/png,image/webp,image/heic,image/heif" className="block w-full text-sm text-stone-900 file:mr-3 file:rounded-md file:border-0 file:bg-stone-900 file:px-3 file:py-2 file:text-white" />
        </div>
      </div>
      <button type="submit" className="rounded-md bg-stone-900 px-4 py-2 font-medium text-white hover:bg-stone-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">Upload for review</button>
    </form>
  );
}

/** /dashboard/verification: an artist's licences and permits, their review state, and the verified badge they earn. */
export default function VerificationPage() {
  const { user, isLoading } = useAuth();
  const query = useQuery<TMyLicences>({ queryKey: ['/api/licences'], enabled: Boolean(user?.isArtist), staleTime: 0 });
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <header className="space-y-2">
        <p className="text-sm"><Link to="/dashboard" className="underline underline-offset-2">Dashboard</Link></p>
        <h1 className="text-3xl font-bold text-stone-900">Licences and verification</h1>
        <p className="text-stone-700">
          The Verified badge shows on your profile and in search while the Inkhaven team has approved a licence or health permit of yours that has not expired.
          We remind you 30 and 7 days before one runs out.
        </p>
      </header>
      <FormResult messages={{ 'licence-uploaded': 'Thanks, your document is waiting for review. You will see the decision here.' }} />
      {isLoading ? <p role="status" className="text-stone-600">Loading…</p> : null}
      {user && !user.isArtist ? (
        <p className="rounded-md bg-stone-50 p-4 text-stone-900">
          Verification is for artists. <Link to="/artist/create" className="underline underline-offset-2">Create your artist profile</Link> first.
        </p>
      ) : null}
      {user?.isArtist ? (
        <>
          <section aria-labelledby="badge-heading" className={CARD}>
            <h2 id="badge-heading" className="text-xl font-semibold text-stone-900">Your badge</h2>
            {query.isPending ? <p role="status" className="mt-2 text-stone-600">Loading your documents…</p> : null}
            {query.isError ? <p role="alert" className="mt-2 rounded-md bg-red-50 p-3 text-sm text-red-800">Could not load your documents. {errorMessage(query.error)}</p> : null}
            {query.data ? (
              query.data.verified ? (
                <p className="mt-2 inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 font-medium text-emerald-800">
                  <BadgeCheck className="h-4 w-4" aria-hidden="true" /> Verified
                </p>
              ) : (
                <p className="mt-2 text-stone-700">Not verified yet: upload a current licence or health permit below.</p>
              )
            ) : null}
          </section>
          <UploadForm />
          <section aria-labelledby="documents-heading" className={CARD}>
            <h2 id="documents-heading" className="text-xl font-semibold text-stone-900">Your documents</h2>
            {query.data && query.data.items.length === 0 ? <p className="mt-2 text-stone-700">No documents yet.</p> : null}
            {query.data && query.data.items.length > 0 ? (
              <ul className="mt-3 divide-y divide-stone-200">
                {query.data.items.map((l) => (
                  <li key={l.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                    <div>
                      <p className="font-medium text-stone-900">{LICENCE_KIND_LABEL[l.kind]} · {l.issuingPlace}</p>
                      <p className="text-sm text-stone-700">Valid until {formatDay(l.expiresOn)} · sent {formatDay(l.createdAt.slice(0, 10))}</p>
                      {l.decisionNote ? <p className="mt-1 text-sm text-stone-900">{l.status === 'rejected' ? 'Reason: ' : 'Note: '}{l.decisionNote}</p> : null}
                      <a href={l.imageUrl} target="_blank" rel="noreferrer" className="text-sm underline underline-offset-2">View the document<span className="sr-only"> ({LICENCE_KIND_LABEL[l.kind]}, {l.issuingPlace})</span></a>
                    </div>
                    <StatusBadge status={l.status} />
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        </>
      ) : null}
    </div>
  );
}

