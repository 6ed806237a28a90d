import { Store, Video } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { BOOKING_IDEA_MAX, BOOKING_TEXT_MAX } from '../../../shared/booking-rules.ts';
import type { TArtistProfile, TService } from '../../../shared/contracts/artists.ts';
import type { TBookingImage, TPaymentSetup } from '../../../shared/contracts/bookings.ts';
import type { TFlashDesign } from '../../../shared/contracts/flash.ts';
import { flashSessionService } from '../../../shared/flash-session.ts';
import { flashSizeText } from '../../lib/flash.ts';
import { formatDuration, formatMoney } from '../../lib/format.ts';
import type { BookingDraft, StepProblems } from './draft.ts';
import { PhotoUpload } from './photo-upload.tsx';
import { dateTimeRange } from './time.ts';

export const INPUT =
  'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600 aria-[invalid=true]:border-red-700';

/** Field ids the steps use, so an error can move focus to its control. */
export const FIELD_IDS = {
  service: 'booking-service',
  mode: 'booking-mode',
  idea: 'booking-idea',
  placement: 'booking-placement',
  size: 'booking-size',
  images: 'booking-images',
  slot: 'booking-slot',
  acceptPolicy: 'booking-accept',
} as const;

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={`${id}-error`} className="text-sm text-red-700">
      {text}
    </p>
  );
}

export function priceText(service: Pick<TService, 'priceMinCents' | 'priceMaxCents' | 'currency'>): string {
  if (service.priceMaxCents === 0) return 'Free';
  if (service.priceMinCents === service.priceMaxCents) return formatMoney(service.priceMinCents, service.currency);
  return `${formatMoney(service.priceMinCents, service.currency)}–${formatMoney(service.priceMaxCents, service.currency)}`;
}

function depositText(service: Pick<TService, 'depositCents' | 'currency'>): string {
  return service.depositCents > 0 ? `${formatMoney(service.depositCents, service.currency)} deposit` : 'No deposit';
}

function Choice({ name, value, checked, onChange, title, children, describedBy }: { name: string; value: string; checked: boolean; onChange: () => void; title: ReactNode; children?: ReactNode; describedBy?: string | undefined }) {
  const id = useId();
  return (
    <div className="relative">
      {/* The input covers its card (invisibly), so a click or tap anywhere on the card is a click on the radio itself. */}
      <input id={id} type="radio" name={name} value={value} checked={checked} onChange={onChange} aria-describedby={describedBy} className="peer absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0" />
      <label
        htmlFor={id}
        className="block h-full cursor-pointer rounded-lg border border-stone-300 p-4 hover:border-stone-900 peer-checked:border-stone-900 peer-checked:bg-stone-50 peer-checked:ring-2 peer-checked:ring-stone-900 peer-focus-visible:ring-2 peer-focus-visible:ring-amber-600 peer-focus-visible:ring-offset-2"
      >
        <span className="block font-semibold text-stone-900">{title}</span>
        {children ? <span className="mt-1 block text-sm text-stone-700">{children}</span> : null}
      </label>
    </div>
  );
}

export function FlashCard({ design }: { design: TFlashDesign }) {
  return (
    <div className="flex gap-4 rounded-lg border border-stone-200 p-4">
      <img src={design.thumbUrl} alt={`Flash design: ${design.title}`} width={112} height={112} className="h-28 w-28 flex-none rounded-md bg-stone-100 object-cover" />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold text-stone-900">{design.title}</p>
        <p className="text-sm text-stone-800">
          {formatMoney(design.priceCents, design.currency)} · {flashSizeText(design)}
        </p>
        {design.style ? <p className="text-sm text-stone-700">{design.style}</p> : null}
        {design.description ? <p className="text-sm text-stone-700">{design.description}</p> : null}
      </div>
    </div>
  );
}

