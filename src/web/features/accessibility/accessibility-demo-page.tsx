import { Sparkles } from 'lucide-react';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useLocation } from 'react-router';
import type { TPortfolioImage } from '../../../shared/contracts/artists.ts';
import {
  CONTRAST_CHOICES,
  DISPLAY_FORM_PATH,
  TEXT_SIZES,
  type TContrast,
  type TDisplayPreferences,
  type TTextSize,
} from '../../../shared/display-preferences.ts';
import { ACCESSIBILITY_PATH } from '../../../shared/site-pages.ts';
import { saveDisplayPreferences, useDisplayPreferences, useMediaQuery } from '../../lib/display-preferences.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { ImageGallery } from '../../ui/image-gallery.tsx';
import { SlotRadioGroup, type SlotDay } from '../../ui/slot-radio-group.tsx';

const SECTIONS = [
  { id: 'display', label: 'Contrast and text size' },
  { id: 'keyboard', label: 'Skip links and focus' },
  { id: 'motion', label: 'Reduced motion' },
  { id: 'announcements', label: 'Screen-reader announcements' },
  { id: 'slots', label: 'Choosing a time by keyboard' },
  { id: 'lightbox', label: 'The image viewer by keyboard' },
];

const CONTRAST_LABELS: Record<TContrast, { label: string; hint: string }> = {
  device: { label: 'Follow my device', hint: 'More contrast when your system asks for it.' },
  more: { label: 'More contrast', hint: 'Darker text and borders, underlined links, a thick focus outline.' },
  standard: { label: 'Standard', hint: 'The usual look, whatever the device asks.' },
};

const SECTION = 'space-y-4 rounded-lg border border-stone-200 p-5';
const H2 = 'text-xl font-semibold text-stone-900';
const TEXT_LINK = 'font-medium text-stone-900 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600';

/** The four line drawings shown in the viewer; each caption says what is drawn. */
const DEMO_IMAGES: TPortfolioImage[] = [
  { id: 'moon-and-stars', caption: 'Line drawing: a crescent moon with two stars' },
  { id: 'anchor', caption: 'Line drawing: a ship’s anchor with its ring' },
  { id: 'compass-rose', caption: 'Line drawing: a compass rose inside a dotted ring' },
  { id: 'dotwork-diamond', caption: 'Line drawing: two nested diamonds with a dotwork centre' },
].map((img) => ({ ...img, url: `/demo/${img.id}.svg`, thumbUrl: `/demo/${img.id}.svg`, width: 300, height: 300 }));

