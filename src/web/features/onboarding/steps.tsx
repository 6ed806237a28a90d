import { useQuery } from '@tanstack/react-query';
import { Copy, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cityLabel, findCity } from '../../../shared/cities.ts';
import {
  BIO_MAX,
  BIO_MIN,
  NOTICE_HOURS_MAX,
  NOTICE_HOURS_MIN,
  PIERCING_STYLE_NAMES,
  RANGES_PER_DAY_MAX,
  SAFETY_PROTOCOLS,
  SESSION_DEPOSIT_MAX_CENTS,
  SESSION_DEPOSIT_MIN_CENTS,
  SLUG_MAX,
  TATTOO_STYLE_NAMES,
  WEEKDAYS,
  type TServiceKind,
  type TWeekday,
} from '../../../shared/contracts/artist-profile.ts';
import { DIFFICULTIES, formatSessionDuration, type Difficulty } from '../../../shared/guides/difficulty.ts';
import { PIERCING_STYLES } from '../../../shared/guides/piercing-styles.ts';
import { slugify } from '../../../shared/guides/search-links.ts';
import { formatDuration, formatMoney, weekdayName, zoneLabel } from '../../lib/format.ts';
import { useAuth } from '../../lib/auth.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { AvatarPicker } from '../../ui/avatar-picker.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { CityCombobox } from './city-combobox.tsx';
import { ChipCheckbox, Choices, RadioCard, SelectField, TextAreaField } from './controls.tsx';
import { studiosOptions, type SlugCheck } from './onboarding-api.ts';
import {
  blankService,
  changeKind,
  errorAt,
  fieldId,
  priceSummary,
  suggestedDuration,
  type Errors,
  type ServiceDraft,
  type Update,
  type WizardData,
} from './wizard-model.ts';

export type StepProps = { data: WizardData; update: Update; errors: Errors };

const KIND_LABELS = { tattoo: 'Tattoo artist', piercing: 'Piercer', both: 'Tattoo artist and piercer' } as const;
const SERVICE_KIND_LABELS: Record<TServiceKind, string> = { consultation: 'Consultation', tattoo: 'Tattoo session', piercing: 'Piercing' };

// --- 1. Kind -------------------------------------------------------------------------------------

export function KindStep({ data, update, errors }: StepProps) {
  const options = [
    ['tattoo', 'Tattoo artist', 'Custom pieces, flash and cover-ups.'],
    ['piercing', 'Piercer', 'Ear, facial and body piercings with jewellery.'],
    ['both', 'Both', 'You tattoo and pierce; clients can book either.'],
  ] as const;
  return (
    <Choices id={fieldId('kind')} legend="What do you offer?" error={errors.kind} legendClassName="mb-2">
      <div className="grid gap-3 sm:grid-cols-3">
        {options.map(([value, title, description]) => (
          <RadioCard key={value} name="kind" value={value} title={title} description={description} checked={data.kind === value} onChange={() => update(changeKind(data, value))} />
        ))}
      </div>
    </Choices>
  );
}

// --- 2. Name & address ---------------------------------------------------------------------------

function SlugStatus({ check, onUse }: { check: SlugCheck; onUse: (slug: string) => void }) {
  let content: ReactNode = null;
  if (check.state === 'checking') content = 'Checking whether this address is free…';
  else if (check.state === 'current') content = 'This is your current address.';
  else if (check.state === 'error') content = 'We could not check this address just now; we will check again when you publish.';
  else if (check.state === 'done') {
    const { result } = check;
    content = result.available ? (
      <span className="text-emerald-800">✓ {result.slug} is available.</span>
    ) : (
      <span className="text-red-700">
        {result.reason ?? 'That address is not available.'}
        {result.suggestion ? (
          <>
            {' '}
            <button type="button" className="font-medium underline underline-offset-2" onClick={() => onUse(result.suggestion!)}>
              Use {result.suggestion}
            </button>
          </>
        ) : null}
      </span>
    );
  }
  return (
    <p id="slug-status" className="min-h-5 text-sm text-stone-700" role="status" aria-live="polite">
      {content}
    </p>
  );
}

