import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { BOOKING_MESSAGE_MAX, DEPOSIT_WINDOW_HOURS, MAX_RESCHEDULES } from '../../../shared/booking-rules.ts';
import { NOTICE_HOURS_MAX, NOTICE_HOURS_MIN } from '../../../shared/contracts/artist-profile.ts';
import { ZBookingSettingsInput, type TBookingSettings } from '../../../shared/contracts/bookings.ts';
import { ApiError } from '../../lib/api.ts';
import { bookingSettingsOptions, saveBookingSettings, useOwnArtistProfile, type TOwnArtist } from '../../lib/bookings.ts';
import { errorMessage } from '../../lib/errors.ts';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { CARD, ErrorNote, INPUT, Skeleton } from './dashboard-parts.tsx';

type Input = z.input<typeof ZBookingSettingsInput>;
type Output = z.output<typeof ZBookingSettingsInput>;
const FIELDS = ['instantBookConsultations', 'instantBookFlash', 'depositInstructions', 'noticeHours', 'maxReschedules', 'depositWindowHours', 'acceptInquiries'] as const satisfies ReadonlyArray<keyof Input>;
const isField = (v: string): v is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(v);

function NumberInput({ label, hint, unit, error, ...input }: React.InputHTMLAttributes<HTMLInputElement> & { label: string; hint: string; unit: string; error: FieldError | undefined }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">{label}</label>
      <div className="flex items-center gap-2">
        <input id={id} type="number" inputMode="numeric" step={1} aria-invalid={error ? true : undefined} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} className={`${INPUT} max-w-[8rem]`} {...input} />
        <span className="text-sm text-stone-700">{unit}</span>
      </div>
      <p id={`${id}-hint`} className="text-xs text-stone-600">{hint}</p>
      {error ? <p id={`${id}-error`} className="text-sm text-red-700">{error.message}</p> : null}
    </div>
  );
}

function Toggle({ label, hint, ...input }: React.InputHTMLAttributes<HTMLInputElement> & { label: string; hint: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" aria-describedby={`${id}-hint`} className="mt-1 h-5 w-5 shrink-0 accent-stone-900" {...input} />
      <div>
        <label htmlFor={id} className="font-medium text-stone-900">{label}</label>
        <p id={`${id}-hint`} className="text-sm text-stone-700">{hint}</p>
      </div>
    </div>
  );
}

