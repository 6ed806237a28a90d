import { queryOptions } from '@tanstack/react-query';
import type { TBookingConsent } from '../../shared/contracts/consent.ts';

/**
 * A booking's consent, shared by the consent pages, the booking page and the dashboards. Never kept
 * on the device: lib/offline-store.ts saves only allow-listed paths (a booking, not its consent) and
 * the service worker caches no /api/* answer.
 */
export const bookingConsentOptions = (bookingId: string) => queryOptions<TBookingConsent>({ queryKey: [`/api/bookings/${encodeURIComponent(bookingId)}/consent`] });

/** The client's form for a booking: the booking id is the only thing in the address. */
export { consentFormHref } from '../../shared/contracts/consent.ts';

/** The signed PDF (client, booked artist and admins only; `no-store`). */
export const consentPdfUrl = (formId: string) => `/api/consent-forms/${encodeURIComponent(formId)}.pdf`;