export function NameStep({ data, update, errors, slugCheck }: StepProps & { slugCheck: SlugCheck }) {
  return (
    <div className="space-y-5">
      <Field
        id={fieldId('displayName')}
        label="Display name"
        autoComplete="nickname"
        hint="Your name, or the name you work under. Clients see it on your profile and in search."
        value={data.displayName}
        maxLength={80}
        error={errors.displayName}
        onChange={(e) => {
          const displayName = e.target.value;
          update({ displayName, ...(data.slugEdited ? {} : { slug: slugify(displayName).slice(0, SLUG_MAX) }) });
        }}
      />
      <div className="space-y-1">
        <Field
          id={fieldId('slug')}
          label="Profile address"
          hint="Lowercase letters, digits and hyphens; 3 to 40 characters."
          value={data.slug}
          maxLength={SLUG_MAX}
          spellCheck={false}
          autoCapitalize="none"
          error={errors.slug}
          aria-describedby={`${fieldId('slug')}-${errors.slug ? 'error' : 'hint'} ${fieldId('slug')}-prefix slug-status`}
          onChange={(e) => update({ slug: e.target.value.toLowerCase().replace(/\s+/g, '-'), slugEdited: true })}
        />
        <p id={`${fieldId('slug')}-prefix`} className="break-all text-sm text-stone-700">
          Your profile will be at <span className="font-mono text-stone-900">/artists/{data.slug || 'your-name'}</span>
        </p>
        <SlugStatus check={slugCheck} onUse={(slug) => update({ slug, slugEdited: true })} />
      </div>
    </div>
  );
}

// --- 3. About ------------------------------------------------------------------------------------

function StyleGroup({ legend, names, data, update, id, error }: { legend: string; names: readonly string[]; data: WizardData; update: Update; id: string; error?: string | undefined }) {
  return (
    <Choices id={id} legend={legend} error={error} hint="Choose at least one style you want to be found for.">
      <div className="flex flex-wrap gap-2">
        {names.map((name) => (
          <ChipCheckbox
            key={name}
            label={name}
            checked={data.styles.includes(name)}
            onChange={(on) => update({ styles: on ? [...data.styles, name] : data.styles.filter((s) => s !== name) })}
          />
        ))}
      </div>
    </Choices>
  );
}

export function AboutStep({ data, update, errors }: StepProps) {
  const stylesError = errorAt(errors, 'styles');
  const { user } = useAuth();
  const bioLength = data.bio.trim().length;
  return (
    <div className="space-y-6">
      {user ? (
        <section aria-labelledby="picture-heading" className="space-y-3">
          <h3 id="picture-heading" className="font-medium text-stone-900">
            Profile picture <span className="font-normal text-stone-600">(optional)</span>
          </h3>
          <p className="text-sm text-stone-700">Shown on your profile, in search results and on bookings. Without one, clients see your initials.</p>
          <AvatarPicker userId={user.id} name={data.displayName || user.firstName} url={user.avatarUrl} />
        </section>
      ) : null}
      <TextAreaField
        id={fieldId('bio')}
        label="Bio"
        rows={6}
        value={data.bio}
        error={errors.bio}
        hint={`${bioLength} / ${BIO_MAX} characters${bioLength < BIO_MIN ? ` (at least ${BIO_MIN})` : ''}. What you love to make, your experience, how you work with clients. Clients find you by these words too.`}
        onChange={(e) => update({ bio: e.target.value })}
      />
      {data.kind !== 'piercing' ? <StyleGroup id={fieldId('styles')} legend="Tattoo styles" names={TATTOO_STYLE_NAMES} data={data} update={update} error={stylesError} /> : null}
      {data.kind !== 'tattoo' ? (
        <StyleGroup
          id={data.kind === 'piercing' ? fieldId('styles') : `${fieldId('styles')}-piercing`}
          legend="Piercing styles"
          names={PIERCING_STYLE_NAMES}
          data={data}
          update={update}
          error={data.kind === 'piercing' ? stylesError : undefined}
        />
      ) : null}
      <Field
        id={fieldId('instagram')}
        label="Instagram handle (optional)"
        hint="Without the @, for example rowan.vale"
        autoCapitalize="none"
        spellCheck={false}
        value={data.instagram}
        error={errors.instagram}
        onChange={(e) => update({ instagram: e.target.value })}
      />
    </div>
  );
}

