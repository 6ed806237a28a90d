import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { PAGE_VIEW_DELAY_MS, SCROLL_CLICK_THRESHOLD_PERCENT, newScrollDepths } from '../../../shared/funnel.ts';
import { useConsentValue } from './consent.ts';
import { abandonFunnel, trackFunnelStep } from './funnel.ts';
import { beaconExitStep, referrerSource, sessionId, trackNavigation, trackStep } from './journey.ts';
import { heatmapSampleRate, isArtistProfilePath, isBookingFlowPath, pageTypeOf } from './page-type.ts';
import { startPageVisit } from './page-visit.ts';
import { beacon, primeToken, send } from './transport.ts';
import { startWebVitals } from './web-vitals.ts';

const SAMPLE_KEY = 'inkhaven-heatmap-sample';
/** One draw per session, so a sampled visitor's clicks are kept on every page at that page's rate. */
function sessionSample(): number {
  let value = Number(sessionStorage.getItem(SAMPLE_KEY));
  if (!sessionStorage.getItem(SAMPLE_KEY) || !Number.isFinite(value)) {
    value = Math.random() * 100;
    sessionStorage.setItem(SAMPLE_KEY, String(value));
  }
  return value;
}

/**
 * Where on the page an element sits, for CTA clicks (`ctaPosition`) and navigation (`linkPosition`):
 * its own or an ancestor's `data-cta-position`, else the landmark around it.
 */
export function positionOf(el: Element): string {
  const marked = el.closest<HTMLElement>('[data-cta-position]')?.dataset.ctaPosition;
  if (marked) return marked;
  const landmark = el.closest('header, nav, footer, aside, dialog, [role="dialog"], main');
  if (!landmark) return 'page';
  return landmark.getAttribute('role') === 'dialog' ? 'dialog' : landmark.tagName.toLowerCase();
}

const linkTextOf = (el: Element) => ((el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200) || null);

/** The link followed last, so the page it leads to can report how the visitor got there. */
let lastLink: { href: string; text: string | null; position: string; at: number } | null = null;
const LINK_FRESH_MS = 5_000;


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
    let maxDepth = 0;
    const reported = new Set<number>();
    const visit = startPageVisit(
      { sampled: sessionSample() < heatmapSampleRate(pageType) },
      {
        funnelStep: (step) => trackFunnelStep(step, { sessionId: sid, pageType }),
        sendClick: (click) => void send('/api/analytics/seo/heatmap-click', click),
        beaconClick: (click) => beacon('/api/analytics/seo/heatmap-click', click),
      },
    );
    startWebVitals();
    const followed = lastLink && Date.now() - lastLink.at < LINK_FRESH_MS && lastLink.href === location.pathname ? lastLink : null;
    lastLink = null;

    const viewTimer = setTimeout(() => {
      void trackStep({ stepType: 'page_view', pageType, url, previousUrl: prev?.url ?? null, searchQuery: new URLSearchParams(location.search).get('q') });
      void send('/api/analytics/seo/page-view', {
        sessionId: sid,
        pageType,
        url,
        referrerUrl: prev?.url ?? (document.referrer || null),
        referrerSource: prev ? 'internal' : referrerSource(document.referrer),
        deviceType: deviceType(),
        browserType: browserType(),
        searchQuery: new URLSearchParams(location.search).get('q'),
      });
      trackFunnelStep('page_view', { sessionId: sid, pageType });
      // Funnel steps 3 and 5 happen as these pages open (spec §4); 4 and 6 are reported by the booking flow.
      if (isArtistProfilePath(location.pathname)) trackFunnelStep('artist_view', { sessionId: sid, pageType });
      if (isBookingFlowPath(location.pathname)) {
        trackFunnelStep('booking_start', { sessionId: sid, pageType });
        void trackStep({ stepType: 'booking_step', pageType, url, ctaType: 'booking_start' });
      }
      if (prev) {
        void trackNavigation({
          fromUrl: prev.url,
          toUrl: url,
          timeOnPreviousPage: enteredAt - prev.enteredAt,
          fromPageType: prev.pageType,
          toPageType: pageType,
          transitionType: followed ? 'link' : 'history',
          linkText: followed?.text ?? null,
          linkPosition: followed?.position ?? null,
        });
      }
    }, PAGE_VIEW_DELAY_MS);

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
      const target = event.target instanceof Element ? event.target : null;
      const link = target?.closest<HTMLAnchorElement>('a[href]');
      if (link && link.origin === window.location.origin) {
        lastLink = { href: link.pathname, text: linkTextOf(link), position: positionOf(link), at: Date.now() };
      }
      const cta = target?.closest<HTMLElement>('[data-cta]');
      if (cta) {
        const ctaText = linkTextOf(cta) ?? '';
        const destinationUrl = cta.getAttribute('href');
        void send('/api/analytics/seo/cta-click', {
          sessionId: sid,
          pageType,
          ctaType: cta.dataset.cta ?? 'cta',
          ctaText,
          ctaPosition: positionOf(cta),
          clickX: event.pageX,
          clickY: event.pageY,
          timeToClick: Date.now() - enteredAt,
          destinationUrl,
        });
        void trackStep({ stepType: 'cta_click', pageType, url, ctaType: cta.dataset.cta ?? 'cta', ctaText });
        trackFunnelStep('cta_click', { sessionId: sid, pageType });
      }
      visit.click(target && {
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
    };
    const onInput = () => visit.input();

    const onPageHide = () => {
      // Buffered heatmap clicks would be lost with the page: they leave by beacon.
      const { timeOnPage, bounced } = visit.exit();
      beaconExitStep({ stepType: 'page_view', pageType, url, timeOnPage });
      beacon('/api/analytics/seo/page-view', {
        sessionId: sid,
        pageType,
        url,
        timeOnPage,
        scrollDepthMax: maxDepth,
        bounced,
        referrerSource: prev ? 'internal' : referrerSource(document.referrer),
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
      visit.stop();
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('input', onInput, true);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [consent, location.pathname, location.search]);
}
