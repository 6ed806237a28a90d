import { CLICK_BUFFER_FLUSH_MS, CLICK_BUFFER_MAX, isBounce } from '../../../shared/funnel.ts';

/** Spec §4 micro-conversions for time on a page, sent when the page has been open that long. */
export const TIME_ON_PAGE_STEPS = [
  ['time_30s', 30_000],
  ['time_60s', 60_000],
] as const;

export type VisitStep = (typeof TIME_ON_PAGE_STEPS)[number][0] | 'form_interaction';
export type HeatmapClick = Record<string, unknown>;

/** Where a page visit's reports go: the tracker wires these to the consent-gated transport. */
export type VisitSinks = {
  funnelStep(step: VisitStep): void;
  /** A buffered heatmap click, sent while the page is open. */
  sendClick(click: HeatmapClick): void;
  /** A buffered heatmap click still waiting as the page is hidden: only a beacon survives that. */
  beaconClick(click: HeatmapClick): void;
};

export type PageVisit = {
  /** Any click on the page; `heatmap` is the click's heatmap record (buffered if the visit is sampled). */
  click(heatmap: HeatmapClick | null): void;
  /** Typing or choosing in a form: the first one is the `form_interaction` micro-conversion. */
  input(): void;
  /** The page is being hidden: buffered clicks leave by beacon, and how long and whether it bounced. */
  exit(): { timeOnPage: number; bounced: boolean };
  /** The visitor moved to another page of the app (or consent ended): timers stop, the buffer is sent. */
  stop(): void;
};

/**
 * The timed parts of one page's tracking (spec §4, §9), apart from the DOM so they can be tested with
 * fake timers: time_30s / time_60s, bounce (no interaction and under 10 s) and the heatmap click
 * buffer, sent when it holds CLICK_BUFFER_MAX clicks or CLICK_BUFFER_FLUSH_MS after its first click,
 * whichever comes first.
 */
export function startPageVisit(opts: { sampled: boolean }, sinks: VisitSinks): PageVisit {
  const enteredAt = Date.now();
  let interacted = false;
  let clicks: HeatmapClick[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const timers = TIME_ON_PAGE_STEPS.map(([step, ms]) => setTimeout(() => sinks.funnelStep(step), ms));

  const flush = () => {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    const batch = clicks;
    clicks = [];
    for (const click of batch) sinks.sendClick(click);
  };

  return {
    click(heatmap) {
      interacted = true;
      if (!opts.sampled || !heatmap) return;
      clicks.push(heatmap);
      if (clicks.length >= CLICK_BUFFER_MAX) flush();
      else flushTimer ??= setTimeout(flush, CLICK_BUFFER_FLUSH_MS);
    },
    input() {
      if (!interacted) sinks.funnelStep('form_interaction');
      interacted = true;
    },
    exit() {
      clearTimeout(flushTimer);
      flushTimer = undefined;
      for (const click of clicks.splice(0)) sinks.beaconClick(click);
      const timeOnPage = Date.now() - enteredAt;
      return { timeOnPage, bounced: isBounce(interacted, timeOnPage) };
    },
    stop() {
      timers.forEach(clearTimeout);
      flush();
    },
  };
}
