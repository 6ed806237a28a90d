import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { BOOKING_MESSAGE_MAX } from '../../../shared/booking-rules.ts';
import type { TReview, TReviewPhoto } from '../../../shared/contracts/artists.ts';
import { REVIEW_ASPECTS, REVIEW_BODY_MAX, REVIEW_HEADLINE_MAX, ZReviewCreate, ZReviewReply, type TMyReviews } from '../../../shared/contracts/bookings.ts';
import { apiRequest } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { Field, sentence } from '../../ui/field.tsx';
import { ReviewPhotos } from '../../ui/review-photos.tsx';
import { StarRating } from '../../ui/star-rating.tsx';
import { ReviewPhotosField } from './review-photos-field.tsx';
import { StarInput } from './star-input.tsx';

const MINE_KEY = ['/api/reviews/mine'] as const;
const CARD = 'rounded-lg border border-stone-200 bg-white p-4 sm:p-6';
const INPUT =
  'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600 aria-[invalid=true]:border-red-700';

type ToReview = TMyReviews['toReview'][number];
type ReviewInput = z.input<typeof ZReviewCreate>;
type ReviewOutput = z.output<typeof ZReviewCreate>;

const fmtDate = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

/** Anything that shows reviews or ratings (profiles, search cards, landing highlights) is out of date after a review or a reply. */
function refreshReviews(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && (q.queryKey[0] === MINE_KEY[0] || q.queryKey[0].startsWith('/api/artists') || q.queryKey[0].startsWith('/api/reviews')),
  });
}

function VerifiedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900">
      <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" /> Verified Booking
    </span>
  );
}

