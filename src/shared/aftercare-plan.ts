/**
 * The aftercare plan of a completed session (issue 13 §2, decision 0022): which messages the client
 * gets, on which day, at which local time, and what they say. Pure: the server schedules the jobs
 * from it and the booking page shows the same plan.
 */
import { AFTERCARE_FACTS, TATTOO_TIMELINE } from './guides/aftercare.ts';
import { formatHealing, PIERCING_STYLES, type HealingRange } from './guides/piercing-styles.ts';
import { addDays, daysBetween, localDateOf, zonedTimeToUtc, type LocalDate } from './zoned-time.ts';

export type TAftercareKind = 'tattoo' | 'piercing';

/** Messages go out at this wall-clock time in the client's zone: early enough for the day's routine, never at night. */
export const AFTERCARE_SEND_TIME = '09:00';

/** A tattoo's surface heals in 28 days (spec §9): the timeline's three phases end there. */
export const TATTOO_HEALING: HealingRange = { min: 2, max: 4, unit: 'weeks' };

/** A piercing with no style and no healing time of its own: the spec's whole span, 4 weeks to 12 months. */
export const PIERCING_HEALING_FALLBACK: HealingRange = { min: 4, max: 52, unit: 'weeks' };

const HEALING_TIME = /^(\d{1,2})-(\d{1,2}) (weeks|months)$/;

/** "6-8 weeks" → a range; null when it is not in that shape or not a sensible range (1–52 weeks, 1–24 months). */
export function parseHealingTime(text: string | null | undefined): HealingRange | null {
  const m = HEALING_TIME.exec((text ?? '').trim());
  if (!m) return null;
  const min = Number(m[1]);
  const max = Number(m[2]);
  const unit = m[3] as HealingRange['unit'];
  if (min < 1 || max < min || max > (unit === 'weeks' ? 52 : 24)) return null;
  return { min, max, unit };
}

export const HEALING_TIME_HINT = 'Write it like "6-8 weeks" or "3-6 months"';

export function piercingStyleBySlug(slug: string | null | undefined) {
  return slug ? (PIERCING_STYLES.find((s) => s.slug === slug) ?? null) : null;
}

/**
 * The healing range a session's plan uses: a tattoo's 28 days; a piercing's style range (the guide's),
 * else the service's own healing time, else the spec's whole span.
 */
export function healingRangeFor(service: { kind: TAftercareKind; piercingStyle?: string | null; healingTime?: string | null }): { range: HealingRange; styleName: string | null } {
  if (service.kind === 'tattoo') return { range: TATTOO_HEALING, styleName: null };
  const style = piercingStyleBySlug(service.piercingStyle);
  if (style) return { range: style.healingRange, styleName: style.name };
  return { range: parseHealingTime(service.healingTime) ?? PIERCING_HEALING_FALLBACK, styleName: null };
}

/** A date `n` calendar months on (the 31st of a short month becomes its last day). */
function addMonths(date: LocalDate, n: number): LocalDate {
  const index = date.month - 1 + n;
  const year = date.year + Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, last) };
}

/** The date `amount` weeks or months after `from`. */
function after(from: LocalDate, amount: number, unit: HealingRange['unit']): LocalDate {
  return unit === 'weeks' ? addDays(from, amount * 7) : addMonths(from, amount);
}

export type TAftercareStepKind = 'routine' | 'phase' | 'check' | 'healed';

export type TAftercareStep = {
  /** Stable within a plan: jobs and messages are keyed by it. */
  id: string;
  kind: TAftercareStepKind;
  /** Day of the plan, day 1 being the appointment's date in the client's zone. */
  day: number;
  /** The calendar date in the client's zone ("2026-03-08"). */
  date: string;
  /** When it is sent: AFTERCARE_SEND_TIME on that date in the client's zone. */
  sendAt: string;
  title: string;
  summary: string;
  items: string[];
};

export type TAftercarePlanInput = {
  kind: TAftercareKind;
  timezone: string;
  /** The appointment's date in the client's zone: day 1. */
  dayOne: LocalDate;
  healing: HealingRange;
  styleName: string | null;
};

export type TAftercarePlan = {
  kind: TAftercareKind;
  timezone: string;
  healing: string;
  styleName: string | null;
  /** The date healing is expected to be complete (the end of the range); the healed invitation goes out then. */
  healedOn: string;
  steps: TAftercareStep[];
};

