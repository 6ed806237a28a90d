import { FUNNEL_COMPLETE_STEP } from '../../../shared/funnel.ts';
import { trackFunnelStep } from './funnel.ts';
import { sessionId, trackConversion, trackStep } from './journey.ts';
import { pageTypeOf } from './page-type.ts';
import { analyticsAllowed } from './transport.ts';

/**
 * What pages tell analytics at the moment something happens (spec §4): a funnel step or a
 * micro-conversion by name. Without consent it does nothing at all; unknown names are warned about
 * and ignored (trackFunnelStep). Booking steps also go into the journey as `booking_step`s.
 */
export function trackFunnel(step: string, extra: { bookingId?: string } = {}): void {
  if (!analyticsAllowed()) return;
  const pageType = pageTypeOf(location.pathname);
  trackFunnelStep(step, { sessionId: sessionId(), pageType, ...extra });
  if (step === 'consultation_start' || step === 'booking_start') {
    void trackStep({ stepType: 'booking_step', pageType, url: location.pathname + location.search, ctaType: step });
  }
}

/**
 * Spec §4: the booking request was accepted by the server — funnel step 6 (completed), the journey's
 * `/conversion` call, and the end of the journey's tracking for this session.
 */
export function trackBookingComplete(bookingId: string, valueCents: number): void {
  // The value is the booking's deposit in minor units (DESIGN §3: money is integer minor units).
  if (!analyticsAllowed()) return;
  const pageType = pageTypeOf(location.pathname);
  trackFunnelStep(FUNNEL_COMPLETE_STEP, { sessionId: sessionId(), pageType, bookingId });
  void trackStep({ stepType: 'booking_step', pageType, url: location.pathname, ctaType: FUNNEL_COMPLETE_STEP }).then(() =>
    trackConversion(FUNNEL_COMPLETE_STEP, valueCents, bookingId),
  );
}
