/**
 * Core Web Vitals shown on /admin/perf (issue 14 §3), with the thresholds web.dev publishes: a page
 * is "good" at the 75th percentile when it is at or under `good`, "poor" above `poor`.
 */
export const WEB_VITAL_NAMES = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

export const WEB_VITAL_THRESHOLDS: Record<WebVitalName, { good: number; poor: number; unit: 'ms' | '' }> = {
  LCP: { good: 2500, poor: 4000, unit: 'ms' },
  INP: { good: 200, poor: 500, unit: 'ms' },
  CLS: { good: 0.1, poor: 0.25, unit: '' },
  TTFB: { good: 800, poor: 1800, unit: 'ms' },
};

export type WebVitalRating = 'good' | 'needs-improvement' | 'poor';

export function rateWebVital(name: WebVitalName, value: number): WebVitalRating {
  const t = WEB_VITAL_THRESHOLDS[name];
  return value <= t.good ? 'good' : value <= t.poor ? 'needs-improvement' : 'poor';
}

export function formatWebVital(name: WebVitalName, value: number): string {
  return WEB_VITAL_THRESHOLDS[name].unit === 'ms' ? `${Math.round(value)} ms` : value.toFixed(3);
}