const F = AFTERCARE_FACTS;
const key = (d: LocalDate) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** The routine a piercing gets from day 1 (spec §9): the client's plan repeats it so nothing depends on the guide page. */
export function piercingRoutine(healing: HealingRange, styleName: string | null): string[] {
  return [
    `Clean it ${F.cleaningsPerDay.min}-${F.cleaningsPerDay.max} times daily and no more than twice: more often irritates it.`,
    `Use sterile saline wound wash (${F.salinePercent} sodium chloride, nothing added).`,
    'The routine takes about ten minutes: wash your hands, spray saline, rinse gently in the shower, pat dry with non-woven gauze or a paper towel.',
    `${styleName ? `A ${styleName.toLowerCase()} piercing` : 'This piercing'} takes ${formatHealing(healing)} to heal. Keep the jewelry in and do not twist it.`,
  ];
}

const WARNING_REMINDER = `Spreading redness, pus, fever, red streaks or pain and swelling that grow after day 3 are warning signs: seek care if symptoms persist beyond ${F.seekCareAfterHours} hours.`;

/** Every message of the plan, in order. */
export function buildAftercarePlan(input: TAftercarePlanInput): TAftercarePlan {
  const { dayOne, timezone, healing } = input;
  const at = (day: number) => {
    const date = addDays(dayOne, day - 1);
    return { day, date: key(date), sendAt: zonedTimeToUtc(date, AFTERCARE_SEND_TIME, timezone).toISOString() };
  };
  const dayOf = (date: LocalDate) => daysBetween(dayOne, date) + 1;
  const steps: TAftercareStep[] = [];
  let healedDay: number;
  if (input.kind === 'tattoo') {
    const [fresh, peeling, settling] = TATTOO_TIMELINE as [(typeof TATTOO_TIMELINE)[0], (typeof TATTOO_TIMELINE)[0], (typeof TATTOO_TIMELINE)[0]];
    steps.push({ id: 'tattoo-days-1-3', kind: 'phase', ...at(1), title: `${fresh.period}: ${fresh.title.toLowerCase()}`, summary: fresh.summary, items: fresh.steps });
    steps.push({ id: 'tattoo-days-4-14', kind: 'phase', ...at(4), title: `${peeling.period}: ${peeling.title.toLowerCase()}`, summary: peeling.summary, items: [...peeling.steps, WARNING_REMINDER] });
    steps.push({ id: 'tattoo-weeks-2-4', kind: 'phase', ...at(15), title: `${settling.period}: ${settling.title.toLowerCase()}`, summary: settling.summary, items: settling.steps });
    // 28 days in all: the invitation goes out the morning after the 28th day.
    healedDay = F.tattooHealingDays + 1;
  } else {
    const styleText = input.styleName ? `your ${input.styleName.toLowerCase()} piercing` : 'your piercing';
    steps.push({
      id: 'piercing-routine',
      kind: 'routine',
      ...at(1),
      title: 'Your piercing routine',
      summary: `How to care for ${styleText} until it has healed (${formatHealing(healing)}).`,
      items: piercingRoutine(healing, input.styleName),
    });
    steps.push({
      id: 'piercing-day-4',
      kind: 'check',
      ...at(4),
      title: 'Day 4: how is it healing?',
      summary: 'Tenderness, mild swelling, itching and clear or whitish crust are normal in the first weeks.',
      items: [`Keep cleaning ${F.cleaningsPerDay.min}-${F.cleaningsPerDay.max} times daily with ${F.salinePercent} saline, never more than twice.`, WARNING_REMINDER],
    });
    steps.push({
      id: 'piercing-week-2',
      kind: 'check',
      ...at(15),
      title: 'Two weeks in',
      summary: 'Swelling is settling. Your piercer may want to fit a shorter post now that it has gone down.',
      items: ['Keep the same routine: saline, ten minutes, no more than twice a day.', 'Do not change the jewelry yourself until it has healed.'],
    });
    const looksHealedDay = dayOf(after(dayOne, healing.min, healing.unit));
    healedDay = dayOf(after(dayOne, healing.max, healing.unit));
    // Only when it falls between the two-week message and the end, with room on either side.
    if (looksHealedDay > 15 && looksHealedDay < healedDay) {
      steps.push({
        id: 'piercing-looks-healed',
        kind: 'check',
        ...at(looksHealedDay),
        title: 'It may look healed: keep going',
        summary: `Piercings heal from the outside in. ${input.styleName ?? 'This piercing'} can look healed after ${healing.min} ${healing.unit} but needs up to ${healing.max} ${healing.unit}.`,
        items: ['Keep the routine going until the end of the healing time.', 'Leave the jewelry in, even for a day.'],
      });
    }
  }
  const healed = at(healedDay);
  steps.push({
    id: 'healed',
    kind: 'healed',
    ...healed,
    title: input.kind === 'tattoo' ? 'Your tattoo has healed' : 'Your piercing should be healed',
    summary: 'Share a photo of the healed result with your artist and add it to your review.',
    items: input.kind === 'tattoo' ? ['Use SPF 30+ sunscreen whenever it is in the sun.', 'Ask your artist about a touch-up if any patch healed light.'] : ['Ask your piercer before you change the jewelry for the first time.'],
  });
  return { kind: input.kind, timezone, healing: formatHealing(healing), styleName: input.styleName, healedOn: healed.date, steps };
}

