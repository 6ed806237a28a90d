/** Spec §4: the conversion funnel and its micro-conversions. */
export const FUNNEL_STEPS = {
  page_view: 1,
  cta_click: 2,
  artist_view: 3,
  consultation_start: 4,
  booking_start: 5,
  booking_complete: 6,
} as const;

export const MICRO_CONVERSIONS = {
  scroll_50: 1.1,
  time_30s: 1.2,
  time_60s: 1.3,
  form_interaction: 2.1,
  gallery_view: 2.2,
  social_share: 2.3,
} as const;

export type FunnelStep = keyof typeof FUNNEL_STEPS;
export type MicroConversion = keyof typeof MICRO_CONVERSIONS;
export const FUNNEL_COMPLETE_STEP: FunnelStep = 'booking_complete';

export function stepOrder(name: string): number | null {
  if (name in FUNNEL_STEPS) return FUNNEL_STEPS[name as FunnelStep];
  if (name in MICRO_CONVERSIONS) return MICRO_CONVERSIONS[name as MicroConversion];
  return null;
}

export const abandonmentStepName = (lastOrder: number) => `abandonment_step_${lastOrder}`;

/** Spec §9: a bounce is a visit with no interaction that lasted under 10 s. */
export const BOUNCE_MAX_MS = 10_000;
export const isBounce = (interacted: boolean, timeOnPageMs: number) => !interacted && timeOnPageMs < BOUNCE_MAX_MS;

export const SCROLL_DEPTH_STEPS = [25, 50, 75, 100] as const;
/** Depth marks newly reached at this scroll position that were not reported yet. */
export function newScrollDepths(percent: number, reported: ReadonlySet<number>): number[] {
  return SCROLL_DEPTH_STEPS.filter((d) => percent >= d && !reported.has(d));
}

export const HEATMAP_DEFAULT_SAMPLE_RATE = 100;
export const HEATMAP_PAGE_SAMPLE_RATE = 25;
export const CLICK_BUFFER_MAX = 10;
export const CLICK_BUFFER_FLUSH_MS = 2_000;
export const SCROLL_CLICK_THRESHOLD_PERCENT = 20;
export const PAGE_VIEW_DELAY_MS = 100;