export function WhatStep({
  artist,
  draft,
  flash,
  flashState,
  problems,
  update,
  onDropFlash,
}: {
  artist: TArtistProfile;
  draft: BookingDraft;
  flash: TFlashDesign | undefined;
  flashState: 'none' | 'loading' | 'missing' | 'ready';
  problems: StepProblems;
  update: (patch: Partial<BookingDraft>) => void;
  onDropFlash: () => void;
}) {
  const consultations = artist.services.filter((s) => s.kind === 'consultation');
  const sessions = artist.services.filter((s) => s.kind !== 'consultation');
  const chosen = artist.services.find((s) => s.id === draft.serviceId);
  const choose = (service: TService) => update({ serviceId: service.id, mode: service.kind === 'consultation' ? draft.mode : '', slot: draft.serviceId === service.id ? draft.slot : null });
  const errorId = problems.service ? `${FIELD_IDS.service}-error` : undefined;

  if (draft.flashDesignId) {
    // The design decides the session (its length and deposit); the client only picks a time for it.
    const session = flash ? flashSessionService(artist.services, flash.size) : null;
    return (
      <div className="space-y-6">
        {flashState === 'loading' ? <p role="status" className="text-stone-700">Loading the design…</p> : null}
        {flashState === 'missing' ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
            We could not find this flash design. It may have been removed.
          </p>
        ) : null}
        {flash ? (
          <>
            <FlashCard design={flash} />
            {flash.status !== 'available' ? (
              <p role="alert" className="rounded-md bg-amber-50 p-3 text-amber-900">
                This design is {flash.status === 'reserved' ? 'reserved by someone else right now' : 'no longer available'}. Choose another design or book a session instead.
              </p>
            ) : null}
            <div id={FIELD_IDS.service} tabIndex={-1} aria-describedby={errorId} className="rounded-lg border border-stone-200 bg-stone-50 p-4 outline-none" data-testid="flash-session">
              {session ? (
                <p className="text-stone-900">
                  <span className="font-semibold">Session: {formatDuration(session.durationMinutes)}</span> · {depositText(session)}
                  <span className="block text-sm text-stone-700">The design sets how long the artist keeps for you and the deposit; you only pick a time.</span>
                </p>
              ) : (
                <p className="text-stone-800">This artist has no tattoo session to book a design into yet.</p>
              )}
            </div>
          </>
        ) : null}
        <FieldError id={FIELD_IDS.service} text={problems.service} />
        <button type="button" onClick={onDropFlash} className="text-sm font-medium text-stone-900 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
          Book a consultation or a custom session instead
        </button>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {artist.services.length === 0 ? <p className="text-stone-800">{artist.displayName} has not listed anything to book yet.</p> : null}
      <fieldset aria-describedby={errorId} id={FIELD_IDS.service} tabIndex={-1} className="space-y-6 outline-none">
        <legend className="sr-only">What would you like to book?</legend>
        {consultations.length ? (
          <div className="space-y-3">
            <h3 className="font-semibold text-stone-900">Consultation</h3>
            <p className="text-sm text-stone-700">Talk the idea through first: size, placement, price and how many sessions it takes.</p>
            <div className="grid gap-3 sm:grid-cols-2">
              {consultations.map((s) => (
                <Choice key={s.id} name="service" value={s.id} checked={draft.serviceId === s.id} onChange={() => choose(s)} title={s.name} describedBy={errorId}>
                  {formatDuration(s.durationMinutes)} · {priceText(s)} · {depositText(s)}
                </Choice>
              ))}
            </div>
          </div>
        ) : null}
        {sessions.length ? (
          <div className="space-y-3">
            <h3 className="font-semibold text-stone-900">{artist.kind === 'piercing' ? 'Piercing' : 'Session'}</h3>
            <div className="grid gap-3 sm:grid-cols-2">
              {sessions.map((s) => (
                <Choice key={s.id} name="service" value={s.id} checked={draft.serviceId === s.id} onChange={() => choose(s)} title={s.name} describedBy={errorId}>
                  {formatDuration(s.durationMinutes)} · {priceText(s)} · {depositText(s)}
                  {s.difficulty ? ` · ${s.difficulty}` : ''}
                </Choice>
              ))}
            </div>
          </div>
        ) : null}
        <FieldError id={FIELD_IDS.service} text={problems.service} />
      </fieldset>

      {chosen?.kind === 'consultation' ? (
        <fieldset id={FIELD_IDS.mode} tabIndex={-1} aria-describedby={problems.mode ? `${FIELD_IDS.mode}-error` : undefined} className="space-y-3 outline-none">
          <legend className="font-semibold text-stone-900">How would you like to meet?</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <Choice name="mode" value="video" checked={draft.mode === 'video'} onChange={() => update({ mode: 'video' })} title={<span className="inline-flex items-center gap-2"><Video className="h-4 w-4" aria-hidden="true" /> Video call</span>}>
              From anywhere, right here in your browser: once the artist accepts, join from Video Calls up to 10 minutes before the start.
            </Choice>
            <Choice name="mode" value="in_person" checked={draft.mode === 'in_person'} onChange={() => update({ mode: 'in_person' })} title={<span className="inline-flex items-center gap-2"><Store className="h-4 w-4" aria-hidden="true" /> In person</span>}>
              {artist.studio ? `At ${artist.studio.name}, ${artist.studio.address}` : `In ${artist.city}`}
            </Choice>
          </div>
          <FieldError id={FIELD_IDS.mode} text={problems.mode} />
        </fieldset>
      ) : null}
    </div>
  );
}

