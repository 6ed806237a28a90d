import { trackBookingComplete, trackFunnel } from '../../lib/analytics/events.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { TArtistProfile } from '../../../shared/contracts/artists.ts';
import { localDateOf, daysBetween } from '../../../shared/zoned-time.ts';
import { flashSessionService } from '../../../shared/flash-session.ts';
import { BOOKING_IDEA_MAX, BOOKING_MAX_IMAGES } from '../../../shared/booking-rules.ts';
import type { TBookingImage } from '../../../shared/contracts/bookings.ts';
import { ApiError, isNetworkError } from '../../lib/api.ts';
import { useAutoRetry } from '../../lib/auto-retry.ts';
import { formatDuration } from '../../lib/format.ts';
import { useAuth } from '../../lib/auth.ts';
import { invalidateBookings } from '../../lib/bookings.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { artistOptions, bookingErrorText, createBooking, flashOptions, loginUrl, paymentSetupOptions, refreshAvailability } from './booking-api.ts';
import { attemptFor, clearDraft, firstOpenStep, loadDraft, saveDraft, STEP_TITLES, STEPS, stepProblems, toCreateBody, type BookingDraft, type Step, type StepProblems } from './draft.ts';
import { ConfirmStep, DetailsStep, FIELD_IDS, WhatStep } from './flow-steps.tsx';
import { useBrowserZone } from '../../lib/browser-zone.ts';
import { SlotPicker } from './slot-picker.tsx';
import { weekStart } from './time.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Stepper({ step, reachable, onGo }: { step: Step; reachable: (s: Step) => boolean; onGo: (s: Step) => void }) {
  const index = STEPS.indexOf(step);
  return (
    <nav aria-label="Booking steps" className="mt-6">
      <p className="text-sm font-semibold text-amber-800">
        Step {index + 1} of {STEPS.length}
      </p>
      <ol className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {STEPS.map((s, i) => {
          const current = s === step;
          const done = i < index;
          const can = current || reachable(s);
          return (
            <li key={s}>
              <button
                type="button"
                onClick={() => onGo(s)}
                disabled={!can}
                aria-current={current ? 'step' : undefined}
                className={`flex w-full items-center gap-2 rounded-md border px-3 py-2 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 ${
                  current ? 'border-stone-900 bg-stone-900 font-semibold text-white' : done ? 'border-stone-300 bg-white text-stone-900 hover:bg-stone-100' : 'border-stone-200 bg-stone-50 text-stone-600'
                } disabled:cursor-default`}
              >
                <span
                  aria-hidden="true"
                  className={`inline-flex h-6 w-6 flex-none items-center justify-center rounded-full text-xs font-bold ${current ? 'bg-white text-stone-900' : done ? 'bg-emerald-700 text-white' : 'bg-stone-200 text-stone-700'}`}
                >
                  {done ? <Check className="h-3.5 w-3.5" /> : i + 1}
                </span>
                <span>
                  {STEP_TITLES[s]}
                  {done ? <span className="sr-only"> (done)</span> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function PageSkeleton() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8" role="status" aria-live="polite">
      <span className="sr-only">Loading the booking form…</span>
      <div aria-hidden="true" className="animate-pulse space-y-4">
        <div className="h-8 w-2/3 rounded bg-stone-200" />
        <div className="h-4 w-1/2 rounded bg-stone-200" />
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-10 rounded bg-stone-200" />
          ))}
        </div>
        <div className="h-40 rounded bg-stone-200" />
      </div>
    </div>
  );
}

function focusProblem(problems: StepProblems) {
  const first = Object.keys(problems)[0] as keyof typeof FIELD_IDS | undefined;
  if (!first) return;
  // After React has drawn the messages.
  setTimeout(() => {
    const el = document.getElementById(FIELD_IDS[first]);
    if (!el) return;
    const target = el.matches('fieldset') ? (el.querySelector<HTMLInputElement>('input:checked') ?? el.querySelector<HTMLInputElement>('input') ?? el) : el;
    target.focus();
    target.scrollIntoView?.({ block: 'center' });
  }, 0);
}

/**
 * Applies ?flash=, ?serviceId= and ?startsAt= links (from a flash card or the profile's next open
 * times), ?mode=video (the video consultation finder) and ?idea= (an artist's session suggestion
 * after a consultation; it fills an empty idea only, never overwrites what the person wrote).
 */
function applyLink(draft: BookingDraft, params: URLSearchParams, zone: string): BookingDraft {
  const flash = params.get('flash');
  const serviceId = params.get('serviceId');
  const startsAt = params.get('startsAt');
  const mode = params.get('mode');
  const idea = params.get('idea');
  let next = draft;
  if (flash && UUID.test(flash) && flash !== draft.flashDesignId) next = { ...next, flashDesignId: flash, serviceId: '', slot: null, step: 'what', attempt: null };
  if (serviceId && UUID.test(serviceId)) {
    if (serviceId !== next.serviceId) next = { ...next, serviceId, mode: '', slot: null };
    if (mode === 'video' || mode === 'in_person') next = { ...next, mode };
    const t = startsAt ? Date.parse(startsAt) : NaN;
    if (startsAt && !Number.isNaN(t) && t > Date.now()) {
      const iso = new Date(t).toISOString();
      const offset = Math.max(0, Math.floor(daysBetween(weekStart(Date.now(), zone, 0), localDateOf(t, zone)) / 7));
      next = { ...next, slot: { startsAt: iso, endsAt: iso }, weekOffset: offset, step: 'what' };
    }
  }
  if (idea && !next.idea.trim()) next = { ...next, idea: idea.slice(0, BOOKING_IDEA_MAX) };
  return next;
}

/**
 * A reference photo handed over in the history entry (the design generator's "Send to an artist"
 * uploads the design through /api/bookings/uploads, then comes here), with the idea it was made
 * from. State rather than the URL: the idea is the person's words. A reload finds the same state,
 * so the photo is added once (by id) and the idea fills an empty field only.
 */
function applyHandover(draft: BookingDraft, state: unknown): BookingDraft {
  const handed = (state ?? {}) as { referenceImage?: Partial<TBookingImage>; idea?: unknown };
  const image = handed.referenceImage;
  let next = draft;
  if (image && typeof image.id === 'string' && UUID.test(image.id) && typeof image.url === 'string' && typeof image.thumbUrl === 'string' && !next.images.some((i) => i.id === image.id) && next.images.length < BOOKING_MAX_IMAGES) {
    next = { ...next, images: [...next.images, { id: image.id, kind: 'reference', url: image.url, thumbUrl: image.thumbUrl, width: Number(image.width) || 0, height: Number(image.height) || 0 }] };
  }
  if (typeof handed.idea === 'string' && !next.idea.trim()) next = { ...next, idea: handed.idea.slice(0, BOOKING_IDEA_MAX) };
  return next;
}

/**
 * The draft to start from: the one stored in this tab, with a followed link applied, resuming at
 * the step where something is still missing (or where the link leaves the person).
 */
function initialDraft(artist: TArtistProfile, params: URLSearchParams, zone: string, state: unknown): BookingDraft {
  const linked = applyHandover(applyLink(loadDraft(artist.id), params, zone), state);
  let draft: BookingDraft = { ...linked, artistName: artist.displayName, artistSlug: artist.slug };
  const service = artist.services.find((s) => s.id === draft.serviceId);
  // A service the artist no longer offers starts over at the first step. (A flash design's session
  // is filled in by the flow once the design has loaded: the design decides it.)
  if (draft.serviceId && !service) draft = { ...draft, serviceId: '', slot: null, step: 'what' };
  const open = firstOpenStep(draft, { needsMode: service?.kind === 'consultation' });
  const followedLink = params.has('serviceId') || params.has('flash');
  const step = STEPS.indexOf(draft.step) > STEPS.indexOf(open) || (followedLink && draft.step === 'what') ? open : draft.step;
  return { ...draft, step };
}

function Flow({ artist, viewerZone }: { artist: TArtistProfile; viewerZone: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  // Mounted in the browser only (see the page below), so reading sessionStorage here is safe.
  const [draft, setDraft] = useState<BookingDraft>(() => initialDraft(artist, params, viewerZone, location.state));
  const [problems, setProblems] = useState<StepProblems>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const service = artist.services.find((s) => s.id === draft.serviceId);
  const info = useMemo(() => ({ needsMode: service?.kind === 'consultation' }), [service?.kind]);
  const flashQuery = useQuery({ ...flashOptions(draft.flashDesignId), enabled: Boolean(draft.flashDesignId) });
  const flash = flashQuery.data && flashQuery.data.artist.id === artist.id ? flashQuery.data : undefined;
  const flashState = !draft.flashDesignId ? 'none' : flashQuery.isPending ? 'loading' : flash ? 'ready' : 'missing';
  const setup = useQuery({ ...paymentSetupOptions(), enabled: draft.step === 'confirm' });

  useEffect(() => saveDraft(draft), [draft]);

  // Spec §4 funnel step 4: a consultation is what the person is booking (consent-gated inside).
  const isConsultation = service?.kind === 'consultation';
  useEffect(() => {
    if (isConsultation) trackFunnel('consultation_start');
  }, [isConsultation]);

  // The link's answers are in the draft now; without them in the URL a reload keeps later changes.
  useEffect(() => {
    if (params.has('flash') || params.has('serviceId') || params.has('startsAt')) setParams({}, { replace: true });
  }, [params, setParams]);

  // Each step change moves focus to the step's heading, so keyboard and screen-reader users start there.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [draft.step]);

  const update = useCallback((patch: Partial<BookingDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // An answer that changed makes its own message out of date (serviceId answers the "service" problem).
    const answered = new Set(Object.keys(patch).map((k) => (k === 'serviceId' ? 'service' : k)));
    setProblems((p) => {
      const next = Object.fromEntries(Object.entries(p).filter(([k]) => !answered.has(k)));
      return Object.keys(next).length === Object.keys(p).length ? p : next;
    });
  }, []);

  // A flash design decides its session (length and deposit), as the server does: keep the draft on it.
  const flashSessionId = flash ? (flashSessionService(artist.services, flash.size)?.id ?? '') : null;
  if (flashSessionId !== null && draft.serviceId !== flashSessionId) {
    // Adjusted while rendering (React re-renders at once, before painting); a time picked for another length no longer fits.
    update({ serviceId: flashSessionId, ...(draft.serviceId ? { slot: null } : {}) });
  }

  const signIn = () => {
    saveDraft(draft);
    window.location.assign(loginUrl(`/book/${artist.id}`));
  };

  const open = firstOpenStep(draft, info);
  const reachable = (s: Step) => STEPS.indexOf(s) <= STEPS.indexOf(open) || STEPS.indexOf(s) < STEPS.indexOf(draft.step);
  const goTo = (s: Step) => {
    setProblems({});
    setAlert(null);
    setDraft((d) => ({ ...d, step: s }));
  };

  const next = () => {
    const p = stepProblems(draft, draft.step, info);
    if (draft.step === 'what' && draft.flashDesignId && flash && flash.status !== 'available') {
      setAlert('This design cannot be booked now. Choose something else instead.');
      return;
    }
    if (Object.keys(p).length) {
      setProblems(p);
      focusProblem(p);
      return;
    }
    goTo(STEPS[STEPS.indexOf(draft.step) + 1] ?? 'confirm');
  };

  const confirm = async () => {
    setAlert(null);
    const open = firstOpenStep(draft, info);
    if (open !== 'confirm') {
      goTo(open);
      return;
    }
    const p = stepProblems(draft, 'confirm', info);
    if (Object.keys(p).length) {
      setProblems(p);
      focusProblem(p);
      return;
    }
    const body = toCreateBody(draft, viewerZone);
    const attempt = attemptFor(draft, body);
    // Stored before sending: a reload after a lost answer retries with the same key.
    const withAttempt = { ...draft, attempt };
    setDraft(withAttempt);
    saveDraft(withAttempt);
    setSending(true);
    try {
      const booking = await createBooking(body, attempt.key);
      trackBookingComplete(booking.id, booking.depositCents);
      clearDraft(artist.id);
      await invalidateBookings(queryClient);
      void refreshAvailability(queryClient, artist.id);
      toast({ title: booking.status === 'requested' ? 'Request sent' : 'Booked', description: `${artist.displayName} has your ${booking.status === 'requested' ? 'request' : 'booking'}.`, variant: 'success' });
      void navigate(`/bookings/${booking.id}`);
    } catch (error) {
      setSending(false);
      const status = error instanceof ApiError ? error.status : 0;
      const text = bookingErrorText(error);
      if (status === 409 && !/design/i.test(text) && !/idempotency/i.test(text)) {
        // The time was taken meanwhile: back to the times, freshly loaded, with the reason.
        await refreshAvailability(queryClient, artist.id);
        setDraft((d) => ({ ...d, slot: null, step: 'time', attempt: null }));
        setAlert(text);
        toast({ title: 'That time was just taken', description: 'Pick another time.', variant: 'error' });
        return;
      }
      if (status === 401) {
        setAlert(text);
        return;
      }
      // A refused request will not pass with the same body; a lost answer or a server error may, with the same key.
      if (status >= 400 && status < 500) setDraft((d) => ({ ...d, attempt: null }));
      setAlert(text);
      toast({ title: 'Your booking was not sent', description: text, variant: 'error' });
    }
  };

  const stepIndex = STEPS.indexOf(draft.step);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm">
        <Link to={`/artists/${artist.slug}`} className="text-stone-700 underline underline-offset-2 hover:text-stone-900">
          Back to {artist.displayName}’s profile
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-stone-900">Book with {artist.displayName}</h1>
      <p className="mt-1 text-stone-700">
        {artist.studio ? `${artist.studio.name}, ` : ''}
        {artist.city}. Your answers are kept in this tab while you book.
      </p>
      <Stepper step={draft.step} reachable={reachable} onGo={goTo} />

      <section aria-labelledby="step-heading" className="mt-8 space-y-6">
        <h2 id="step-heading" ref={heading} tabIndex={-1} className="text-2xl font-semibold text-stone-900 outline-none">
          {STEP_TITLES[draft.step]}
        </h2>
        {alert ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
            {alert}
          </p>
        ) : null}

        {draft.step === 'what' ? (
          <WhatStep
            artist={artist}
            draft={draft}
            flash={flash}
            flashState={flashState}
            problems={problems}
            update={update}
            onDropFlash={() => update({ flashDesignId: '', serviceId: '', slot: null })}
          />
        ) : null}
        {draft.step === 'details' ? <DetailsStep draft={draft} service={service} problems={problems} update={update} signedIn={isAuthenticated} onSignIn={signIn} /> : null}
        {draft.step === 'time' && service ? (
          <div id={FIELD_IDS.slot} tabIndex={-1} className="space-y-3 outline-none">
            <p className="text-stone-800">
              {flash ? `Flash design “${flash.title}”: ${formatDuration(service.durationMinutes)}.` : `${service.name}, ${service.durationMinutes} minutes.`}
            </p>
            <SlotPicker
              artistId={artist.id}
              serviceId={service.id}
              artistZone={artist.timezone}
              viewerZone={viewerZone}
              weekOffset={draft.weekOffset}
              onWeekChange={(weekOffset) => update({ weekOffset })}
              selected={draft.slot?.startsAt ?? null}
              onSelect={(slot) => update({ slot: { startsAt: slot.startsAt, endsAt: slot.endsAt, ...(slot.location ? { city: slot.location.city } : {}) } })}
              waitlist={{ signedIn: isAuthenticated, onSignIn: signIn }}
              label="Open times"
            />
            {problems.slot ? <p id={`${FIELD_IDS.slot}-error`} className="text-sm text-red-700">{problems.slot}</p> : null}
          </div>
        ) : null}
        {draft.step === 'confirm' && service ? (
          <ConfirmStep artist={artist} draft={draft} service={service} flash={flash} setup={setup.isError ? null : setup.data} viewerZone={viewerZone} problems={problems} update={update} />
        ) : null}

        <div className="flex flex-col-reverse gap-3 border-t border-stone-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
          {stepIndex > 0 ? (
            <Button variant="secondary" onClick={() => goTo(STEPS[stepIndex - 1]!)} disabled={sending}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back
            </Button>
          ) : (
            <span />
          )}
          {draft.step !== 'confirm' ? (
            <Button onClick={next}>
              Continue <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Button>
          ) : isAuthenticated || authLoading ? (
            <Button data-cta="confirm-booking" onClick={() => void confirm()} disabled={sending || authLoading} aria-describedby="confirm-note">
              {sending ? 'Sending…' : 'Confirm booking'}
            </Button>
          ) : (
            <Button data-cta="sign-in-to-book" onClick={signIn}>Sign in to confirm</Button>
          )}
        </div>
        {draft.step === 'confirm' ? (
          <p id="confirm-note" className="text-sm text-stone-700">
            {isAuthenticated
              ? 'Most artists answer within a day. Nothing is charged now: the deposit is due once the artist accepts.'
              : 'Sign in or create an account to send this request; your answers are kept.'}
          </p>
        ) : null}
      </section>
    </div>
  );
}