/**
 * When each message goes out, for a plan made at `now` (the session completed then, maybe a day
 * after the appointment when it completed by itself): a message whose time has passed goes out now
 * unless the next one is also due (it would be out of date), and the healed invitation always goes.
 */
export function aftercareDeliveries(plan: TAftercarePlan, now: Date): Array<{ step: TAftercareStep; runAt: Date }> {
  const out: Array<{ step: TAftercareStep; runAt: Date }> = [];
  plan.steps.forEach((step, i) => {
    const at = new Date(step.sendAt);
    if (at.getTime() > now.getTime()) return void out.push({ step, runAt: at });
    const next = plan.steps[i + 1];
    if (!next || new Date(next.sendAt).getTime() > now.getTime()) out.push({ step, runAt: now });
  });
  return out;
}

/** The plan's day of an instant in the plan's zone (day 1 = the appointment's date). */
export function planDay(timezone: string, dayOne: LocalDate, instant: Date): number {
  return daysBetween(dayOne, localDateOf(instant, timezone)) + 1;
}

// ---------------------------------------------------------------------------------------------
// Healing check-ins

export const HEALING_FEELINGS = [
  { value: 1, label: 'Worried' },
  { value: 2, label: 'Not great' },
  { value: 3, label: 'Okay' },
  { value: 4, label: 'Good' },
  { value: 5, label: 'Great' },
] as const;

/**
 * Symptoms the check-in asks about. `afterDay3`: normal in the first three days (spec timeline:
 * redness, warmth, swelling are expected while it is a fresh wound), a warning sign after.
 */
export const HEALING_SYMPTOMS = [
  { id: 'spreading_redness', label: 'Redness that is spreading', afterDay3: false },
  { id: 'pus', label: 'Pus or thick yellow, green or grey discharge', afterDay3: false },
  { id: 'fever', label: 'Fever, chills or feeling unwell', afterDay3: false },
  { id: 'red_streaks', label: 'Red streaks spreading from the site', afterDay3: false },
  { id: 'hot', label: 'Hot to the touch', afterDay3: true },
  { id: 'increasing_pain', label: 'Pain that is getting worse', afterDay3: true },
  { id: 'increasing_swelling', label: 'Swelling that is getting worse', afterDay3: true },
] as const;
export type THealingSymptom = (typeof HEALING_SYMPTOMS)[number]['id'];
export const HEALING_SYMPTOM_IDS = HEALING_SYMPTOMS.map((s) => s.id) as [THealingSymptom, ...THealingSymptom[]];

/** Words in the client's own text that describe a warning sign whatever the day. */
const ALWAYS_WARNING = [/\bpus\b/i, /\bfever/i, /\bchills\b/i, /red streaks?/i, /streak/i, /spreading/i, /\b(green|yellow|grey|gray)\b.*\b(discharge|ooz|fluid)/i, /\bsmell/i, /\binfect/i];
/** Words that are a warning sign after day 3 (normal while it is a fresh wound). */
const LATER_WARNING = [/(worse|increasing|growing|more) (pain|swelling|swollen|painful)/i, /(pain|swelling)[^.]{0,40}(worse|increas|grow)/i, /hot to the touch/i, /throbbing/i];

export const SEEK_CARE_TEXT = `Seek care if symptoms persist beyond ${F.seekCareAfterHours} hours.`;

/**
 * Whether a check-in describes a warning sign, and which: a ticked symptom (pain, heat and swelling
 * only after day 3) or the same signs in the client's words. Errs on the side of asking for care.
 */
export function warningSigns(answer: { symptoms: readonly string[]; note: string; day: number }): string[] {
  const found: string[] = [];
  for (const s of HEALING_SYMPTOMS) if (answer.symptoms.includes(s.id) && (!s.afterDay3 || answer.day > 3)) found.push(s.label);
  const note = answer.note;
  if (found.length === 0 && (ALWAYS_WARNING.some((r) => r.test(note)) || (answer.day > 3 && LATER_WARNING.some((r) => r.test(note))))) found.push('What you described');
  return found;
}
