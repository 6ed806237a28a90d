import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import {
  CLICK_BUFFER_FLUSH_MS,
  CLICK_BUFFER_MAX,
  HEATMAP_PAGE_SAMPLE_RATE,
  PAGE_VIEW_DELAY_MS,
  SCROLL_CLICK_THRESHOLD_PERCENT,
  isBounce,
  newScrollDepths,
} from '../../../shared/funnel.ts';
import { useConsentValue } from './consent.ts';
import { abandonFunnel, trackFunnelStep } from './funnel.ts';
import { beaconExitStep, sessionId, trackNavigation, trackStep } from './journey.ts';
import { pageTypeOf } from './page-type.ts';
import { beacon, primeToken, send } from './transport.ts';


const deviceType = () => (window.innerWidth < 768 ? 'mobile' : window.innerWidth < 1024 ? 'tablet' : 'desktop');
const browserType = () => {
  const ua = navigator.userAgent;
  if (/Edg\//.test(ua)) return 'edge';
  if (/Chrome\//.test(ua)) return 'chrome';
  if (/Firefox\//.test(ua)) return 'firefox';
  if (/Safari\//.test(ua)) return 'safari';
  return 'other';
};
const scrollPercent = () => {
  const el = document.documentElement;
  const max = el.scrollHeight - window.innerHeight;
  return max <= 0 ? 100 : Math.min(100, Math.round((window.scrollY / max) * 100));
};

/**
 * Spec §4 and §9 analytics, only with consent: journey steps and navigation, SEO page views
 * (after 100 ms), scroll depth at 25 % steps, CTA clicks (elements with data-cta), a sampled
 * click heatmap (buffer of 10 or 2 s), micro-conversions, and an exit beacon on unload.
 */
export function useAnalyticsTracker(): void {
  const consent = useConsentValue() === 'accepted';
  const location = useLocation();
  const previous = useRef<{ url: string; pageType: string; enteredAt: number } | null>(null);

  useEffect(() => {
    if (!consent) return;
    primeToken();
    const url = location.pathname + location.search;
    const pageType = pageTypeOf(location.pathname);
    const enteredAt = Date.now();
    const prev = previous.current;
    previous.current = { url, pageType, enteredAt };
    const sid = sessionId();
    let interacted = false;
    let maxDepth = 0;
    const reported = new Set<number>();
    const sampled = Math.random() * 100 < HEATMAP_PAGE_SAMPLE_RATE;
    let clicks: Array<Record<string, unknown>> = [];
    let flushTimer: ReturnType<typeof setTimeout> | undefined;

    const flushClicks = () => {
      clearTimeout(flushTimer);
      const batch = clicks;
      clicks = [];
      for (const click of batch) void send('/api/analytics/seo/heatmap-click', click);
    };

    const viewTimer = setTimeout(() => {
      void trackStep({ stepType: 'page_view', pageType, url, previousUrl: prev?.url ?? null, searchQuery: new URLSearchParams(location.search).get('q') });
      void send('/api/analytics/seo/page-view', {
        sessionId: sid,
        pageType,
        url,
        referrerUrl: prev?.url ?? (document.referrer || null),
        deviceType: deviceType(),
        browserType: browserType(),
        searchQuery: new URLSearchParams(location.search).get('q'),
      });
      trackFunnelStep('page_view', { sessionId: sid, pageType });
      if (prev) void trackNavigation({ fromUrl: prev.url, toUrl: url, timeOnPreviousPage: enteredAt - prev.enteredAt, fromPageType: prev.pageType, toPageType: pageType });
    }, PAGE_VIEW_DELAY_MS);

    const timers = [
      setTimeout(() => trackFunnelStep('time_30s', { sessionId: sid, pageType }), 30_000),
      setTimeout(() => trackFunnelStep('time_60s', { sessionId: sid, pageType }), 60_000),
    ];

    const onScroll = () => {
      const percent = scrollPercent();
      maxDepth = Math.max(maxDepth, percent);
      for (const depth of newScrollDepths(percent, reported)) {
        reported.add(depth);
        void send('/api/analytics/seo/scroll-depth', {
          sessionId: sid,
          pageType,
          url,
          depthPercentage: depth,
          timeToDepth: Date.now() - enteredAt,
          totalPageHeight: document.documentElement.scrollHeight,
          viewportHeight: window.innerHeight,
        });
        if (depth === 50) trackFunnelStep('scroll_50', { sessionId: sid, pageType });
      }
    };

    const onClick = (event: MouseEvent) => {
      interacted = true;
      const target = event.target instanceof Element ? event.target : null;
      const cta = target?.closest<HTMLElement>('[data-cta]');
      if (cta) {
        const ctaText = (cta.textContent ?? '').trim().slice(0, 200);
        const destinationUrl = cta.getAttribute('href');
        void send('/api/analytics/seo/cta-click', {
          sessionId: sid,
          pageType,
          ctaType: cta.dataset.cta ?? 'cta',
          ctaText,
          ctaPosition: cta.dataset.ctaPosition ?? null,
          clickX: event.pageX,
          clickY: event.pageY,
          timeToClick: Date.now() - enteredAt,
          destinationUrl,
        });
        void trackStep({ stepType: 'cta_click', pageType, url, ctaType: cta.dataset.cta ?? 'cta', ctaText });
        trackFunnelStep('cta_click', { sessionId: sid, pageType });
      }
      if (!sampled || !target) return;
      clicks.push({
        sessionId: sid,
        pageType,
        url,
        clickX: event.pageX,
        clickY: event.pageY,
        viewportWidth: window.innerWidth,
        viewportHeight: window.innerHeight,
        // Clicks after scrolling past 20 % are tagged, so the heatmap can tell engaged readers apart.
        element: `${target.tagName.toLowerCase()}${scrollPercent() > SCROLL_CLICK_THRESHOLD_PERCENT ? ' (scrolled)' : ''}`,
        elementText: (target.textContent ?? '').trim().slice(0, 100),
        timeFromPageLoad: Math.round(performance.now()),
      });
      if (clicks.length >= CLICK_BUFFER_MAX) flushClicks();
      else if (!flushTimer) flushTimer = setTimeout(() => { flushTimer = undefined; flushClicks(); }, CLICK_BUFFER_FLUSH_MS);
    };
    const onInput = () => {
      if (!interacted) trackFunnelStep('form_interaction', { sessionId: sid, pageType });
      interacted = true;
    };

    const onPageHide = () => {
      const timeOnPage = Date.now() - enteredAt;
      beaconExitStep({ stepType: 'page_view', pageType, url, timeOnPage });
      beacon('/api/analytics/seo/page-view', {
        sessionId: sid,
        pageType,
        url,
        timeOnPage,
        scrollDepthMax: maxDepth,
        bounced: isBounce(interacted, timeOnPage),
        exitPage: true,
        deviceType: deviceType(),
        browserType: browserType(),
      });
      abandonFunnel();
    };

    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('click', onClick, true);
    document.addEventListener('input', onInput, true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearTimeout(viewTimer);
      timers.forEach(clearTimeout);
      flushClicks();
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('input', onInput, true);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [consent, location.pathname, location.search]);
}