function DisplaySettings({ fromServer }: { fromServer: TDisplayPreferences }) {
  const prefs = useDisplayPreferences(fromServer);
  const { pathname } = useLocation();
  const [saved, setSaved] = useState('');
  const id = useId();
  // Hydrated, a choice applies at once; before hydration the form posts and the server sets the cookie.
  const choose = (next: TDisplayPreferences) => {
    saveDisplayPreferences(next);
    setSaved(`Saved: ${CONTRAST_LABELS[next.contrast].label.toLowerCase()}, text at ${next.textSize}%.`);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    choose(prefs);
  };
  return (
    <form method="post" action={DISPLAY_FORM_PATH} onSubmit={onSubmit} className="space-y-5">
      <input type="hidden" name="returnTo" value={`${pathname}#display`} />
      <fieldset className="space-y-2">
        <legend className="font-semibold text-stone-900">Contrast</legend>
        {CONTRAST_CHOICES.map((choice) => (
          <div key={choice} className="flex items-start gap-2">
            <input
              id={`${id}-contrast-${choice}`}
              type="radio"
              name="contrast"
              value={choice}
              checked={prefs.contrast === choice}
              onChange={() => choose({ ...prefs, contrast: choice })}
              aria-describedby={`${id}-contrast-${choice}-hint`}
              className="mt-1 h-4 w-4 accent-stone-900"
            />
            <div>
              <label htmlFor={`${id}-contrast-${choice}`} className="text-stone-900">
                {CONTRAST_LABELS[choice].label}
              </label>
              <p id={`${id}-contrast-${choice}-hint`} className="text-sm text-stone-700">
                {CONTRAST_LABELS[choice].hint}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="font-semibold text-stone-900">Text size</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {TEXT_SIZES.map((size: TTextSize) => (
            <div key={size} className="flex items-center gap-2">
              <input
                id={`${id}-text-${size}`}
                type="radio"
                name="textSize"
                value={size}
                checked={prefs.textSize === size}
                onChange={() => choose({ ...prefs, textSize: size })}
                className="h-4 w-4 accent-stone-900"
              />
              <label htmlFor={`${id}-text-${size}`} className="text-stone-900">
                {size}%
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">Save display settings</Button>
        <p role="status" className="text-sm text-stone-800">
          {saved}
        </p>
      </div>
      <p className="text-sm text-stone-700">
        Choices apply to every page in this browser and are kept for a year, signed in or not. Your browser&apos;s own zoom works too: pages reflow
        up to 400% without sideways scrolling on most screens.
      </p>
    </form>
  );
}

function MotionDemo() {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    <div className="flex flex-wrap items-center gap-4">
      <span aria-hidden="true" className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-stone-900 text-amber-300">
        <Sparkles className="h-7 w-7 animate-spin [animation-duration:3s]" data-testid="motion-sample" />
      </span>
      <p className="text-stone-800" data-testid="motion-state">
        {reduced === null
          ? 'Checking your device’s motion setting…'
          : reduced
            ? 'Your device asks for reduced motion, so the star beside this text stands still, and so do animations and smooth scrolling across Inkhaven.'
            : 'Your device does not ask for reduced motion, so the star beside this text turns. Switch on “reduce motion” in your system settings and it stops, as do animations across Inkhaven.'}
      </p>
    </div>
  );
}

type Announcement = { id: number; text: string; urgent: boolean };

function AnnouncementsDemo() {
  const [polite, setPolite] = useState('');
  const [urgent, setUrgent] = useState('');
  const [log, setLog] = useState<Announcement[]>([]);
  const next = useRef(1);
  const id = useId();
  const [message, setMessage] = useState('');
  const announce = (isUrgent: boolean) => {
    const text = message.trim() || (isUrgent ? 'Your slot is about to be released.' : 'Your booking request was sent.');
    // Clearing first makes a repeated message count as a change, so it is read again.
    (isUrgent ? setUrgent : setPolite)('');
    window.setTimeout(() => (isUrgent ? setUrgent : setPolite)(text), 50);
    setLog((items) => [{ id: next.current++, text, urgent: isUrgent }, ...items].slice(0, 5));
  };
  // Not a form: announcing is the page's own script at work, there is nothing to send to the server.
  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <label htmlFor={`${id}-message`} className="block font-medium text-stone-900">
          Message to announce
        </label>
        <input
          id={`${id}-message`}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') announce(false);
          }}
          maxLength={120}
          placeholder="Your booking request was sent."
          className="block w-full max-w-md rounded-md border border-stone-400 px-3 py-2 text-stone-900 focus:outline-none focus:ring-2 focus:ring-amber-600"
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => announce(false)}>Announce politely</Button>
        <Button variant="secondary" onClick={() => announce(true)}>
          Announce urgently
        </Button>
      </div>
      {/* The two live regions, as the app's toasts and form errors use them. */}
      <div role="status" aria-live="polite" data-testid="polite-region" className="sr-only">
        {polite}
      </div>
      <div role="alert" data-testid="urgent-region" className="sr-only">
        {urgent}
      </div>
      {log.length ? (
        <div>
          <h3 className="text-sm font-semibold text-stone-900">What a screen reader was given</h3>
          <ul className="mt-1 space-y-1 text-sm text-stone-800">
            {log.map((a) => (
              <li key={a.id}>
                {a.urgent ? 'Urgent (interrupts): ' : 'Polite (waits for a pause): '}
                {a.text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Three days of sample times from tomorrow, in the viewer's zone. Nothing is booked. */
function sampleDays(now: number): SlotDay[] {
  const day = (offset: number) => {
    const d = new Date(now);
    d.setDate(d.getDate() + offset);
    d.setHours(0, 0, 0, 0);
    return d;
  };
  return [1, 2, 4].map((offset) => {
    const date = day(offset);
    const heading = date.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
    const slots = [10, 11.5, 14, 16.5].map((hour) => {
      const at = new Date(date);
      at.setHours(Math.floor(hour), (hour % 1) * 60);
      return { value: at.toISOString(), label: at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }) };
    });
    return { key: date.toISOString(), heading, slots };
  });
}

function SlotDemo() {
  // Sample times depend on the viewer's clock and zone: made in the browser only, after hydration.
  const hydrated = useHydrated();
  const [now] = useState(() => Date.now());
  const days = useMemo(() => (hydrated ? sampleDays(now) : []), [hydrated, now]);
  const [selected, setSelected] = useState<string | null>(null);
  const chosen = days.flatMap((d) => d.slots.map((s) => ({ ...s, day: d.heading }))).find((s) => s.value === selected);
  if (!days.length) return <p className="text-stone-700">Loading sample times…</p>;
  return (
    <div className="space-y-3">
      <SlotRadioGroup days={days} label="Sample open times" selected={selected} onSelect={setSelected} />
      <p role="status" className="text-stone-800" data-testid="slot-choice">
        {chosen ? `You picked ${chosen.label} on ${chosen.day}.` : 'No time picked yet.'}
      </p>
    </div>
  );
}

export default function AccessibilityDemoPage() {
  const fromServer = useLoaderData() as TDisplayPreferences;
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold text-stone-900">Accessibility, working</h1>
        <p className="text-lg text-stone-800">
          This page lets you try what Inkhaven does for keyboard, screen-reader and low-vision users, with the same parts the rest of the app
          uses. What we aim for, how we test and what is not right yet is in the{' '}
          <Link to={ACCESSIBILITY_PATH} className={TEXT_LINK}>
            accessibility statement
          </Link>
          .
        </p>
        <nav aria-label="On this page">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className={TEXT_LINK}>
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>

      <section id="display" aria-labelledby="display-heading" className={SECTION}>
        <h2 id="display-heading" className={H2}>
          Contrast and text size
        </h2>
        <DisplaySettings fromServer={fromServer} />
      </section>

      <section id="keyboard" aria-labelledby="keyboard-heading" className={SECTION}>
        <h2 id="keyboard-heading" className={H2}>
          Skip links and focus
        </h2>
        <ol className="list-decimal space-y-2 pl-5 text-stone-800">
          <li>
            Press <kbd className="rounded border border-stone-400 px-1">Tab</kbd> once from the top of any page: the first stop is &quot;Skip
            to main content&quot;, the second &quot;Skip to navigation&quot;. Press <kbd className="rounded border border-stone-400 px-1">Enter</kbd>{' '}
            to jump past the menu.
          </li>
          <li>Keep pressing Tab: focus moves in reading order, top to bottom, and every stop shows a clear ring.</li>
          <li>Menus, the notification panel and dialogs close with Escape and return focus to the button that opened them.</li>
        </ol>
      </section>

      <section id="motion" aria-labelledby="motion-heading" className={SECTION}>
        <h2 id="motion-heading" className={H2}>
          Reduced motion
        </h2>
        <MotionDemo />
      </section>

      <section id="announcements" aria-labelledby="announcements-heading" className={SECTION}>
        <h2 id="announcements-heading" className={H2}>
          Screen-reader announcements
        </h2>
        <p className="text-stone-800">
          When something changes without a new page, such as a saved booking or a failed payment, Inkhaven says so in a live region: politely
          after what is being read, or at once when it is urgent. Type a message and send it to hear how it sounds.
        </p>
        <AnnouncementsDemo />
      </section>

      <section id="slots" aria-labelledby="slots-heading" className={SECTION}>
        <h2 id="slots-heading" className={H2}>
          Choosing a time by keyboard
        </h2>
        <p className="text-stone-800">
          The booking page&apos;s time picker, with sample times (nothing is booked). Tab into the times once; the arrow keys move between them,
          each read with its day; Space picks one; Tab leaves the whole group.
        </p>
        <SlotDemo />
      </section>

      <section id="lightbox" aria-labelledby="lightbox-heading" className={SECTION}>
        <h2 id="lightbox-heading" className={H2}>
          The image viewer by keyboard
        </h2>
        <p className="text-stone-800">
          Artists&apos; portfolios open in this viewer. Press Enter on a picture to open it; the left and right arrow keys move between pictures,
          each described in words; Escape closes the viewer and puts you back on the picture you last saw.
        </p>
        <ImageGallery images={DEMO_IMAGES} title="Sample drawings" emptyText="" describe={(i) => `Sample drawing ${i + 1}`} />
      </section>
    </div>
  );
}
