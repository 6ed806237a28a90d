import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Download, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { TConsentVerify } from '../../../shared/contracts/consent.ts';
import { useBrowserZone } from '../../lib/browser-zone.ts';
import { consentPdfUrl } from '../../lib/consent.ts';
import { consentErrorText } from './consent-model.ts';

const verifyOptions = (formId: string) => ({ queryKey: [`/api/consent-forms/${encodeURIComponent(formId)}/verify`], staleTime: 0 });

export function formatSignedAt(iso: string, zone: string | null): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'long', timeZone: zone ?? 'UTC' }).format(new Date(iso));
}

/**
 * The signed state: when, the SHA-256 the form was sealed with, the PDF, and the server's check that
 * the stored PDF still has that fingerprint (GET …/verify recomputes it).
 */
export function SignedConsent({ formId, justSigned }: { formId: string; justSigned?: { sha256: string; signedAt: string } }) {
  const zone = useBrowserZone();
  const verify = useQuery<TConsentVerify>(verifyOptions(formId));
  const sha256 = justSigned?.sha256 ?? verify.data?.recordedSha256;
  const signedAt = justSigned?.signedAt ?? verify.data?.signedAt;
  return (
    <section aria-labelledby="signed-heading" data-testid="consent-signed" className="space-y-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 sm:p-6">
      <h2 id="signed-heading" className="flex items-center gap-2 text-lg font-semibold">
        <CheckCircle2 className="h-5 w-5" aria-hidden="true" /> Consent signed
      </h2>
      <dl className="space-y-3">
        <div>
          <dt className="text-sm font-medium">Signed</dt>
          <dd>{signedAt ? <time dateTime={signedAt}>{formatSignedAt(signedAt, zone)}</time> : verify.isPending ? 'Loading…' : '—'}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium">SHA-256 fingerprint of the signed PDF</dt>
          <dd className="break-all font-mono text-sm" data-testid="consent-sha256">{sha256 ?? (verify.isPending ? 'Loading…' : '—')}</dd>
        </div>
      </dl>
      <p>
        <a data-cta="consent-pdf" href={consentPdfUrl(formId)} download className="inline-flex items-center gap-2 rounded-md bg-stone-900 px-4 py-2 font-medium text-white hover:bg-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2">
          <Download className="h-4 w-4" aria-hidden="true" /> Download the signed form (PDF)
        </a>
      </p>
      <p role="status" className="flex items-center gap-2 text-sm">
        {verify.data ? (
          verify.data.valid ? (
            <>
              <ShieldCheck className="h-4 w-4" aria-hidden="true" /> Checked just now: the stored form is unchanged since it was signed.
            </>
          ) : (
            <>
              <ShieldAlert className="h-4 w-4 text-red-800" aria-hidden="true" /> <span className="text-red-900">Warning: the stored form no longer matches its fingerprint. Contact Inkhaven support.</span>
            </>
          )
        ) : verify.isError ? (
          `The seal could not be checked right now: ${consentErrorText(verify.error)}`
        ) : null}
      </p>
      <p className="text-sm">The signed form cannot be changed. Your artist sees it on the booking.</p>
    </section>
  );
}
