import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, ImagePlus, MessageSquare, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { HEALING_FEELINGS, HEALING_SYMPTOMS, SEEK_CARE_TEXT, type TAftercareStep } from '../../../shared/aftercare-plan.ts';
import {
  aftercarePagePath,
  CHECK_IN_FORM_FIELDS,
  CHECK_IN_NOTE_MAX,
  CHECK_IN_PHOTOS_MAX,
  CHECK_IN_SENT_DONE,
  checkInSymptomField,
  HEALED_NOTE_MAX,
  HEALED_NOTE_MIN,
  keptPhotoIds,
  type TAftercare,
  type TCheckIn,
} from '../../../shared/contracts/aftercare.ts';
import { FORM_POST_KEY, type TFormPostState } from '../../../shared/form-result.ts';
import type { TBookingDetail, TBookingUpload } from '../../../shared/contracts/bookings.ts';
import { UPLOAD_ACCEPT } from '../../../shared/contracts/portfolio.ts';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { bookingOptions } from '../../lib/bookings.ts';
import { errorMessage } from '../../lib/errors.ts';
import { photoProblem } from '../../lib/photo-check.ts';
import { uploadWithProgress } from '../../lib/upload.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { sentence } from '../../ui/field.tsx';
import { FormResult } from '../../ui/form-result.tsx';
import { aftercareOptions } from './aftercare-queries.ts';

const aftercareKey = (id: string) => aftercareOptions(id).queryKey;
/** A kept photo's thumbnail (the booking feature serves healing photos privately at this address). */
const thumbOf = (photoId: string) => `/api/bookings/uploads/${encodeURIComponent(photoId)}/thumb`;
type FormPhoto = Pick<TBookingUpload, 'id' | 'thumbUrl'>;

