import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { sessionId } from './journey.ts';
import { pageTypeOf } from './page-type.ts';
import { beacon, send } from './transport.ts';

let started = false;

/**
 * Real-user Core Web Vitals for /admin/perf (issue 14 §3), from the web-vitals library. Started by
 * the analytics tracker, so only with consent; the transport checks consent again at each report
 * (the library cannot be stopped, so after a withdrawal its reports are dropped there). The metrics
 * belong to the document that loaded: its URL and page type are taken once, at start.
 */
export function startWebVitals(): void {
  if (started) return;
  started = true;
  const url = location.pathname;
  const pageType = pageTypeOf(url);
  const report = (metric: Metric) => {
    const body = {
      sessionId: sessionId(),
      name: metric.name,
      value: metric.value,
      rating: metric.rating,
      id: metric.id,
      url,
      pageType,
      navigationType: metric.navigationType,
    };
    // CLS and INP are final as the page is hidden; only a beacon outlives it.
    if (document.visibilityState === 'hidden') beacon('/api/analytics/web-vitals', body);
    else void send('/api/analytics/web-vitals', body);
  };
  onLCP(report);
  onINP(report);
  onCLS(report);
  onTTFB(report);
}