function SettingsForm({ artist, settings }: { artist: TOwnArtist; settings: TBookingSettings }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const { calendarFeedUrl: _feed, ...values } = settings;
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(ZBookingSettingsInput), defaultValues: values });
  const { errors, isSubmitting } = form.formState;
  const instructionsId = useId();

  const onSubmit = form.handleSubmit(async (input) => {
    setNote(null);
    try {
      const saved = await saveBookingSettings(queryClient, artist.id, input);
      const { calendarFeedUrl: _url, ...next } = saved;
      form.reset(next);
      setNote({ ok: true, text: 'Booking settings saved. New requests use them; bookings already made keep the policy their client accepted.' });
    } catch (error) {
      // The server names the field it refused ("noticeHours: …"); show it there.
      const message = error instanceof ApiError ? (error.body?.message ?? error.message) : errorMessage(error);
      const m = /^(\w+): (.+)$/.exec(message);
      if (error instanceof ApiError && error.status === 400 && m && isField(m[1]!)) {
        form.setError(m[1]! as (typeof FIELDS)[number], { message: m[2]! }, { shouldFocus: true });
        setNote({ ok: false, text: 'One answer needs fixing.' });
      } else setNote({ ok: false, text: message });
    }
  });

  return (
    <form method="post" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Booking settings" className="space-y-6">
      <section aria-labelledby="instant-heading" className={`${CARD} space-y-4`}>
        <h2 id="instant-heading" className="text-xl font-semibold text-stone-900">Instant booking</h2>
        <p className="text-sm text-stone-700">Sessions are always requests you accept or decline. You may let clients book these straight away, within your availability.</p>
        <Toggle label="Consultations book instantly" hint="A client picking a free in-person consultation time gets it without waiting for you. Video consultations still wait for your answer." {...form.register('instantBookConsultations')} />
        <Toggle label="Flash designs book instantly" hint="A client booking one of your flash designs at a free time gets it without waiting for you." {...form.register('instantBookFlash')} />
      </section>

      <section aria-labelledby="messages-heading" className={`${CARD} space-y-4`}>
        <h2 id="messages-heading" className="text-xl font-semibold text-stone-900">Messages</h2>
        <Toggle label="Clients may message me before booking" hint="The Message button on your profile. Clients with a booking can always write to you about it." {...form.register('acceptInquiries')} />
      </section>

      <section aria-labelledby="policy-heading" className={`${CARD} space-y-4`}>
        <h2 id="policy-heading" className="text-xl font-semibold text-stone-900">Policy</h2>
        <p className="text-sm text-stone-700">Clients read and accept this policy when they book. A client who cancels inside the notice period loses the deposit; if you cancel, the deposit is refunded in full.</p>
        <div className="grid gap-4 sm:grid-cols-3">
          <NumberInput
            label="Notice for changes"
            unit="hours"
            hint={`How long before an appointment clients may still reschedule or cancel without losing the deposit (${NOTICE_HOURS_MIN}–${NOTICE_HOURS_MAX}).`}
            min={NOTICE_HOURS_MIN}
            max={NOTICE_HOURS_MAX}
            error={errors.noticeHours}
            {...form.register('noticeHours', { valueAsNumber: true })}
          />
          <NumberInput
            label="Reschedules allowed"
            unit="per booking"
            hint={`How many times a client may move one booking (${MAX_RESCHEDULES.min}–${MAX_RESCHEDULES.max}).`}
            min={MAX_RESCHEDULES.min}
            max={MAX_RESCHEDULES.max}
            error={errors.maxReschedules}
            {...form.register('maxReschedules', { valueAsNumber: true })}
          />
          <NumberInput
            label="Time to pay the deposit"
            unit="hours"
            hint={`After you accept, the client has this long to pay, or the time is released (${DEPOSIT_WINDOW_HOURS.min}–${DEPOSIT_WINDOW_HOURS.max}).`}
            min={DEPOSIT_WINDOW_HOURS.min}
            max={DEPOSIT_WINDOW_HOURS.max}
            error={errors.depositWindowHours}
            {...form.register('depositWindowHours', { valueAsNumber: true })}
          />
        </div>
      </section>

      <section aria-labelledby="studio-heading" className={`${CARD} space-y-2`}>
        <h2 id="studio-heading" className="text-xl font-semibold text-stone-900">Paying the deposit at the studio</h2>
        <label htmlFor={instructionsId} className="block text-sm font-medium text-stone-900">Deposit instructions</label>
        <textarea
          id={instructionsId}
          rows={4}
          maxLength={BOOKING_MESSAGE_MAX}
          aria-invalid={errors.depositInstructions ? true : undefined}
          aria-describedby={`${instructionsId}-hint${errors.depositInstructions ? ` ${instructionsId}-error` : ''}`}
          className={INPUT}
          {...form.register('depositInstructions')}
        />
        <p id={`${instructionsId}-hint`} className="text-xs text-stone-600">
          Shown to clients when card payments are not in use: how to pay (cash at the desk, bank transfer…) and by when. See <Link to="/artist/payment-setup" className="underline underline-offset-2">payment setup</Link>.
        </p>
        {errors.depositInstructions ? <p id={`${instructionsId}-error`} className="text-sm text-red-700">{errors.depositInstructions.message}</p> : null}
      </section>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Saving…' : 'Save booking settings'}</Button>
        {note ? (
          <p role={note.ok ? 'status' : 'alert'} className={`text-sm ${note.ok ? 'text-emerald-800' : 'text-red-800'}`}>
            {note.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}

function SettingsLoader({ artist }: { artist: TOwnArtist }) {
  const settings = useQuery(bookingSettingsOptions(artist.id));
  if (settings.isPending) return <Skeleton label="Loading your booking settings" />;
  if (settings.isError) return <ErrorNote error={settings.error} what="your booking settings" />;
  return <SettingsForm artist={artist} settings={settings.data} />;
}

/** /dashboard/booking-settings: instant booking, notice, reschedule limit, deposit window and studio deposit instructions. */
export default function BookingSettingsPage() {
  const own = useOwnArtistProfile();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-stone-900">Booking settings</h1>
          <p className="mt-1 text-stone-700">How clients book you, and the policy they accept.</p>
        </div>
        <Link to="/dashboard" className="text-sm font-medium underline underline-offset-2">Back to the dashboard</Link>
      </header>
      {own.isPending ? <Skeleton label="Loading your artist profile" /> : null}
      {own.error ? <ErrorNote error={own.error} what="your artist profile" /> : null}
      {!own.isPending && !own.error && !own.artist ? (
        <section className={CARD}>
          <h2 className="text-xl font-semibold text-stone-900">Booking settings belong to an artist profile</h2>
          <p className="mt-2 text-stone-700">Create your profile first; it takes a few minutes.</p>
          <ButtonLink to="/artist/create" className="mt-4">Create your artist profile</ButtonLink>
        </section>
      ) : null}
      {own.artist ? <SettingsLoader artist={own.artist} /> : null}
    </div>
  );
}
