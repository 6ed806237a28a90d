import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CalendarOff, MapPin, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BUFFER_MINUTES, GUEST_SPOT_VENUE_MAX, MAX_ADVANCE_DAYS, MIN_NOTICE_HOURS, TIME_OFF_REASON_MAX } from '../../../shared/availability.ts';
import { CITIES, cityLabel } from '../../../shared/cities.ts';
import type { TAvailability, TAvailabilitySettings, TGuestSpot, TTimeOff } from '../../../shared/contracts/availability.ts';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { useOwnArtist } from '../../lib/auth.ts';
import { errorMessage } from '../../lib/errors.ts';
import { invalidateArtistProfile } from '../../lib/artist-profile-cache.ts';
import { Button } from '../../ui/button.tsx';

type OwnArtist = { id: string; slug: string; displayName: string };
type Day = '1' | '2' | '3' | '4' | '5' | '6' | '7';
type Hours = Record<Day, Array<[string, string]>>;

const DAYS: Array<[Day, string]> = [
  ['1', 'Monday'],
  ['2', 'Tuesday'],
  ['3', 'Wednesday'],
  ['4', 'Thursday'],
  ['5', 'Friday'],
  ['6', 'Saturday'],
  ['7', 'Sunday'],
];
const RANGES_PER_DAY = 4;
const INPUT =
  'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600 aria-[invalid=true]:border-red-700';
const CARD = 'rounded-lg border border-stone-200 p-4 sm:p-6';
const SORTED_CITIES = [...CITIES].sort((a, b) => a.name.localeCompare(b.name) || a.country.localeCompare(b.country));

const settingsKey = (artistId: string) => [`/api/artists/${artistId}/availability-settings`] as const;

/** Anything that shows this artist's open times (profile, preview, search) is out of date after a change. */
function refreshAvailability(queryClient: QueryClient, artistId: string) {
  void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && (q.queryKey[0].startsWith(`/api/artists/${artistId}/availability?`) || q.queryKey[0] === '/api/artists') });
}

/** "2026-12-01" → "Tue, Dec 1, 2026", the same wherever it is shown. */
function formatDay(key: string): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(Date.UTC(y, m - 1, d)));
}
const formatSpan = (a: string, b: string) => (a === b ? formatDay(a) : `${formatDay(a)} – ${formatDay(b)}`);

function todayIn(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}

/** Server messages name fields by path ("weeklyHours.1: …"); say the day instead. */
function friendly(error: unknown): string {
  return errorMessage(error).replace(/^weeklyHours\.([1-7])(\.\d+)*:\s*/, (_m, day: string) => `${DAYS[Number(day) - 1]?.[1] ?? 'Hours'}: `);
}

function Note({ note }: { note: { ok: boolean; text: string } | null }) {
  if (!note) return null;
  return (
    <p role={note.ok ? 'status' : 'alert'} className={`text-sm ${note.ok ? 'text-emerald-800' : 'text-red-800'}`}>
      {note.text}
    </p>
  );
}

function NumberField({ label, hint, value, onChange, min, max, unit }: { label: string; hint: string; value: string; onChange: (v: string) => void; min: number; max: number; unit: string }) {
  const id = useId();
  const n = Number(value);
  const invalid = value === '' || !Number.isInteger(n) || n < min || n > max;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">{label}</label>
      <div className="flex items-center gap-2">
        <input id={id} type="number" inputMode="numeric" min={min} max={max} step={1} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid || undefined} aria-describedby={`${id}-hint`} className={`${INPUT} max-w-[8rem]`} />
        <span className="text-sm text-stone-700">{unit}</span>
      </div>
      <p id={`${id}-hint`} className="text-xs text-stone-600">{hint} ({min}–{max}).</p>
    </div>
  );
}

