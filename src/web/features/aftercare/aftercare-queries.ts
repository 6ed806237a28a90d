import { queryOptions } from '@tanstack/react-query';
import type { TAftercare } from '../../../shared/contracts/aftercare.ts';

/** A booking's aftercare: the page reads it, and the route's loader fetches it for the server render. */
export const aftercareOptions = (bookingId: string) => queryOptions<TAftercare>({ queryKey: [`/api/bookings/${bookingId}/aftercare`] });
