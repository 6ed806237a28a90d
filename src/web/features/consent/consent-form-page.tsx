import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { FORM_POST_KEY, type TFormPostState } from '../../../shared/form-result.ts';
import type { TBookingConsent, TConsentSigned } from '../../../shared/contracts/consent.ts';
import { ApiError } from '../../lib/api.ts';
import { bookingOptions } from '../../lib/bookings.ts';
import { useBrowserZone } from '../../lib/browser-zone.ts';
import { bookingConsentOptions, consentFormHref } from '../../lib/consent.ts';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { signConsent, uploadIdPhoto } from './consent-api.ts';
import { ConsentForm } from './consent-form.tsx';
import { consentErrorText } from './consent-model.ts';
import { formatSignedAt, SignedConsent } from './signed-consent.tsx';

function Shell({ children, bookingId }: { children: React.ReactNode; bookingId: string | null }) {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      {bookingId ? (
        <p className="text-sm">
          <Link to={`/bookings/${encodeURIComponent(bookingId)}`} className="text-stone-700 underline underline-offset-2 hover:text-stone-900">Back to the booking</Link>
        </p>
      ) : null}
      {children}
    </div>
  );
}

function Notice({ title, text, bookingId }: { title: string; text: string; bookingId: string | null }) {
  return (
    <Shell bookingId={bookingId}>
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p role="status" className="text-stone-800">{text}</p>
      <ButtonLink to={bookingId ? `/bookings/${encodeURIComponent(bookingId)}` : '/dashboard'}>{bookingId ? 'Go to the booking' : 'Go to your bookings'}</ButtonLink>
    </Shell>
  );
}

/** Why this person cannot sign now, in words (the server's `blocker`). */
function blockerText(consent: TBookingConsent, zone: string | null): { title: string; text: string } {
  switch (consent.blocker) {
    case 'not_required':
      return { title: 'No consent form needed', text: 'This booking is a consultation: nobody is tattooed or pierced, so there is nothing to sign.' };
    case 'not_client':
      return { title: 'Consent not signed yet', text: 'Only the client signs the consent form. You will see it on the booking once they have.' };
    case 'not_confirmed':
      return { title: 'Not open for signing yet', text: 'You can sign once the booking is confirmed (after the deposit, if there is one). We will show a “Sign consent form” button on the booking then.' };
    case 'ended':
      return { title: 'Signing has closed', text: `The appointment started on ${formatSignedAt(consent.startsAt, zone)}; the form can no longer be signed online. Your artist has you sign at the studio.` };
    case 'cancelled':
      return { title: 'Booking cancelled', text: 'This booking was cancelled or declined, so there is nothing to sign.' };
    default:
      return { title: 'Cannot sign now', text: 'This consent form cannot be signed right now.' };
  }
}

/**
 * /consent-form?booking={id}: the client reads and signs the artist's form for a confirmed booking;
 * afterwards (and for the artist) the signed state with its fingerprint and PDF.
 */
export default function ConsentFormPage() {
  const [params] = useSearchParams();
  const bookingId = params.get('booking');
  const queryClient = useQueryClient();
  const zone = useBrowserZone();
  const consent = useQuery({ ...bookingConsentOptions(bookingId ?? ''), enabled: Boolean(bookingId) });
  const booking = useQuery({ ...bookingOptions(bookingId ?? ''), enabled: Boolean(bookingId) });
  const [signed, setSigned] = useState<TConsentSigned | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  // A refused post of this very form (the server drew the page again with it): read once, then
  // dropped from memory, so coming back later starts from an empty form.
  const [refused] = useState(() => {
    const state = queryClient.getQueryData<TFormPostState>(FORM_POST_KEY);
    return state && state.path === `${location.pathname}${location.search}` ? state : null;
  });
  useEffect(() => {
    queryClient.removeQueries({ queryKey: FORM_POST_KEY });
  }, [queryClient]);

  if (!bookingId) return <Notice bookingId={null} title="Consent form" text="Consent forms are signed from a booking: open your confirmed booking and press “Sign consent form”." />;
  if (consent.isError) {
    const status = consent.error instanceof ApiError ? consent.error.status : 0;
    if (status === 404 || status === 403) return <Notice bookingId={null} title="Booking not found" text="We could not find this booking. It may not exist, or it belongs to another account." />;
    return (
      <Shell bookingId={bookingId}>
        <h1 className="text-2xl font-bold text-stone-900">Consent form</h1>
        <p role="alert" className="text-stone-800">{consentErrorText(consent.error)}</p>
        <Button variant="secondary" onClick={() => void consent.refetch()}>Try again</Button>
      </Shell>
    );
  }
  if (!consent.data) {
    return (
      <Shell bookingId={bookingId}>
        <p role="status" aria-live="polite" className="text-stone-700">Loading the consent form…</p>
      </Shell>
    );
  }

  const data = consent.data;
  const b = booking.data;
  const about = b ? `${b.service.name} with ${b.artist.displayName}` : null;
  const formId = signed?.id ?? data.signedFormId;

  if (formId) {
    return (
      <Shell bookingId={bookingId}>
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-stone-900 focus:outline-none">Consent form{about ? `: ${about}` : ''}</h1>
        {signed ? <p role="status" className="text-stone-800">Thank you — your consent form is signed and sealed.</p> : null}
        <SignedConsent formId={formId} {...(signed ? { justSigned: signed } : {})} />
      </Shell>
    );
  }
  if (!data.canSign || !data.template || !data.kind) {
    const { title, text } = blockerText(data, zone);
    return <Notice bookingId={bookingId} title={title} text={text} />;
  }

  const template = data.template;
  const kind = data.kind;
  return (
    <Shell bookingId={bookingId}>
      <header className="space-y-2">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-stone-900 focus:outline-none">Consent form{about ? `: ${about}` : ''}</h1>
        <p className="text-stone-800">
          {kind === 'tattoo' ? 'Tattoo' : 'Piercing'} consent, version {template.version}
          {zone ? <> · appointment on <time dateTime={data.startsAt}>{formatSignedAt(data.startsAt, zone)}</time></> : null}.
        </p>
        <p className="text-sm text-stone-700">
          Take your time: nothing is saved until you sign, and nothing is kept on this device. Signed forms cannot be changed.
        </p>
      </header>
      <ConsentForm
        questions={template.questions}
        kind={kind}
        startsAt={data.startsAt}
        mode="live"
        post={{ action: consentFormHref(bookingId), refused }}
        sendPhoto={uploadIdPhoto}
        onSign={async (body) => {
          const result = await signConsent(queryClient, bookingId, body);
          setSigned(result);
          window.scrollTo({ top: 0 });
          requestAnimationFrame(() => headingRef.current?.focus());
        }}
      />
    </Shell>
  );
}