// --- 4. Studio -----------------------------------------------------------------------------------

export function StudioStep({ data, update, errors }: StepProps) {
  const studios = useQuery({ ...studiosOptions(), enabled: data.studioMode === 'join' });
  return (
    <div className="space-y-5">
      <Choices id={fieldId('studio')} legend="Where do you work?" error={errors.studio ?? errors['studio.mode']}>
        <div className="grid gap-3">
          <RadioCard name="studio-mode" value="join" title="At a studio listed on Inkhaven" description="Your profile shows the studio and you appear on its page." checked={data.studioMode === 'join'} onChange={() => update({ studioMode: 'join' })} />
          <RadioCard name="studio-mode" value="create" title="At a studio that is not listed yet" description="Add it now; it gets its own page with you on it." checked={data.studioMode === 'create'} onChange={() => update({ studioMode: 'create' })} />
          <RadioCard name="studio-mode" value="independent" title="Independently" description="A private studio, guest spots or travelling work." checked={data.studioMode === 'independent'} onChange={() => update({ studioMode: 'independent' })} />
        </div>
      </Choices>
      {data.studioMode === 'join' ? (
        <SelectField
          id={fieldId('studio.studioId')}
          label="Studio"
          value={data.studioId}
          error={errors['studio.studioId']}
          disabled={studios.isPending}
          hint={studios.isPending ? 'Loading studios…' : studios.isError ? 'Studios could not be loaded; try again or add yours.' : undefined}
          onChange={(e) => update({ studioId: e.target.value })}
        >
          <option value="">Choose a studio</option>
          {(studios.data?.items ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} — {s.city}
            </option>
          ))}
        </SelectField>
      ) : null}
      {data.studioMode === 'create' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fieldId('studio.name')} label="Studio name" value={data.studioName} maxLength={80} error={errors['studio.name']} onChange={(e) => update({ studioName: e.target.value })} />
          <Field
            id={fieldId('studio.address')}
            label="Street address"
            autoComplete="street-address"
            value={data.studioAddress}
            maxLength={200}
            error={errors['studio.address']}
            hint="The studio is listed in the city you choose next."
            onChange={(e) => update({ studioAddress: e.target.value })}
          />
        </div>
      ) : null}
    </div>
  );
}

// --- 5. Location ---------------------------------------------------------------------------------

export function LocationStep({ data, update, errors }: StepProps) {
  return (
    <div className="space-y-3">
      <p className="text-stone-700">Clients search by city and distance. Your hours and bookings use this city&apos;s time zone.</p>
      <CityCombobox id={fieldId('cityId')} value={data.cityId} onChange={(cityId) => update({ cityId })} error={errors.cityId} />
    </div>
  );
}

// --- 6. Services ---------------------------------------------------------------------------------