/** /book/:artistId and /booking/:artistId: choose, describe, pick a time, accept the policy, confirm. */
export default function BookingFlowPage() {
  const { artistId = '' } = useParams();
  const artist = useQuery({ ...artistOptions(artistId), enabled: Boolean(artistId) });
  // The draft lives in sessionStorage and the zone in the browser: the form renders after hydration only.
  const zone = useBrowserZone();
  // No answer (offline, or the server down for a moment): try again by itself, on reconnecting and on a backoff.
  const unanswered = artist.isError && !artist.data && (isNetworkError(artist.error) || (artist.error instanceof ApiError && artist.error.status >= 500));
  useAutoRetry(() => void artist.refetch({ cancelRefetch: false }), unanswered);

  if (!artistId || (artist.isError && artist.error instanceof ApiError && artist.error.status === 404)) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-stone-900">Artist not found</h1>
        <p className="mt-3 text-stone-700">We could not find that artist. They may have closed their profile.</p>
        <ButtonLink to="/artists" className="mt-6">Find an artist</ButtonLink>
      </div>
    );
  }
  // A saved copy of the artist still lets the person prepare the request offline; sending it says it needs a connection.
  if (artist.isError && !artist.data) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        <p className="text-red-800">{bookingErrorText(artist.error)}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void artist.refetch()}>Try again</Button>
      </div>
    );
  }
  if (!artist.data || !zone) return <PageSkeleton />;
  return <Flow key={artist.data.id} artist={artist.data} viewerZone={zone} />;
}
