import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Download, FileSignature, FileWarning } from 'lucide-react';
import { Link } from 'react-router';
import type { TBookingStatus } from '../../shared/booking-rules.ts';
import { CONSENT_STATUS_LABELS } from '../../shared/contracts/consent.ts';
import type { TBooking } from '../../shared/contracts/bookings.ts';
import { bookingConsentOptions, consentFormHref, consentPdfUrl } from '../lib/consent.ts';

type ConsentBooking = Pick<TBooking, 'id' | 'status' | 'consentStatus' | 'viewerRole'>;

/** Statuses where a consent form still matters: the session is ahead, or happened. */
const RELEVANT: readonly TBookingStatus[] = ['requested', 'accepted', 'awaiting_deposit', 'confirmed', 'completed'];

export const showsConsent = (booking: ConsentBooking) => booking.consentStatus !== 'not_required' && RELEVANT.includes(booking.status);

const LINK = 'font-medium text-stone-900 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600';

/** A small badge for lists (the dashboards): "Consent signed" / "Consent not signed". */
export function ConsentBadge({ booking }: { booking: ConsentBooking }) {
  if (!showsConsent(booking)) return null;
  const signed = booking.consentStatus === 'signed';
  return (
    <span data-testid="consent-badge" className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${signed ? 'bg-emerald-50 text-emerald-900 ring-emerald-300' : 'bg-amber-50 text-amber-950 ring-amber-300'}`}>
      {signed ? <CheckCircle2 className="h-3.5 w-3.5" aria-hidden="true" /> : <FileWarning className="h-3.5 w-3.5" aria-hidden="true" />}
      {CONSENT_STATUS_LABELS[booking.consentStatus]}
    </span>
  );
}

/** For lists: the badge, and a link to the signed form (with its PDF) or, for the client, to sign it. */
export function ConsentListLine({ booking }: { booking: ConsentBooking }) {
  if (!showsConsent(booking)) return null;
  const signed = booking.consentStatus === 'signed';
  const canSign = !signed && booking.viewerRole === 'client' && booking.status === 'confirmed';
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <ConsentBadge booking={booking} />
      {signed ? (
        <Link to={consentFormHref(booking.id)} className={LINK}>
          View and download<span className="sr-only"> the signed consent form</span>
        </Link>
      ) : canSign ? (
        <Link to={consentFormHref(booking.id)} className={LINK}>Sign consent form</Link>
      ) : null}
    </p>
  );
}

/** The signed form's PDF link, once the booking's consent (with the form's id) has loaded. */
function SignedFormLinks({ bookingId }: { bookingId: string }) {
  const consent = useQuery(bookingConsentOptions(bookingId));
  const formId = consent.data?.signedFormId;
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1">
      {formId ? (
        <a href={consentPdfUrl(formId)} download className={`inline-flex items-center gap-1 ${LINK}`}>
          <Download className="h-4 w-4" aria-hidden="true" /> Download the signed form (PDF)
        </a>
      ) : null}
      <Link to={consentFormHref(bookingId)} className={LINK}>See when it was signed and its fingerprint</Link>
    </p>
  );
}

/**
 * The booking page's consent block: signed (with the PDF), or not signed — with the client's "Sign
 * consent form" once the booking is confirmed, and what happens first while it is not.
 */
export function ConsentPanel({ booking }: { booking: ConsentBooking }) {
  if (!showsConsent(booking)) return null;
  const client = booking.viewerRole === 'client';
  if (booking.consentStatus === 'signed') {
    return (
      <div className="space-y-2" data-testid="consent-panel">
        <p className="flex items-center gap-2 font-medium text-emerald-900">
          <CheckCircle2 className="h-5 w-5" aria-hidden="true" /> {CONSENT_STATUS_LABELS.signed}
        </p>
        <SignedFormLinks bookingId={booking.id} />
      </div>
    );
  }
  return (
    <div className="space-y-2" data-testid="consent-panel">
      <p className="flex items-center gap-2 font-medium text-amber-950">
        <FileWarning className="h-5 w-5" aria-hidden="true" /> {CONSENT_STATUS_LABELS.pending}
      </p>
      {client && booking.status === 'confirmed' ? (
        <>
          <p className="text-stone-800">Your artist needs your signed consent form before the appointment. It takes a few minutes.</p>
          <Link data-cta="consent-form"
            to={consentFormHref(booking.id)}
            className="inline-flex items-center justify-center gap-2 rounded-md bg-stone-900 px-5 py-3 font-semibold text-white hover:bg-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2"
          >
            <FileSignature className="h-4 w-4" aria-hidden="true" /> Sign consent form
          </Link>
        </>
      ) : client ? (
        <p className="text-stone-800">You can sign the consent form once the booking is confirmed.</p>
      ) : booking.status === 'completed' ? (
        <p className="text-stone-800">The client did not sign online.</p>
      ) : (
        <p className="text-stone-800">The client can sign once the booking is confirmed.</p>
      )}
    </div>
  );
}