function ServiceRow({ service, index, data, update, errors }: StepProps & { service: ServiceDraft; index: number }) {
  const path = (f: string) => `services.${index}.${f}`;
  const set = (patch: Partial<ServiceDraft>) =>
    update({ services: data.services.map((s) => (s.key === service.key ? { ...s, ...patch } : s)), servicesEdited: true });
  const kinds: TServiceKind[] = ['consultation', ...(data.kind !== 'piercing' ? (['tattoo'] as const) : []), ...(data.kind !== 'tattoo' ? (['piercing'] as const) : [])];
  const isSession = service.kind !== 'consultation';
  const label = service.name.trim() || `Service ${index + 1}`;
  return (
    <fieldset className="rounded-lg border border-stone-300 p-4">
      <legend className="px-1 font-semibold text-stone-900">Service {index + 1}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fieldId(path('name'))} label="Name" value={service.name} maxLength={80} error={errors[path('name')]} onChange={(e) => set({ name: e.target.value })} />
        <SelectField
          id={fieldId(path('kind'))}
          label="Kind"
          value={service.kind}
          error={errors[path('kind')]}
          onChange={(e) => {
            const kind = e.target.value as TServiceKind;
            set(kind === 'piercing' ? { kind, difficulty: service.difficulty || 'Beginner', duration: suggestedDuration(service.difficulty || 'Beginner') } : { kind });
          }}
        >
          {[...new Set([...kinds, service.kind])].map((k) => (
            <option key={k} value={k}>
              {SERVICE_KIND_LABELS[k]}
            </option>
          ))}
        </SelectField>
        {service.kind === 'piercing' ? (
          <SelectField
            id={fieldId(path('difficulty'))}
            label="Difficulty"
            value={service.difficulty}
            error={errors[path('difficulty')]}
            hint={service.difficulty ? `${/^[AEIOU]/.test(service.difficulty) ? 'An' : 'A'} ${service.difficulty} piercing takes ${formatSessionDuration(service.difficulty)}.` : 'Sets how long the appointment is.'}
            onChange={(e) => {
              const difficulty = e.target.value as Difficulty | '';
              set(difficulty ? { difficulty, duration: suggestedDuration(difficulty) } : { difficulty });
            }}
          >
            <option value="">Choose a difficulty</option>
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {d} ({formatSessionDuration(d)})
              </option>
            ))}
          </SelectField>
        ) : null}
        <Field
          id={fieldId(path('durationMinutes'))}
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={5}
          step={5}
          value={service.duration}
          error={errors[path('durationMinutes')]}
          onChange={(e) => set({ duration: e.target.value })}
        />
        <Field id={fieldId(path('priceMinCents'))} label="Price from (USD)" type="number" inputMode="decimal" min={0} value={service.priceMin} error={errors[path('priceMinCents')]} onChange={(e) => set({ priceMin: e.target.value })} />
        <Field id={fieldId(path('priceMaxCents'))} label="Price up to (USD)" type="number" inputMode="decimal" min={0} value={service.priceMax} error={errors[path('priceMaxCents')]} onChange={(e) => set({ priceMax: e.target.value })} />
        <Field
          id={fieldId(path('depositCents'))}
          label="Deposit (USD)"
          type="number"
          inputMode="decimal"
          min={0}
          value={service.deposit}
          error={errors[path('depositCents')]}
          hint={isSession ? `Between ${formatMoney(SESSION_DEPOSIT_MIN_CENTS)} and ${formatMoney(SESSION_DEPOSIT_MAX_CENTS)}, credited to the final price.` : 'Free (0) or a small fee up to $50.'}
          onChange={(e) => set({ deposit: e.target.value })}
        />
      </div>
      {isSession ? <ServiceCareFields service={service} path={path} errors={errors} set={set} /> : null}
      {data.services.length > 1 ? (
        <Button variant="ghost" className="mt-3 text-red-800" onClick={() => update({ services: data.services.filter((s) => s.key !== service.key), servicesEdited: true })}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove <span className="sr-only">{label}</span>
        </Button>
      ) : null}
    </fieldset>
  );
}