export function DetailsStep({
  draft,
  service,
  problems,
  update,
  signedIn,
  onSignIn,
}: {
  draft: BookingDraft;
  service: TService | undefined;
  problems: StepProblems;
  update: (patch: Partial<BookingDraft>) => void;
  signedIn: boolean;
  onSignIn: () => void;
}) {
  const described = (field: keyof typeof FIELD_IDS, hint?: boolean) =>
    [problems[field] ? `${FIELD_IDS[field]}-error` : null, hint ? `${FIELD_IDS[field]}-hint` : null].filter(Boolean).join(' ') || undefined;
  const piercing = service?.kind === 'piercing';
  const references = draft.images.filter((i) => i.kind === 'reference');
  const placements = draft.images.filter((i) => i.kind === 'placement');
  const add = (image: TBookingImage) => update({ images: [...draft.images, image] });
  const remove = (image: TBookingImage) => update({ images: draft.images.filter((i) => i.id !== image.id) });
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <label htmlFor={FIELD_IDS.idea} className="block text-sm font-medium text-stone-900">
          Your idea <span className="text-red-700" aria-hidden="true">*</span>
          <span className="sr-only"> (required)</span>
        </label>
        <textarea
          id={FIELD_IDS.idea}
          value={draft.idea}
          onChange={(e) => update({ idea: e.target.value })}
          rows={5}
          maxLength={BOOKING_IDEA_MAX}
          required
          aria-invalid={problems.idea ? true : undefined}
          aria-describedby={described('idea', true)}
          className={INPUT}
          placeholder={piercing ? 'Which piercing, any jewellery you have in mind, earlier piercings nearby…' : 'What should it show, what style, what it means to you…'}
        />
        <p id={`${FIELD_IDS.idea}-hint`} className="text-xs text-stone-600">
          A sentence or two is enough. {draft.idea.trim().length}/{BOOKING_IDEA_MAX}
        </p>
        <FieldError id={FIELD_IDS.idea} text={problems.idea} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={FIELD_IDS.placement} className="block text-sm font-medium text-stone-900">Placement (optional)</label>
          <input id={FIELD_IDS.placement} value={draft.placement} onChange={(e) => update({ placement: e.target.value })} maxLength={BOOKING_TEXT_MAX} aria-invalid={problems.placement ? true : undefined} aria-describedby={described('placement')} placeholder={piercing ? 'Left ear, upper helix' : 'Inner forearm'} className={INPUT} />
          <FieldError id={FIELD_IDS.placement} text={problems.placement} />
        </div>
        <div className="space-y-1">
          <label htmlFor={FIELD_IDS.size} className="block text-sm font-medium text-stone-900">Size (optional)</label>
          <input id={FIELD_IDS.size} value={draft.size} onChange={(e) => update({ size: e.target.value })} maxLength={BOOKING_TEXT_MAX} aria-invalid={problems.size ? true : undefined} aria-describedby={described('size')} placeholder={piercing ? 'Gauge or jewellery size, if you know it' : 'About 3 × 4 in'} className={INPUT} />
          <FieldError id={FIELD_IDS.size} text={problems.size} />
        </div>
      </div>
      {!piercing ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-stone-900">Colour (optional)</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(
              [
                ['colour', 'Colour'],
                ['black_and_grey', 'Black and grey'],
                ['', 'Not sure yet'],
              ] as const
            ).map(([value, text]) => (
              <label key={value || 'unsure'} className="inline-flex items-center gap-2 text-stone-900">
                <input type="radio" name="colour" value={value} checked={draft.colour === value} onChange={() => update({ colour: value })} className="h-4 w-4 accent-stone-900" />
                {text}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div id={FIELD_IDS.images} tabIndex={-1} className="grid gap-6 outline-none md:grid-cols-2">
        <PhotoUpload kind="reference" label="Reference photos" hint="Designs, styles or photos that show what you have in mind." images={references} total={draft.images.length} signedIn={signedIn} onSignIn={onSignIn} onAdded={add} onRemove={remove} />
        <PhotoUpload kind="placement" label="Placement photos" hint="The spot on your body, in good light." images={placements} total={draft.images.length} signedIn={signedIn} onSignIn={onSignIn} onAdded={add} onRemove={remove} />
      </div>
      <FieldError id={FIELD_IDS.images} text={problems.images} />
    </div>
  );
}

function PolicyRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-medium text-stone-900">{term}</dt>
      <dd className="text-stone-800">{children}</dd>
    </div>
  );
}

