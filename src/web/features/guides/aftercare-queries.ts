import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { THighlightReview } from '../../../shared/contracts/review-highlights.ts';

/** The aftercare guide's testimonials: real reviews about aftercare and healing (GET /api/aftercare/testimonials). */
export const aftercareTestimonialsOptions = () => queryOptions<{ items: THighlightReview[] }>({ queryKey: ['/api/aftercare/testimonials'], staleTime: 5 * 60_000 });

/** The guide's loader primes them so the first HTML has them; a failure leaves the section to show its error. */
export async function loadAftercareTestimonials(queryClient: QueryClient): Promise<null> {
  try {
    await queryClient.ensureQueryData(aftercareTestimonialsOptions());
  } catch {
    // The page still renders; its testimonial section shows the error and a retry.
  }
  return null;
}