const dayFormat = (zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' });
const whenFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function StepItem({ step, zone, now }: { step: TAftercareStep; zone: string; now: number }) {
  const sent = new Date(step.sendAt).getTime() <= now;
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-4">
      <p className="text-sm text-stone-700">
        Day {step.day} · <time dateTime={step.sendAt}>{dayFormat(zone).format(new Date(step.sendAt))}</time> · {sent ? 'sent' : 'scheduled'}
      </p>
      <h3 className="mt-1 font-semibold text-stone-900">{step.title}</h3>
      <p className="mt-1 text-stone-800">{step.summary}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-800">
        {step.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </li>
  );
}

function SeekCare({ booking, checkIn }: { booking: TBookingDetail; checkIn: TCheckIn }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'error'>('idle');
  const [error, setError] = useState('');
  const [messageId] = useState(() => crypto.randomUUID());
  const client = booking.viewerRole === 'client';
  const send = async () => {
    if (!booking.conversationId) return;
    setState('sending');
    const text = [
      `Healing check-in, day ${checkIn.day}: I noticed ${checkIn.warningSigns.join(', ').toLowerCase()}.`,
      checkIn.note ? `In my words: ${checkIn.note}` : '',
      'Could you take a look at my check-in photos and tell me what to do?',
    ]
      .filter(Boolean)
      .join('\n');
    try {
      // The messaging feature's API: the booking's conversation, keyed by a client id so a retry stores one message.
      await apiRequest('POST', `/api/conversations/${booking.conversationId}/messages`, { text, clientMessageId: messageId });
      setState('sent');
    } catch (err) {
      setError(errorMessage(err));
      setState('error');
    }
  };
  return (
    <div role="alert" className="mt-3 rounded-md border-2 border-red-300 bg-red-50 p-3 text-red-950">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="h-4 w-4" aria-hidden="true" /> {client ? 'These can be warning signs.' : 'The client reported warning signs.'}
      </p>
      <p className="mt-1">
        {checkIn.warningSigns.join('; ')}. {SEEK_CARE_TEXT} Fever, chills or red streaks need a doctor the same day.
      </p>
      {client && booking.conversationId ? (
        state === 'sent' ? (
          <p className="mt-2 font-medium">
            Sent to {booking.artist.displayName}. <Link to={`/messages/${booking.conversationId}`} className="underline underline-offset-2">Open the conversation</Link>
          </p>
        ) : (
          <>
            <Button variant="secondary" className="mt-2" onClick={() => void send()} disabled={state === 'sending'}>
              <MessageSquare className="h-4 w-4" aria-hidden="true" /> {state === 'sending' ? 'Sending…' : `Message ${booking.artist.displayName} about this`}
            </Button>
            {state === 'error' ? <p className="mt-1 text-sm">{error}</p> : null}
          </>
        )
      ) : null}
    </div>
  );
}

function CheckInCard({ booking, checkIn }: { booking: TBookingDetail; checkIn: TCheckIn }) {
  const feeling = HEALING_FEELINGS.find((f) => f.value === checkIn.feeling)?.label ?? String(checkIn.feeling);
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-4" data-testid="check-in">
      <p className="text-sm text-stone-700">
        Day {checkIn.day} · <time dateTime={checkIn.createdAt}>{whenFormat.format(new Date(checkIn.createdAt))}</time> · {checkIn.authorName}
      </p>
      <p className="mt-1 font-semibold text-stone-900">Feeling: {feeling}</p>
      {checkIn.symptoms.length ? (
        <p className="text-stone-800">Noticed: {checkIn.symptoms.map((id) => HEALING_SYMPTOMS.find((s) => s.id === id)?.label ?? id).join(', ')}</p>
      ) : null}
      {checkIn.note ? <p className="mt-1 whitespace-pre-line text-stone-800">{checkIn.note}</p> : null}
      {checkIn.photos.length ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Healing photos">
          {checkIn.photos.map((p, i) => (
            <li key={p.id}>
              <a href={p.url} target="_blank" rel="noreferrer" className="block focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
                <img src={p.thumbUrl} width={96} height={Math.round((96 * p.height) / p.width)} alt={`Healing photo ${i + 1} of day ${checkIn.day}`} className="h-24 w-24 rounded object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {checkIn.warningSigns.length ? <SeekCare booking={booking} checkIn={checkIn} /> : null}
    </li>
  );
}

/**
 * "How is it healing?": sent with JavaScript through the JSON route (photos uploaded as they are
 * picked); before hydration or without it, the browser posts the form itself, photos included, to
 * the page's address (`refused`: that post, drawn again with what was sent when it was refused).
 */
function CheckInForm({ bookingId, onSaved, refused }: { bookingId: string; onSaved: (c: TCheckIn) => void; refused: TFormPostState | null }) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const F = CHECK_IN_FORM_FIELDS;
  const sent = refused?.fields ?? {};
  const [feeling, setFeeling] = useState<number | null>(() => (sent[F.feeling] ? Number(sent[F.feeling]) : null));
  const [symptoms, setSymptoms] = useState<string[]>(() => HEALING_SYMPTOMS.map((s) => s.id).filter((s) => sent[checkInSymptomField(s)] !== undefined));
  const [note, setNote] = useState(() => sent[F.note] ?? '');
  const [photos, setPhotos] = useState<FormPhoto[]>(() => keptPhotoIds(sent).map((photoId) => ({ id: photoId, thumbUrl: thumbOf(photoId) })));
  const [uploading, setUploading] = useState<string | null>(null);
  const [error, setError] = useState(() => (refused ? sentence(refused.error.message) : ''));
  const [saving, setSaving] = useState(false);
  const [checkInId, setCheckInId] = useState(() => crypto.randomUUID());

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setError('');
    if (photos.length + files.length > CHECK_IN_PHOTOS_MAX) return setError(`A check-in can carry ${CHECK_IN_PHOTOS_MAX} photos.`);
    for (const file of files) {
      const problem = photoProblem(file);
      if (problem) return setError(problem);
      setUploading(file.name);
      const form = new FormData();
      form.append('kind', 'healing');
      form.append('file', file);
      try {
        const photo = await uploadWithProgress<TBookingUpload>('/api/bookings/uploads', form, () => undefined);
        setPhotos((list) => [...list, photo]);
      } catch (err) {
        setError(`“${file.name}” was not added: ${errorMessage(err)}`);
        break;
      } finally {
        setUploading(null);
      }
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (feeling === null) return setError('Choose how it is healing.');
    setSaving(true);
    setError('');
    try {
      const res = await apiRequest('POST', `/api/bookings/${bookingId}/check-ins`, { clientCheckInId: checkInId, feeling, symptoms, note, photoIds: photos.map((p) => p.id) });
      onSaved((await res.json()) as TCheckIn);
      setFeeling(null);
      setSymptoms([]);
      setNote('');
      setPhotos([]);
      setCheckInId(crypto.randomUUID());
    } catch (err) {
      setError(err instanceof ApiError ? errorMessage(err) : 'Your check-in was not sent. Check your connection and try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      method="post"
      action={aftercarePagePath(bookingId)}
      encType="multipart/form-data"
      onSubmit={(e) => void submit(e)}
      className="space-y-4 rounded-lg border border-stone-300 bg-stone-50 p-4"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold text-stone-900">How is it healing?</h3>
      <fieldset>
        <legend className="font-medium text-stone-900">How does it look and feel today?</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {HEALING_FEELINGS.map((f) => (
            <label key={f.value} className="flex cursor-pointer items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-2 has-[:checked]:border-stone-900 has-[:checked]:bg-stone-900 has-[:checked]:text-white">
              <input type="radio" name={F.feeling} value={f.value} checked={feeling === f.value} onChange={() => setFeeling(f.value)} className="h-4 w-4" />
              {f.label}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="font-medium text-stone-900">Have you noticed any of these?</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {HEALING_SYMPTOMS.map((s) => (
            <label key={s.id} className="flex items-start gap-2 text-stone-800">
              <input
                type="checkbox"
                name={checkInSymptomField(s.id)}
                className="mt-1 h-4 w-4"
                checked={symptoms.includes(s.id)}
                onChange={(e) => setSymptoms((list) => (e.target.checked ? [...list, s.id] : list.filter((x) => x !== s.id)))}
              />
              {s.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-note`} className="font-medium text-stone-900">
          Anything else? <span className="font-normal text-stone-700">(optional)</span>
        </label>
        <textarea id={`${id}-note`} name={F.note} value={note} maxLength={CHECK_IN_NOTE_MAX} onChange={(e) => setNote(e.target.value)} rows={3} className="mt-1 block w-full rounded-md border border-stone-400 p-2" />
      </div>
      <div>
        <p className="font-medium text-stone-900" id={`${id}-photos`}>
          Photos <span className="font-normal text-stone-700">(up to {CHECK_IN_PHOTOS_MAX}; only you, your artist and Inkhaven staff can see them)</span>
        </p>
        <ul className="mt-2 flex flex-wrap gap-2" aria-labelledby={`${id}-photos`}>
          {photos.map((p, i) => (
            <li key={p.id} className="relative">
              <img src={p.thumbUrl} alt={`Photo ${i + 1} to send`} className="h-20 w-20 rounded object-cover" />
              <button type="button" onClick={() => setPhotos((list) => list.filter((x) => x.id !== p.id))} className="absolute -right-2 -top-2 rounded-full bg-white p-1 shadow ring-1 ring-stone-300">
                <X className="h-3 w-3" aria-hidden="true" />
                <span className="sr-only">Remove photo {i + 1}</span>
              </button>
            </li>
          ))}
        </ul>
        {photos.length ? <input type="hidden" name={F.photoIds} value={photos.map((p) => p.id).join(',')} /> : null}
        <input ref={fileInput} id={`${id}-file`} name={F.photos} type="file" accept={UPLOAD_ACCEPT} multiple className="sr-only" onChange={(e) => void onFiles(e)} />
        <label
          htmlFor={`${id}-file`}
          className="mt-2 inline-flex cursor-pointer items-center gap-2 rounded-md border border-stone-400 bg-white px-3 py-2 font-medium text-stone-900 focus-within:ring-2 focus-within:ring-amber-600"
        >
          <ImagePlus className="h-4 w-4" aria-hidden="true" /> Add photos
        </label>
        {uploading ? <p className="mt-1 text-sm text-stone-700" role="status">Uploading “{uploading}”…</p> : null}
      </div>
      {error ? <p className="text-red-800" role="alert">{error}</p> : null}
      {/* Before hydration the browser posts the form itself (see above). */}
      <Button type="submit" disabled={saving || uploading !== null}>
        {saving ? 'Sending…' : 'Send check-in'}
      </Button>
    </form>
  );
}

function HealedFollowUp({ booking, aftercare }: { booking: TBookingDetail; aftercare: TAftercare }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const hydrated = useHydrated();
  const { healed } = aftercare;
  if (!healed.due) return null;
  const client = booking.viewerRole === 'client';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      const res = await apiRequest('POST', `/api/bookings/${booking.id}/healed-follow-up`, { note });
      queryClient.setQueryData(aftercareKey(booking.id), (await res.json()) as TAftercare);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <section aria-labelledby={`${id}-healed`} className="rounded-lg border border-emerald-300 bg-emerald-50 p-4">
      <h2 id={`${id}-healed`} className="flex items-center gap-2 text-lg font-semibold text-emerald-950">
        <CheckCircle2 className="h-5 w-5" aria-hidden="true" /> Healed result
      </h2>
      {healed.followUp ? (
        <p className="mt-2 whitespace-pre-line text-stone-900">
          <span className="font-medium">Follow-up on the review:</span> {healed.followUp.note}
        </p>
      ) : client ? (
        <>
          <p className="mt-2 text-stone-900">The healing period is over. Share a photo of the healed result with {booking.artist.displayName} in a check-in, and tell other clients how it healed.</p>
          {healed.reviewed ? (
            <form method="post" onSubmit={(e) => void submit(e)} className="mt-3 space-y-2">
              <label htmlFor={`${id}-note`} className="font-medium text-stone-900">How did it heal? (added to your review)</label>
              <textarea id={`${id}-note`} value={note} minLength={HEALED_NOTE_MIN} maxLength={HEALED_NOTE_MAX} onChange={(e) => setNote(e.target.value)} rows={3} className="block w-full rounded-md border border-stone-400 p-2" />
              {error ? <p className="text-red-800" role="alert">{error}</p> : null}
              <Button type="submit" disabled={!hydrated}>Add the follow-up to my review</Button>
            </form>
          ) : (
            <p className="mt-2">
              <Link to="/reviews" className="font-medium underline underline-offset-2">Write your review</Link>, then come back to add how it healed.
            </p>
          )}
        </>
      ) : (
        <p className="mt-2 text-stone-900">The healing period is over; the client was invited to share the healed result.</p>
      )}
    </section>
  );
}

/** /bookings/{id}/aftercare: the plan, "how is it healing?" check-ins and the healed follow-up (issue 13 §2). */
export default function AftercarePage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const booking = useQuery(bookingOptions(id));
  const aftercare = useQuery(aftercareOptions(id));
  const location = useLocation();
  // A refused post of the check-in (the server drew the page again with it): read once, then dropped.
  const [refused] = useState(() => {
    const state = queryClient.getQueryData<TFormPostState>(FORM_POST_KEY);
    return state && state.path === location.pathname ? state : null;
  });
  useEffect(() => {
    queryClient.removeQueries({ queryKey: FORM_POST_KEY });
  }, [queryClient]);
  const [now] = useState(() => Date.now());
  const [justSaved, setJustSaved] = useState<TCheckIn | null>(null);

  const failed = booking.error ?? aftercare.error;
  if (failed) {
    const notFound = failed instanceof ApiError && (failed.status === 404 || failed.status === 403);
    return (
      <div className="mx-auto max-w-3xl px-4 py-12" role="alert">
        <h1 className="text-2xl font-bold text-stone-900">{notFound ? 'Booking not found' : 'Could not load the aftercare plan'}</h1>
        <p className="mt-2 text-stone-700">{notFound ? 'We could not find this booking. It may belong to another account.' : errorMessage(failed)}</p>
        {notFound ? null : (
          <Button className="mt-4" onClick={() => void aftercare.refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  if (!booking.data || !aftercare.data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12" aria-busy="true">
        <p className="text-stone-700">Loading the aftercare plan…</p>
      </div>
    );
  }
  const b = booking.data;
  const a = aftercare.data;
  const client = b.viewerRole === 'client';
  const saved = (c: TCheckIn) => {
    setJustSaved(c);
    queryClient.setQueryData<TAftercare>(aftercareKey(id), (old) => (old ? { ...old, checkIns: [...old.checkIns.filter((x) => x.id !== c.id), c] } : old));
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <header className="space-y-2">
        <p className="text-sm">
          <Link to={`/bookings/${b.id}`} className="text-stone-700 underline underline-offset-2 hover:text-stone-900">
            Back to the booking
          </Link>
        </p>
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Aftercare: {b.service.name}</h1>
        <p className="text-stone-800">
          {client ? `With ${b.artist.displayName}` : `For ${b.client.firstName}`}
          {a.plan ? ` · healing time ${a.plan.healing}${a.plan.styleName ? ` (${a.plan.styleName})` : ''}` : ''}
        </p>
      </header>

      {!a.plan ? (
        <p className="rounded-lg border border-stone-200 bg-stone-50 p-4 text-stone-800">
          {b.service.kind === 'consultation'
            ? 'Consultations have no aftercare plan.'
            : b.status === 'completed'
              ? 'The aftercare plan is being prepared. Refresh in a moment.'
              : 'The aftercare plan starts when the session is completed.'}
        </p>
      ) : (
        <>
          <HealedFollowUp booking={b} aftercare={a} />
          {justSaved && justSaved.warningSigns.length === 0 ? (
            <p role="status" className="rounded-md bg-emerald-50 p-3 text-emerald-950">
              Check-in sent to {b.artist.displayName}. Thank you!
            </p>
          ) : null}
          <section aria-labelledby="check-ins-heading" className="space-y-3">
            <h2 id="check-ins-heading" className="text-xl font-semibold text-stone-900">Healing check-ins</h2>
            <FormResult messages={{ [CHECK_IN_SENT_DONE]: `Check-in sent to ${b.artist.displayName}. Thank you!` }} />
            {a.canCheckIn ? <CheckInForm bookingId={b.id} onSaved={saved} refused={refused} /> : null}
            {a.checkIns.length === 0 ? (
              <p className="text-stone-700">{client ? 'No check-ins yet.' : `${b.client.firstName} has not checked in yet.`}</p>
            ) : (
              <ol className="space-y-3" aria-label="Check-ins, oldest first">
                {a.checkIns.map((c) => (
                  <CheckInCard key={c.id} booking={b} checkIn={c} />
                ))}
              </ol>
            )}
          </section>
          <section aria-labelledby="plan-heading" className="space-y-3">
            <h2 id="plan-heading" className="text-xl font-semibold text-stone-900">The plan</h2>
            <p className="text-stone-700">
              {client ? 'You get each message by e-mail and in your notifications' : `${b.client.firstName} gets each message by e-mail and in their notifications`}, at 9:00 in their time
              zone ({a.plan.timezone.replace(/_/g, ' ')}).
            </p>
            <ol className="space-y-3">
              {a.plan.steps.map((s) => (
                <StepItem key={s.id} step={s} zone={a.plan!.timezone} now={now} />
              ))}
            </ol>
          </section>
        </>
      )}
    </div>
  );
}