export function depositMethodText(setup: TPaymentSetup | null | undefined): string {
  if (setup === undefined) return 'Checking how deposits are paid…';
  if (setup === null) return 'Once the artist accepts, your booking page shows how to pay the deposit.';
  return setup.mode === 'stripe'
    ? 'By card through Stripe, from your booking page once the artist accepts (if the artist does not take cards yet, you pay at the studio instead).'
    : 'At the studio: card payments are not set up on this server, so you hand the deposit to the artist and they mark it received.';
}

export function ConfirmStep({
  artist,
  draft,
  service,
  flash,
  setup,
  viewerZone,
  problems,
  update,
}: {
  artist: TArtistProfile;
  draft: BookingDraft;
  service: TService;
  flash: TFlashDesign | undefined;
  setup: TPaymentSetup | null | undefined;
  viewerZone: string;
  problems: StepProblems;
  update: (patch: Partial<BookingDraft>) => void;
}) {
  const { noticeHours, maxReschedules, depositWindowHours } = artist.policy;
  const deposit = service.depositCents;
  const slot = draft.slot;
  const endsAt = slot ? new Date(Date.parse(slot.startsAt) + service.durationMinutes * 60_000).toISOString() : null;
  return (
    <div className="space-y-8">
      <section aria-labelledby="summary-heading" className="space-y-2">
        <h3 id="summary-heading" className="text-lg font-semibold text-stone-900">Your booking</h3>
        <dl className="divide-y divide-stone-200 rounded-lg border border-stone-200 px-4">
          <PolicyRow term="Artist">{artist.displayName}{artist.studio ? `, ${artist.studio.name}` : `, ${artist.city}`}</PolicyRow>
          <PolicyRow term="What">
            {service.name}
            {service.kind === 'consultation' && draft.mode ? ` · ${draft.mode === 'video' ? 'video call' : 'in person'}` : ''}
            {flash ? ` · flash design “${flash.title}” (${formatMoney(flash.priceCents, flash.currency)})` : ` · ${priceText(service)}`}
          </PolicyRow>
          {slot && endsAt ? (
            <PolicyRow term="When">
              <span className="block">
                <time dateTime={slot.startsAt}>{dateTimeRange(slot.startsAt, endsAt, viewerZone)}</time> <span className="text-stone-600">(your time, {viewerZone})</span>
              </span>
              {artist.timezone !== viewerZone ? (
                <span className="block text-sm text-stone-700">
                  {dateTimeRange(slot.startsAt, endsAt, artist.timezone)} for the artist ({artist.timezone})
                </span>
              ) : null}
              {slot.city ? <span className="block text-sm text-stone-700">Guest spot in {slot.city}</span> : null}
            </PolicyRow>
          ) : null}
          <PolicyRow term="Idea">
            <span className="whitespace-pre-line">{draft.idea.trim()}</span>
            {[draft.placement.trim() && `Placement: ${draft.placement.trim()}`, draft.size.trim() && `Size: ${draft.size.trim()}`, draft.colour && (draft.colour === 'colour' ? 'Colour' : 'Black and grey')]
              .filter(Boolean)
              .map((line) => (
                <span key={String(line)} className="block text-sm text-stone-700">{line}</span>
              ))}
            {draft.images.length ? <span className="block text-sm text-stone-700">{draft.images.length} photo{draft.images.length === 1 ? '' : 's'} attached</span> : null}
          </PolicyRow>
        </dl>
      </section>

      <section aria-labelledby="policy-heading" className="space-y-2">
        <h3 id="policy-heading" className="text-lg font-semibold text-stone-900">The artist’s booking policy</h3>
        <dl className="divide-y divide-stone-200 rounded-lg border border-stone-200 px-4">
          <PolicyRow term="Deposit">
            {deposit > 0 ? (
              <>
                <strong>{formatMoney(deposit, service.currency)}</strong>, credited to the final price. It secures your time once the artist accepts; pay it within {depositWindowHours} hours of their answer or the time is released.
              </>
            ) : (
              'No deposit for this booking.'
            )}
          </PolicyRow>
          {deposit > 0 ? <PolicyRow term="How it is paid">{depositMethodText(setup)}</PolicyRow> : null}
          <PolicyRow term="Notice">{noticeHours} hours: changes and cancellations need at least this much notice before the appointment.</PolicyRow>
          <PolicyRow term="Rescheduling">
            {maxReschedules === 0 ? 'This artist does not allow rescheduling.' : `Up to ${maxReschedules} time${maxReschedules === 1 ? '' : 's'}, with ${noticeHours} hours’ notice. Your deposit carries over; you never pay it twice.`}
          </PolicyRow>
          <PolicyRow term="Cancelling">
            {deposit > 0
              ? `Cancel ${noticeHours} hours or more ahead and your deposit is refunded in full; later, the artist keeps it. If the artist cancels, you always get it back in full.`
              : `Please cancel at least ${noticeHours} hours ahead so someone else can have the time.`}
          </PolicyRow>
          <PolicyRow term="No-shows">If you do not turn up, the artist can mark a no-show; artists see this on later requests.</PolicyRow>
        </dl>
      </section>

      <div className="space-y-1">
        <label className="flex items-start gap-3 rounded-lg border border-stone-300 p-4 text-stone-900">
          <input
            id={FIELD_IDS.acceptPolicy}
            type="checkbox"
            checked={draft.acceptPolicy}
            onChange={(e) => update({ acceptPolicy: e.target.checked })}
            required
            aria-invalid={problems.acceptPolicy ? true : undefined}
            aria-describedby={problems.acceptPolicy ? `${FIELD_IDS.acceptPolicy}-error` : undefined}
            className="mt-1 h-5 w-5 flex-none accent-stone-900"
          />
          <span>I have read and accept the booking policy above.</span>
        </label>
        <FieldError id={FIELD_IDS.acceptPolicy} text={problems.acceptPolicy} />
      </div>
    </div>
  );
}