/** The spec's service metadata: healing time, the aftercare plan, safety protocols and (piercings) the guide's style. */
function ServiceCareFields({ service, path, errors, set }: { service: ServiceDraft; path: (f: string) => string; errors: Errors; set: (patch: Partial<ServiceDraft>) => void }) {
  const style = PIERCING_STYLES.find((s) => s.slug === service.piercingStyle);
  return (
    <div className="mt-4 space-y-4 border-t border-stone-200 pt-4">
      <p className="text-sm font-semibold text-stone-900">Healing and safety</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {service.kind === 'piercing' ? (
          <SelectField
            id={fieldId(path('piercingStyle'))}
            label="Piercing style (optional)"
            value={service.piercingStyle}
            error={errors[path('piercingStyle')]}
            hint={style ? `Heals in ${style.healing}; the aftercare plan uses this range.` : 'The aftercare plan uses the style’s healing range.'}
            onChange={(e) => set({ piercingStyle: e.target.value })}
          >
            <option value="">No particular style</option>
            {PIERCING_STYLES.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <Field
          id={fieldId(path('healingTime'))}
          label="Healing time (optional)"
          value={service.healingTime}
          maxLength={20}
          placeholder={style ? style.healing : 'e.g. 2-4 weeks'}
          error={errors[path('healingTime')]}
          hint={service.kind === 'piercing' ? 'Left blank, the style’s range is shown.' : 'Shown on your profile, like "2-4 weeks".'}
          onChange={(e) => set({ healingTime: e.target.value })}
        />
      </div>
      <label className="flex items-start gap-2 text-sm text-stone-800">
        <input type="checkbox" className="mt-0.5 h-4 w-4 accent-stone-900" checked={service.aftercareRequired} onChange={(e) => set({ aftercareRequired: e.target.checked })} />
        <span>Send clients the aftercare plan and healing check-ins after a session</span>
      </label>
      <Choices id={fieldId(path('safetyProtocols'))} legend="Safety protocols you follow" error={errors[path('safetyProtocols')]} hint="Shown on your profile for this service.">
        <div className="flex flex-wrap gap-2">
          {SAFETY_PROTOCOLS.map((p) => (
            <ChipCheckbox
              key={p}
              label={p}
              checked={service.safetyProtocols.includes(p)}
              onChange={(checked) => set({ safetyProtocols: checked ? [...service.safetyProtocols, p] : service.safetyProtocols.filter((x) => x !== p) })}
            />
          ))}
        </div>
      </Choices>
    </div>
  );
}

export function ServicesStep(props: StepProps) {
  const { data, update, errors } = props;
  const add = (kind: TServiceKind) => update({ services: [...data.services, blankService(kind)], servicesEdited: true });
  return (
    <div className="space-y-4">
      <p className="text-stone-700">What clients can book. Session deposits are {formatMoney(SESSION_DEPOSIT_MIN_CENTS)}–{formatMoney(SESSION_DEPOSIT_MAX_CENTS)}; a free consultation helps clients decide.</p>
      {errors.services ? (
        <p id={fieldId('services')} tabIndex={-1} className="text-sm text-red-700">{errors.services}</p>
      ) : null}
      {data.services.map((s, i) => (
        <ServiceRow key={s.key} {...props} service={s} index={i} />
      ))}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => add('consultation')}><Plus className="h-4 w-4" aria-hidden="true" /> Add a consultation</Button>
        {data.kind !== 'piercing' ? <Button variant="secondary" onClick={() => add('tattoo')}><Plus className="h-4 w-4" aria-hidden="true" /> Add a tattoo session</Button> : null}
        {data.kind !== 'tattoo' ? <Button variant="secondary" onClick={() => add('piercing')}><Plus className="h-4 w-4" aria-hidden="true" /> Add a piercing</Button> : null}
      </div>
    </div>
  );
}

// --- 7. Hours ------------------------------------------------------------------------------------

export function HoursStep({ data, update, errors }: StepProps) {
  const setDay = (day: TWeekday, ranges: Array<[string, string]>) => update({ hours: { ...data.hours, [day]: ranges } });
  const copyMonday = () => {
    const monday = data.hours['1'];
    update({ hours: { ...data.hours, '2': monday.map((r) => [...r] as [string, string]), '3': monday.map((r) => [...r] as [string, string]), '4': monday.map((r) => [...r] as [string, string]), '5': monday.map((r) => [...r] as [string, string]) } });
  };
  const city = findCity(data.cityId);
  return (
    <div className="space-y-5">
      <p className="text-stone-700">
        When clients can book you each week{city ? <>, in {zoneLabel(city.timezone)}</> : null}. Leave a day unticked when you are closed.
      </p>
      <Button variant="secondary" onClick={copyMonday} disabled={data.hours['1'].length === 0}>
        <Copy className="h-4 w-4" aria-hidden="true" /> Copy Monday to weekdays
      </Button>
      <ul className="divide-y divide-stone-200 rounded-lg border border-stone-300">
        {WEEKDAYS.map((day) => {
          const name = weekdayName(Number(day));
          const ranges = data.hours[day];
          const error = errorAt(errors, `workingHours.${day}`);
          return (
            <li key={day} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-start">
              <label className="flex w-36 shrink-0 items-center gap-2 pt-2 font-medium text-stone-900">
                <input
                  id={fieldId(`workingHours.${day}`)}
                  type="checkbox"
                  className="h-4 w-4 accent-stone-900"
                  checked={ranges.length > 0}
                  aria-describedby={error ? `${fieldId(`workingHours.${day}`)}-error` : undefined}
                  onChange={(e) => setDay(day, e.target.checked ? [['10:00', '18:00']] : [])}
                />
                {name}
              </label>
              <div className="flex-1 space-y-2">
                {ranges.length === 0 ? <p className="pt-2 text-sm text-stone-600">Closed</p> : null}
                {ranges.map(([start, end], i) => (
                  <div key={i} className="flex flex-wrap items-center gap-2">
                    <label className="sr-only" htmlFor={`${fieldId(`workingHours.${day}.${i}`)}-start`}>{name} from</label>
                    <input
                      id={`${fieldId(`workingHours.${day}.${i}`)}-start`}
                      type="time"
                      step={900}
                      value={start}
                      onChange={(e) => setDay(day, ranges.map((r, j) => (j === i ? [e.target.value, r[1]] : r)))}
                      className="rounded-md border border-stone-400 px-2 py-1.5 text-stone-900 focus:outline-none focus:ring-2 focus:ring-amber-600"
                    />
                    <span aria-hidden="true" className="text-stone-600">to</span>
                    <label className="sr-only" htmlFor={`${fieldId(`workingHours.${day}.${i}`)}-end`}>{name} until</label>
                    <input
                      id={`${fieldId(`workingHours.${day}.${i}`)}-end`}
                      type="time"
                      step={900}
                      value={end}
                      onChange={(e) => setDay(day, ranges.map((r, j) => (j === i ? [r[0], e.target.value] : r)))}
                      className="rounded-md border border-stone-400 px-2 py-1.5 text-stone-900 focus:outline-none focus:ring-2 focus:ring-amber-600"
                    />
                    {ranges.length > 1 ? (
                      <Button variant="ghost" className="px-2 py-1 text-sm" onClick={() => setDay(day, ranges.filter((_, j) => j !== i))}>
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                        <span className="sr-only">Remove {name} {start} to {end}</span>
                      </Button>
                    ) : null}
                  </div>
                ))}
                {ranges.length > 0 && ranges.length < RANGES_PER_DAY_MAX ? (
                  <button
                    type="button"
                    className="text-sm font-medium text-stone-800 underline underline-offset-2"
                    onClick={() => {
                      const last = ranges[ranges.length - 1]![1];
                      setDay(day, [...ranges, [last < '20:00' ? last : '20:00', last < '20:00' ? '21:00' : '22:00']]);
                    }}
                  >
                    Add hours<span className="sr-only"> on {name}</span>
                  </button>
                ) : null}
                {error ? <p id={`${fieldId(`workingHours.${day}`)}-error`} className="text-sm text-red-700">{error}</p> : null}
              </div>
            </li>
          );
        })}
      </ul>
      {errors.workingHours ? <p className="text-sm text-red-700">{errors.workingHours}</p> : null}
      <Field
        id={fieldId('noticeHours')}
        label="Reschedule and cancellation notice (hours)"
        type="number"
        inputMode="numeric"
        min={NOTICE_HOURS_MIN}
        max={NOTICE_HOURS_MAX}
        value={data.noticeHours}
        error={errors.noticeHours}
        hint={`Between ${NOTICE_HOURS_MIN} and ${NOTICE_HOURS_MAX} hours. Clients who cancel later lose their deposit.`}
        onChange={(e) => update({ noticeHours: e.target.value })}
      />
    </div>
  );
}

// --- 8. Review -----------------------------------------------------------------------------------

function Row({ term, children, onEdit, editLabel }: { term: string; children: ReactNode; onEdit?: (() => void) | undefined; editLabel: string }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:gap-4">
      <dt className="w-40 shrink-0 font-medium text-stone-900">{term}</dt>
      <dd className="flex-1 text-stone-800">{children}</dd>
      {onEdit ? (
        <dd>
          <button type="button" className="text-sm font-medium text-stone-900 underline underline-offset-2" onClick={onEdit}>
            Edit<span className="sr-only"> {editLabel}</span>
          </button>
        </dd>
      ) : null}
    </div>
  );
}

export function ReviewStep({ data, errors, onEdit, studioName }: StepProps & { onEdit: (step: number) => void; studioName: string | null }) {
  const city = findCity(data.cityId);
  const { user } = useAuth();
  const problems = Object.keys(errors).length;
  return (
    <div className="space-y-4">
      {problems ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          Some answers need another look before you publish: {Object.values(errors)[0]}
        </p>
      ) : (
        <p className="text-stone-700">Check everything once more. You can change all of it later from your dashboard.</p>
      )}
      <dl className="divide-y divide-stone-200 rounded-lg border border-stone-300 px-4">
        <Row term="Kind" onEdit={() => onEdit(0)} editLabel="kind">{data.kind ? KIND_LABELS[data.kind] : '—'}</Row>
        <Row term="Name" onEdit={() => onEdit(1)} editLabel="name and address">
          {data.displayName || '—'} <span className="block font-mono text-sm text-stone-600">/artists/{data.slug}</span>
        </Row>
        <Row term="Picture" onEdit={() => onEdit(2)} editLabel="profile picture">
          {user ? (
            <span className="flex items-center gap-3">
              <Avatar id={user.id} name={data.displayName || user.firstName} url={user.avatarUrl} size="lg" decorative />
              {user.avatarUrl ? 'Your picture' : 'Your initials, until you add a picture'}
            </span>
          ) : (
            '—'
          )}
        </Row>
        <Row term="About" onEdit={() => onEdit(2)} editLabel="bio, styles and Instagram">
          <span className="line-clamp-3 whitespace-pre-line">{data.bio || 'No bio yet.'}</span>
          <span className="mt-1 block text-sm text-stone-600">{data.styles.length ? data.styles.join(', ') : 'No styles chosen'}</span>
          {data.instagram.trim() ? <span className="block text-sm text-stone-600">Instagram @{data.instagram.trim().replace(/^@/, '')}</span> : null}
        </Row>
        <Row term="Studio" onEdit={() => onEdit(3)} editLabel="studio">
          {data.studioMode === 'independent' ? 'Independent' : data.studioMode === 'create' ? `${data.studioName} (new), ${data.studioAddress}` : (studioName ?? 'A listed studio')}
        </Row>
        <Row term="City" onEdit={() => onEdit(4)} editLabel="city">
          {city ? `${cityLabel(city)} · ${zoneLabel(city.timezone)}` : '—'}
        </Row>
        <Row term="Services" onEdit={() => onEdit(5)} editLabel="services">
          <ul className="space-y-1">
            {data.services.map((s) => (
              <li key={s.key}>
                {s.name} · {SERVICE_KIND_LABELS[s.kind]}
                {s.kind === 'piercing' && s.difficulty ? ` (${s.difficulty})` : ''} · {Number(s.duration) > 0 ? formatDuration(Number(s.duration)) : 'length not set'} · {priceSummary(s)}
              </li>
            ))}
          </ul>
        </Row>
        <Row term="Hours" onEdit={() => onEdit(6)} editLabel="hours">
          <ul className="text-sm">
            {WEEKDAYS.map((d) => (
              <li key={d}>
                {weekdayName(Number(d))}: {data.hours[d].length ? data.hours[d].map(([a, b]) => `${a}–${b}`).join(', ') : 'Closed'}
              </li>
            ))}
          </ul>
          <span className="mt-1 block text-sm text-stone-600">{data.noticeHours} hours&apos; notice to reschedule or cancel</span>
        </Row>
      </dl>
    </div>
  );
}
