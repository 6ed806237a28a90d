import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPageVisit, type HeatmapClick, type VisitStep } from './page-visit.ts';

/** What a visit reported, in order, with the fake clock's time of each report. */
function recorder() {
  const log: Array<{ at: number; what: 'step' | 'send' | 'beacon'; value: string }> = [];
  const start = Date.now();
  const at = () => Date.now() - start;
  return {
    log,
    sinks: {
      funnelStep: (step: VisitStep) => log.push({ at: at(), what: 'step', value: step }),
      sendClick: (click: HeatmapClick) => log.push({ at: at(), what: 'send', value: String(click.n) }),
      beaconClick: (click: HeatmapClick) => log.push({ at: at(), what: 'beacon', value: String(click.n) }),
    },
  };
}
const click = (n: number): HeatmapClick => ({ n });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-05-01T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('time on page', () => {
  it('sends time_30s at 30 s and time_60s at 60 s, not a millisecond earlier', () => {
    const r = recorder();
    startPageVisit({ sampled: false }, r.sinks);
    vi.advanceTimersByTime(29_999);
    expect(r.log).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(r.log).toEqual([{ at: 30_000, what: 'step', value: 'time_30s' }]);
    vi.advanceTimersByTime(29_999);
    expect(r.log).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(r.log).toEqual([
      { at: 30_000, what: 'step', value: 'time_30s' },
      { at: 60_000, what: 'step', value: 'time_60s' },
    ]);
    vi.advanceTimersByTime(600_000);
    expect(r.log).toHaveLength(2);
  });

  it('sends neither once the visitor has moved to another page', () => {
    const r = recorder();
    const visit = startPageVisit({ sampled: false }, r.sinks);
    vi.advanceTimersByTime(29_000);
    visit.stop();
    vi.advanceTimersByTime(120_000);
    expect(r.log).toEqual([]);
  });
});

describe('bounce: no interaction and under 10 s', () => {
  it('leaving before 10 s without touching anything is a bounce; at 10 s it is not', () => {
    const early = startPageVisit({ sampled: false }, recorder().sinks);
    vi.advanceTimersByTime(9_999);
    expect(early.exit()).toEqual({ timeOnPage: 9_999, bounced: true });
    const stayed = startPageVisit({ sampled: false }, recorder().sinks);
    vi.advanceTimersByTime(10_000);
    expect(stayed.exit()).toEqual({ timeOnPage: 10_000, bounced: false });
  });

  it('a click or form input, however quick the visit, is not a bounce; input is a form_interaction once', () => {
    const clicked = startPageVisit({ sampled: false }, recorder().sinks);
    vi.advanceTimersByTime(1_000);
    clicked.click(null);
    expect(clicked.exit()).toEqual({ timeOnPage: 1_000, bounced: false });

    const r = recorder();
    const typed = startPageVisit({ sampled: false }, r.sinks);
    vi.advanceTimersByTime(2_000);
    typed.input();
    typed.input();
    expect(typed.exit()).toEqual({ timeOnPage: 2_000, bounced: false });
    expect(r.log).toEqual([{ at: 2_000, what: 'step', value: 'form_interaction' }]);
  });
});

describe('heatmap click buffer: 10 clicks or 2 s', () => {
  it('sends the tenth click and the nine before it at once', () => {
    const r = recorder();
    const visit = startPageVisit({ sampled: true }, r.sinks);
    for (let i = 1; i <= 9; i++) visit.click(click(i));
    expect(r.log).toEqual([]);
    visit.click(click(10));
    expect(r.log.map((e) => `${e.what}:${e.value}@${e.at}`)).toEqual(Array.from({ length: 10 }, (_, i) => `send:${i + 1}@0`));
    // The buffer's timer went with it: nothing more arrives later.
    vi.advanceTimersByTime(5_000);
    expect(r.log).toHaveLength(10);
  });

  it('sends fewer than 10 clicks 2 s after the first of them, not when later clicks arrive', () => {
    const r = recorder();
    const visit = startPageVisit({ sampled: true }, r.sinks);
    visit.click(click(1));
    vi.advanceTimersByTime(1_500);
    visit.click(click(2));
    vi.advanceTimersByTime(499);
    expect(r.log).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(r.log).toEqual([
      { at: 2_000, what: 'send', value: '1' },
      { at: 2_000, what: 'send', value: '2' },
    ]);
    // A click after a flush starts a new 2 s wait.
    visit.click(click(3));
    vi.advanceTimersByTime(1_999);
    expect(r.log).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(r.log.at(-1)).toEqual({ at: 4_000, what: 'send', value: '3' });
  });

  it('a visit outside the sample buffers nothing', () => {
    const r = recorder();
    const visit = startPageVisit({ sampled: false }, r.sinks);
    for (let i = 1; i <= 12; i++) visit.click(click(i));
    vi.advanceTimersByTime(2_000);
    expect(visit.exit()).toMatchObject({ bounced: false });
    expect(r.log).toEqual([]);
  });

  it('clicks still buffered when the page is hidden leave by beacon, and are not sent again', () => {
    const r = recorder();
    const visit = startPageVisit({ sampled: true }, r.sinks);
    visit.click(click(1));
    visit.click(click(2));
    vi.advanceTimersByTime(500);
    visit.exit();
    vi.advanceTimersByTime(5_000);
    visit.stop();
    expect(r.log).toEqual([
      { at: 500, what: 'beacon', value: '1' },
      { at: 500, what: 'beacon', value: '2' },
    ]);
  });

  it('moving to another page sends what is buffered right away', () => {
    const r = recorder();
    const visit = startPageVisit({ sampled: true }, r.sinks);
    visit.click(click(1));
    vi.advanceTimersByTime(300);
    visit.stop();
    expect(r.log).toEqual([{ at: 300, what: 'send', value: '1' }]);
    vi.advanceTimersByTime(5_000);
    expect(r.log).toHaveLength(1);
  });
});