function ReviewBody({ review }: { review: TReview }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <StarRating value={review.ratingValue} />
        {review.isVerified ? <VerifiedBadge /> : null}
        {review.reviewAspect ? <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-800">{review.reviewAspect}</span> : null}
      </div>
      <h3 className="mt-2 font-semibold text-stone-900">{review.headline}</h3>
      <p className="mt-1 whitespace-pre-line text-stone-800">{review.reviewBody}</p>
      <ReviewPhotos photos={review.photos} className="mt-3" />
      {review.pros || review.cons ? (
        <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
          {review.pros ? (
            <div>
              <dt className="font-medium text-emerald-900">Good</dt>
              <dd className="text-stone-800">{review.pros}</dd>
            </div>
          ) : null}
          {review.cons ? (
            <div>
              <dt className="font-medium text-stone-900">Could be better</dt>
              <dd className="text-stone-800">{review.cons}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </>
  );
}

function Reply({ reply, who }: { reply: NonNullable<TReview['reply']>; who: string }) {
  return (
    <div className="mt-3 border-l-4 border-stone-300 pl-3">
      <p className="text-sm font-medium text-stone-900">
        Reply from {who} · <time dateTime={reply.date}>{fmtDate(reply.date)}</time>
      </p>
      <p className="mt-1 whitespace-pre-line text-sm text-stone-800">{reply.body}</p>
    </div>
  );
}

function ReviewForm({ item, onDone, onCancel }: { item: ToReview; onDone: () => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [photos, setPhotos] = useState<TReviewPhoto[]>([]);
  const id = useId();
  const form = useForm<ReviewInput, unknown, ReviewOutput>({
    resolver: zodResolver(ZReviewCreate),
    defaultValues: { bookingId: item.bookingId, headline: '', reviewBody: '', pros: '', cons: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await apiRequest('POST', '/api/reviews', { ...values, photoIds: photos.map((p) => p.id) });
      await refreshReviews(queryClient);
      toast({ title: 'Review published', description: `Thank you — your review of ${item.artist.displayName} is on their profile.`, variant: 'success' });
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    }
  });
  const body = useWatch({ control: form.control, name: 'reviewBody' }) ?? '';
  return (
    <form method="post" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={`Review of ${item.serviceName} with ${item.artist.displayName}`} className="mt-4 space-y-4 rounded-md bg-stone-50 p-4">
      <Controller
        control={form.control}
        name="ratingValue"
        render={({ field }) => (
          <StarInput
            name={`${id}-rating`}
            legend="Your rating"
            value={field.value}
            onChange={field.onChange}
            // zod's own words for a missing number are for developers.
            error={errors.ratingValue ? (field.value === undefined ? 'Choose a rating from 1 to 5 stars.' : sentence(errors.ratingValue.message ?? '')) : undefined}
          />
        )}
      />
      <Field label="Headline" maxLength={REVIEW_HEADLINE_MAX} placeholder="Sum it up in a few words" {...form.register('headline')} error={errors.headline?.message} />
      <div className="space-y-1">
        <label htmlFor={`${id}-body`} className="block text-sm font-medium text-stone-900">Your review</label>
        <textarea
          id={`${id}-body`}
          rows={5}
          maxLength={REVIEW_BODY_MAX}
          aria-invalid={errors.reviewBody ? true : undefined}
          aria-describedby={`${id}-body-hint${errors.reviewBody ? ` ${id}-body-error` : ''}`}
          className={INPUT}
          {...form.register('reviewBody')}
        />
        <p id={`${id}-body-hint`} className="text-xs text-stone-600">
          How was the experience, the result, the healing? {body.length}/{REVIEW_BODY_MAX}
        </p>
        {errors.reviewBody ? <p id={`${id}-body-error`} className="text-sm text-red-700">{sentence(errors.reviewBody.message ?? '')}</p> : null}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-aspect`} className="block text-sm font-medium text-stone-900">What stood out most (optional)</label>
        <select
          id={`${id}-aspect`}
          className={INPUT}
          {...form.register('reviewAspect', { setValueAs: (v: string) => (v ? v : undefined) })}
        >
          <option value="">Nothing in particular</option>
          {REVIEW_ASPECTS.map((a) => (
            <option key={a} value={a}>{a}</option>
          ))}
        </select>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="What was good (optional)" maxLength={500} {...form.register('pros')} error={errors.pros?.message} />
        <Field label="What could be better (optional)" maxLength={500} {...form.register('cons')} error={errors.cons?.message} />
      </div>
      <ReviewPhotosField photos={photos} onChange={setPhotos} />
      {error ? <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{error}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Publishing…' : 'Publish review'}</Button>
        <Button variant="secondary" onClick={onCancel}>Not now</Button>
      </div>
    </form>
  );
}

function ToReviewSection({ items }: { items: ToReview[] }) {
  const [params, setParams] = useSearchParams();
  const open = params.get('booking');
  const setOpen = (bookingId: string | null) => {
    const next = new URLSearchParams(params);
    if (bookingId) next.set('booking', bookingId);
    else next.delete('booking');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const missing = open && !items.some((i) => i.bookingId === open);
  return (
    <section aria-labelledby="to-review-heading" className={CARD}>
      <h2 id="to-review-heading" className="text-xl font-semibold text-stone-900">To review</h2>
      {missing ? <p className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-stone-900">That booking has no review to write: it is already reviewed, not completed yet, or not yours.</p> : null}
      {items.length === 0 ? (
        <p className="mt-2 text-stone-700">
          Nothing to review right now. After a completed appointment you can review it here. <Link to="/artists" className="underline underline-offset-2">Find an artist</Link>
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-200" aria-label="Appointments to review">
          {items.map((item) => (
            <li key={item.bookingId} className="py-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <p className="font-semibold text-stone-900">
                    {item.serviceName} with <Link to={`/artists/${item.artist.slug}`} className="underline-offset-2 hover:underline">{item.artist.displayName}</Link>
                  </p>
                  <p className="text-sm text-stone-700">
                    <time dateTime={item.startsAt}>{fmtDate(item.startsAt)}</time> · <Link to={`/bookings/${item.bookingId}`} className="underline underline-offset-2">booking</Link>
                  </p>
                </div>
                {open === item.bookingId ? null : (
                  <Button variant="accent" onClick={() => setOpen(item.bookingId)} aria-label={`Write a review: ${item.serviceName} with ${item.artist.displayName}`}>
                    Write a review
                  </Button>
                )}
              </div>
              {open === item.bookingId ? <ReviewForm item={item} onDone={() => setOpen(null)} onCancel={() => setOpen(null)} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReplyForm({ review }: { review: TReview }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZReviewReply.safeParse({ reply: text });
    if (!parsed.success) return setError(sentence(parsed.error.issues[0]?.message ?? 'Write a reply.'));
    setPending(true);
    setError(null);
    try {
      await apiRequest('POST', `/api/reviews/${review.id}/reply`, parsed.data);
      await refreshReviews(queryClient);
      toast({ title: 'Reply posted', description: 'It shows under the review on your profile.', variant: 'success' });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <form method="post" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={`Reply to ${review.author.name}`} className="mt-3 space-y-2">
      <label htmlFor={`${id}-reply`} className="block text-sm font-medium text-stone-900">Your reply</label>
      <textarea
        id={`${id}-reply`}
        rows={3}
        maxLength={BOOKING_MESSAGE_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className={INPUT}
      />
      <p id={`${id}-hint`} className="text-xs text-stone-600">You can reply once; the reply is public, under the review.</p>
      {error ? <p id={`${id}-error`} role="alert" className="text-sm text-red-700">{error}</p> : null}
      <Button type="submit" variant="secondary" disabled={pending}>{pending ? 'Posting…' : 'Post reply'}</Button>
    </form>
  );
}

function ReviewsContent({ data }: { data: TMyReviews }) {
  return (
    <div className="space-y-6">
      <ToReviewSection items={data.toReview} />

      <section aria-labelledby="written-heading" className={CARD}>
        <h2 id="written-heading" className="text-xl font-semibold text-stone-900">Written by me</h2>
        {data.written.length === 0 ? (
          <p className="mt-2 text-stone-700">You have not written a review yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200" aria-label="Reviews written by me">
            {data.written.map((r) => (
              <li key={r.id} className="py-4">
                <p className="mb-2 text-sm text-stone-700">
                  For <Link to={`/artists/${r.artist.slug}`} className="font-medium text-stone-900 underline-offset-2 hover:underline">{r.artist.displayName}</Link> ·{' '}
                  <time dateTime={r.datePublished}>{fmtDate(r.datePublished)}</time>
                </p>
                <ReviewBody review={r} />
                {r.reply ? <Reply reply={r.reply} who={r.artist.displayName} /> : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      {data.received ? (
        <section aria-labelledby="received-heading" className={CARD}>
          <h2 id="received-heading" className="text-xl font-semibold text-stone-900">Received</h2>
          {data.received.length === 0 ? (
            <p className="mt-2 text-stone-700">No reviews yet. Clients can review you after a completed appointment.</p>
          ) : (
            <ul className="mt-2 divide-y divide-stone-200" aria-label="Reviews I received">
              {data.received.map((r) => (
                <li key={r.id} className="py-4">
                  <p className="mb-2 text-sm text-stone-700">
                    By <span className="font-medium text-stone-900">{r.author.name}</span>
                    {r.author.location ? `, ${r.author.location}` : ''} · <time dateTime={r.datePublished}>{fmtDate(r.datePublished)}</time> ·{' '}
                    <Link to={`/bookings/${r.bookingId}`} className="underline underline-offset-2">booking</Link>
                  </p>
                  <ReviewBody review={r} />
                  {r.reply ? <Reply reply={r.reply} who="you" /> : <ReplyForm review={r} />}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** /reviews: appointments to review (with ?booking= opening one), what I wrote, and for artists what I received, with a reply. */
export default function ReviewsPage() {
  const query = useQuery<TMyReviews>({ queryKey: MINE_KEY, staleTime: 0 });
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-stone-900">Reviews</h1>
          <p className="mt-1 text-stone-700">Only clients of a completed booking can review it, so every review here is a Verified Booking.</p>
        </div>
        <ButtonLink to="/dashboard" variant="secondary" className="px-4 py-2 text-sm">Your bookings</ButtonLink>
      </header>
      {query.isPending ? (
        <div role="status" aria-label="Loading your reviews" className="space-y-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-24 animate-pulse rounded-lg bg-stone-100 motion-reduce:animate-none" />
          ))}
        </div>
      ) : null}
      {query.isError ? <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">Could not load your reviews. {errorMessage(query.error)}</p> : null}
      {query.data ? <ReviewsContent data={query.data} /> : null}
    </div>
  );
}