function HoursAndRules({ artist, settings }: { artist: OwnArtist; settings: TAvailabilitySettings }) {
  const queryClient = useQueryClient();
  const [buffer, setBuffer] = useState(String(settings.bufferMinutes));
  const [notice, setNotice] = useState(String(settings.minNoticeHours));
  const [advance, setAdvance] = useState(String(settings.maxAdvanceDays));
  const [hours, setHours] = useState<Hours>(() => Object.fromEntries(DAYS.map(([d]) => [d, (settings.weeklyHours[d] ?? []).map(([a, b]) => [a, b] as [string, string])])) as Hours);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const save = useMutation({
    mutationFn: async () => {
      const weeklyHours = Object.fromEntries(DAYS.filter(([d]) => hours[d].length).map(([d]) => [d, hours[d]]));
      const body = { bufferMinutes: Number(buffer), minNoticeHours: Number(notice), maxAdvanceDays: Number(advance), weeklyHours };
      return (await apiRequest('PUT', settingsKey(artist.id)[0], body)).json() as Promise<TAvailabilitySettings>;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey(artist.id), saved);
      void invalidateArtistProfile(queryClient, artist);
      refreshAvailability(queryClient, artist.id);
      setNote({ ok: true, text: 'Availability saved. Clients see the new times right away.' });
    },
    onError: (error) => setNote({ ok: false, text: friendly(error) }),
  });

  const setRange = (day: Day, i: number, which: 0 | 1, value: string) =>
    setHours((h) => ({ ...h, [day]: h[day].map((r, j) => (j === i ? ((which === 0 ? [value, r[1]] : [r[0], value]) as [string, string]) : r)) }));
  const addRange = (day: Day) =>
    setHours((h) => {
      const last = h[day][h[day].length - 1];
      const next: [string, string] = last ? [last[1] < '22:00' ? last[1] : '22:00', '23:00'] : ['10:00', '18:00'];
      return { ...h, [day]: [...h[day], next] };
    });
  const removeRange = (day: Day, i: number) => setHours((h) => ({ ...h, [day]: h[day].filter((_, j) => j !== i) }));
  const copyToWeekdays = () => setHours((h) => ({ ...h, '2': [...h['1']], '3': [...h['1']], '4': [...h['1']], '5': [...h['1']] }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNote(null);
    for (const [day, name] of DAYS) {
      const bad = hours[day].find(([a, b]) => !a || !b || b <= a);
      if (bad) return setNote({ ok: false, text: `${name}: the closing time must be after the opening time.` });
    }
    save.mutate();
  };

  return (
    <form method="post" onSubmit={onSubmit} aria-labelledby="hours-heading" className={`${CARD} space-y-6`}>
      <div>
        <h2 id="hours-heading" className="text-xl font-semibold text-stone-900">Weekly hours and booking rules</h2>
        <p className="mt-1 text-sm text-stone-700">
          Hours are in your time zone, <strong>{settings.timezone}</strong>. Clients see open times in their own zone.
        </p>
      </div>

      <div className="space-y-3">
        {DAYS.map(([day, name]) => (
          <fieldset key={day} className="rounded-md border border-stone-200 p-3">
            <legend className="px-1 font-medium text-stone-900">{name}</legend>
            {hours[day].length === 0 ? <p className="text-sm text-stone-600">Closed</p> : null}
            <ul className="space-y-2">
              {hours[day].map(([a, b], i) => (
                <li key={i} className="flex flex-wrap items-end gap-2">
                  <div className="space-y-1">
                    <label htmlFor={`h-${day}-${i}-a`} className="block text-xs font-medium text-stone-800">
                      Opens<span className="sr-only"> on {name}{hours[day].length > 1 ? `, hours ${i + 1}` : ''}</span>
                    </label>
                    <input id={`h-${day}-${i}-a`} type="time" step={300} value={a} onChange={(e) => setRange(day, i, 0, e.target.value)} className={`${INPUT} w-32`} required />
                  </div>
                  <div className="space-y-1">
                    <label htmlFor={`h-${day}-${i}-b`} className="block text-xs font-medium text-stone-800">
                      Closes<span className="sr-only"> on {name}{hours[day].length > 1 ? `, hours ${i + 1}` : ''}</span>
                    </label>
                    <input id={`h-${day}-${i}-b`} type="time" step={300} value={b} onChange={(e) => setRange(day, i, 1, e.target.value)} aria-invalid={Boolean(a && b && b <= a) || undefined} className={`${INPUT} w-32`} required />
                  </div>
                  <Button variant="ghost" onClick={() => removeRange(day, i)} aria-label={`Remove ${name} ${a}–${b}`}>
                    <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
                  </Button>
                </li>
              ))}
            </ul>
            <div className="mt-2 flex flex-wrap gap-2">
              {hours[day].length < RANGES_PER_DAY ? (
                <Button variant="secondary" onClick={() => addRange(day)} aria-label={`Add hours on ${name}`}>
                  <Plus className="h-4 w-4" aria-hidden="true" /> Add hours
                </Button>
              ) : null}
              {day === '1' && hours['1'].length > 0 ? (
                <Button variant="ghost" onClick={copyToWeekdays}>Copy Monday to Tuesday–Friday</Button>
              ) : null}
            </div>
          </fieldset>
        ))}
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <NumberField label="Buffer between appointments" hint="Kept free before and after every booking" unit="minutes" value={buffer} onChange={setBuffer} min={BUFFER_MINUTES.min} max={BUFFER_MINUTES.max} />
        <NumberField label="Minimum notice" hint="How soon a client may book" unit="hours" value={notice} onChange={setNotice} min={MIN_NOTICE_HOURS.min} max={MIN_NOTICE_HOURS.max} />
        <NumberField label="Book ahead at most" hint="How far ahead clients may book" unit="days" value={advance} onChange={setAdvance} min={MAX_ADVANCE_DAYS.min} max={MAX_ADVANCE_DAYS.max} />
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving…' : 'Save hours and rules'}</Button>
        <Note note={note} />
      </div>
    </form>
  );
}

function TimeOffSection({ artist, settings }: { artist: OwnArtist; settings: TAvailabilitySettings }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const id = useId();
  const today = todayIn(settings.timezone);

  const add = useMutation({
    mutationFn: async (body: { startsOn: string; endsOn: string; reason: string }) =>
      (await apiRequest('POST', `/api/artists/${artist.id}/time-off`, body)).json() as Promise<TTimeOff>,
    onSuccess: (entry) => {
      queryClient.setQueryData<TAvailabilitySettings>(settingsKey(artist.id), (old) => (old ? { ...old, timeOff: [...old.timeOff, entry].sort((a, b) => a.startsOn.localeCompare(b.startsOn)) } : old));
      refreshAvailability(queryClient, artist.id);
      setNote({ ok: true, text: `Time off added: ${formatSpan(entry.startsOn, entry.endsOn)}.` });
    },
    onError: (error) => setNote({ ok: false, text: friendly(error) }),
  });
  const remove = useMutation({
    mutationFn: async (entry: TTimeOff) => {
      await apiRequest('DELETE', `/api/artists/${artist.id}/time-off/${entry.id}`);
      return entry;
    },
    onSuccess: (entry) => {
      queryClient.setQueryData<TAvailabilitySettings>(settingsKey(artist.id), (old) => (old ? { ...old, timeOff: old.timeOff.filter((e) => e.id !== entry.id) } : old));
      refreshAvailability(queryClient, artist.id);
      setNote({ ok: true, text: `Time off removed: ${formatSpan(entry.startsOn, entry.endsOn)}.` });
    },
    onError: (error) => setNote({ ok: false, text: friendly(error) }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNote(null);
    const form = event.currentTarget;
    const data = new FormData(form);
    const startsOn = String(data.get('startsOn') ?? '');
    const endsOn = String(data.get('endsOn') ?? '') || startsOn;
    if (!startsOn) return setNote({ ok: false, text: 'Choose the first day off.' });
    if (endsOn < startsOn) return setNote({ ok: false, text: 'The last day must be on or after the first day.' });
    add.mutate({ startsOn, endsOn, reason: String(data.get('reason') ?? '').trim() }, { onSuccess: () => form.reset() });
  };

  return (
    <section aria-labelledby="time-off-heading" className={`${CARD} space-y-4`}>
      <div>
        <h2 id="time-off-heading" className="text-xl font-semibold text-stone-900">Days off and holidays</h2>
        <p className="mt-1 text-sm text-stone-700">No one can book you on these days. Bookings you already have stay as they are.</p>
      </div>
      {settings.timeOff.length === 0 ? (
        <p className="text-sm text-stone-600">No days off planned.</p>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label="Planned time off">
          {settings.timeOff.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="inline-flex items-center gap-2 text-stone-900">
                <CalendarOff className="h-4 w-4 text-stone-600" aria-hidden="true" />
                {formatSpan(entry.startsOn, entry.endsOn)}
                {entry.reason ? <span className="text-stone-700">· {entry.reason}</span> : null}
              </span>
              <Button variant="ghost" onClick={() => remove.mutate(entry)} disabled={remove.isPending} aria-label={`Delete time off ${formatSpan(entry.startsOn, entry.endsOn)}`}>
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form method="post" onSubmit={onSubmit} aria-label="Add time off" className="grid gap-3 rounded-md bg-stone-50 p-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end">
        <div className="space-y-1">
          <label htmlFor={`${id}-from`} className="block text-sm font-medium text-stone-900">First day off</label>
          <input id={`${id}-from`} name="startsOn" type="date" min={today} required className={INPUT} />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-to`} className="block text-sm font-medium text-stone-900">Last day off</label>
          <input id={`${id}-to`} name="endsOn" type="date" min={today} aria-describedby={`${id}-to-hint`} className={INPUT} />
          <p id={`${id}-to-hint`} className="text-xs text-stone-600">Leave empty for a single day.</p>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-stone-900">Note (optional)</label>
          <input id={`${id}-reason`} name="reason" maxLength={TIME_OFF_REASON_MAX} placeholder="Holiday, convention…" className={INPUT} />
        </div>
        <Button type="submit" disabled={add.isPending}>{add.isPending ? 'Adding…' : 'Add time off'}</Button>
      </form>
      <Note note={note} />
    </section>
  );
}

function GuestSpotsSection({ artist, settings }: { artist: OwnArtist; settings: TAvailabilitySettings }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const id = useId();
  const today = todayIn(settings.timezone);

  const add = useMutation({
    mutationFn: async (body: { cityId: string; venue: string; startsOn: string; endsOn: string }) =>
      (await apiRequest('POST', `/api/artists/${artist.id}/guest-spots`, body)).json() as Promise<TGuestSpot>,
    onSuccess: (spot) => {
      queryClient.setQueryData<TAvailabilitySettings>(settingsKey(artist.id), (old) => (old ? { ...old, guestSpots: [...old.guestSpots, spot].sort((a, b) => a.startsOn.localeCompare(b.startsOn)) } : old));
      refreshAvailability(queryClient, artist.id);
      setNote({ ok: true, text: `Guest spot added: ${spot.city}, ${formatSpan(spot.startsOn, spot.endsOn)}.` });
    },
    onError: (error) => setNote({ ok: false, text: friendly(error) }),
  });
  const remove = useMutation({
    mutationFn: async (spot: TGuestSpot) => {
      await apiRequest('DELETE', `/api/artists/${artist.id}/guest-spots/${spot.id}`);
      return spot;
    },
    onSuccess: (spot) => {
      queryClient.setQueryData<TAvailabilitySettings>(settingsKey(artist.id), (old) => (old ? { ...old, guestSpots: old.guestSpots.filter((g) => g.id !== spot.id) } : old));
      refreshAvailability(queryClient, artist.id);
      setNote({ ok: true, text: `Guest spot in ${spot.city} removed.` });
    },
    onError: (error) => setNote({ ok: false, text: friendly(error) }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNote(null);
    const form = event.currentTarget;
    const data = new FormData(form);
    const cityId = String(data.get('cityId') ?? '');
    const startsOn = String(data.get('startsOn') ?? '');
    const endsOn = String(data.get('endsOn') ?? '') || startsOn;
    if (!cityId) return setNote({ ok: false, text: 'Choose the city of the guest spot.' });
    if (!startsOn) return setNote({ ok: false, text: 'Choose the first day of the guest spot.' });
    if (endsOn < startsOn) return setNote({ ok: false, text: 'The last day must be on or after the first day.' });
    add.mutate({ cityId, venue: String(data.get('venue') ?? '').trim(), startsOn, endsOn }, { onSuccess: () => form.reset() });
  };

  return (
    <section aria-labelledby="guest-heading" className={`${CARD} space-y-4`}>
      <div>
        <h2 id="guest-heading" className="text-xl font-semibold text-stone-900">Guest spots</h2>
        <p className="mt-1 text-sm text-stone-700">
          Working in another city for a while? On those days clients book you there, in that city&apos;s time zone, during your usual weekly hours.
        </p>
      </div>
      {settings.guestSpots.length === 0 ? (
        <p className="text-sm text-stone-600">No guest spots planned.</p>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label="Planned guest spots">
          {settings.guestSpots.map((spot) => (
            <li key={spot.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="inline-flex flex-wrap items-center gap-x-2 text-stone-900">
                <MapPin className="h-4 w-4 text-stone-600" aria-hidden="true" />
                <span className="font-medium">{spot.city}, {spot.country}</span>
                {spot.venue ? <span className="text-stone-700">· {spot.venue}</span> : null}
                <span className="text-stone-700">· {formatSpan(spot.startsOn, spot.endsOn)}</span>
                <span className="text-xs text-stone-600">({spot.timezone})</span>
              </span>
              <Button variant="ghost" onClick={() => remove.mutate(spot)} disabled={remove.isPending} aria-label={`Delete guest spot in ${spot.city}, ${formatSpan(spot.startsOn, spot.endsOn)}`}>
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form method="post" onSubmit={onSubmit} aria-label="Add a guest spot" className="grid gap-3 rounded-md bg-stone-50 p-3 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr_1fr_auto] lg:items-end">
        <div className="space-y-1">
          <label htmlFor={`${id}-city`} className="block text-sm font-medium text-stone-900">City</label>
          <select id={`${id}-city`} name="cityId" required defaultValue="" className={INPUT}>
            <option value="" disabled>Choose a city</option>
            {SORTED_CITIES.map((c) => (
              <option key={c.id} value={c.id}>{cityLabel(c)}</option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-venue`} className="block text-sm font-medium text-stone-900">Studio or venue (optional)</label>
          <input id={`${id}-venue`} name="venue" maxLength={GUEST_SPOT_VENUE_MAX} className={INPUT} />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-from`} className="block text-sm font-medium text-stone-900">First day</label>
          <input id={`${id}-from`} name="startsOn" type="date" min={today} required className={INPUT} />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-to`} className="block text-sm font-medium text-stone-900">Last day</label>
          <input id={`${id}-to`} name="endsOn" type="date" min={today} className={INPUT} />
        </div>
        <Button type="submit" disabled={add.isPending}>{add.isPending ? 'Adding…' : 'Add guest spot'}</Button>
      </form>
      <Note note={note} />
    </section>
  );
}

/** What clients will see: the next open times of the artist's consultation (or shortest service), in the artist's zone. */
function Preview({ artist, timezone }: { artist: OwnArtist; timezone: string }) {
  const query = useQuery<TAvailability>({ queryKey: [`/api/artists/${artist.id}/availability?limit=6`], staleTime: 0 });
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone: timezone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  return (
    <section aria-labelledby="preview-heading" className={`${CARD} space-y-2`}>
      <h2 id="preview-heading" className="text-xl font-semibold text-stone-900">Your next open times</h2>
      {query.isPending ? <p role="status" className="text-sm text-stone-600">Checking…</p> : null}
      {query.isError ? (
        <p className="text-sm text-stone-700">{query.error instanceof ApiError && query.error.status === 404 ? 'Add a service to your profile to open bookings.' : errorMessage(query.error)}</p>
      ) : null}
      {query.data ? (
        query.data.slots.length === 0 ? (
          <p className="text-sm text-stone-700">No open times in the next four weeks. Add weekly hours, or check your days off.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Next open times">
            {query.data.slots.map((s) => (
              <li key={s.startsAt} className="rounded-md bg-stone-100 px-3 py-1.5 text-sm text-stone-900">
                <time dateTime={s.startsAt}>{fmt.format(new Date(s.startsAt))}</time>
                {s.location ? ` · ${s.location.city}` : ''}
              </li>
            ))}
          </ul>
        )
      ) : null}
      {query.data ? <p className="text-xs text-stone-600">Shown in your time zone ({timezone}), for a {query.data.durationMinutes}-minute appointment.</p> : null}
    </section>
  );
}

function Settings({ artist }: { artist: OwnArtist }) {
  const query = useQuery<TAvailabilitySettings>({ queryKey: settingsKey(artist.id), staleTime: 0 });
  if (query.isPending) return <p role="status" className="px-4 py-12 text-center text-stone-600">Loading your availability…</p>;
  if (query.isError) return <p role="alert" className="px-4 py-12 text-center text-red-800">{errorMessage(query.error)}</p>;
  const settings = query.data;
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold text-stone-900">Availability</h1>
        <p className="mt-2 text-stone-700">
          Set when clients can book you. Your <Link to={`/artists/${artist.slug}`} className="underline underline-offset-2">public profile</Link> shows your next open times.
        </p>
      </header>
      <HoursAndRules artist={artist} settings={settings} />
      <TimeOffSection artist={artist} settings={settings} />
      <GuestSpotsSection artist={artist} settings={settings} />
      <Preview artist={artist} timezone={settings.timezone} />
    </div>
  );
}

/** /dashboard/availability: the signed-in artist sets weekly hours, rules, days off and guest spots. */
export default function AvailabilityPage() {
  const me = useOwnArtist<OwnArtist>();
  if (me.isPending) return <p role="status" className="px-4 py-12 text-center text-stone-600">Loading your artist profile…</p>;
  if (!me.error && !me.profile) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-stone-900">Availability</h1>
        <p className="mt-3 text-stone-700">Availability belongs to an artist profile. Create yours first; it takes a few minutes.</p>
        <Link data-cta="artist-create" to="/artist/create" className="mt-6 inline-flex rounded-md bg-stone-900 px-5 py-3 font-semibold text-white hover:bg-stone-700">Create your artist profile</Link>
      </div>
    );
  }
  if (!me.profile) return <p role="alert" className="px-4 py-12 text-center text-red-800">{errorMessage(me.error)}</p>;
  return <Settings artist={me.profile} />;
}
