import { ShareButton } from '../../ui/share-button.tsx';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { AtSign, BadgeCheck, CalendarPlus, Clock, MapPin, MessageCircle } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { TArtistProfile } from '../../../shared/contracts/artists.ts';
import { isLiveHref } from '../../../shared/live-routes.ts';
import { formatDuration, formatLongDateUtc, formatMoney, weekdayName, zoneLabel } from '../../lib/format.ts';
import { errorMessage } from '../../lib/errors.ts';
import { Button } from '../../ui/button.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { ReviewPhotos } from '../../ui/review-photos.tsx';
import { StarRating } from '../../ui/star-rating.tsx';
import { FavouriteToggle } from '../../ui/favourite-toggle.tsx';
import { ImageGallery } from '../../ui/image-gallery.tsx';
import { artistProfileOptions, artistReviewsOptions } from './api/artist-queries.ts';
import { ArtistFlashDesigns } from './components/flash-designs.tsx';
import { RatingSummary } from './components/rating-summary.tsx';
import { NextAvailable } from './components/next-available.tsx';
import { ProfileSafety } from './components/profile-safety.tsx';
import { FormResult } from '../../ui/form-result.tsx';
import { ReportForm } from '../../ui/report-form.tsx';
import { useAuth } from '../../lib/auth.ts';

const KIND_LABEL = { tattoo: 'Tattoo artist', piercing: 'Piercer', both: 'Tattoo artist and piercer' } as const;

function WorkingHours({ hours, timezone }: { hours: TArtistProfile['workingHours']; timezone: string }) {
  return (
    <div>
      <dl className="grid grid-cols-[8rem_1fr] gap-y-1 text-sm">
        {[1, 2, 3, 4, 5, 6, 7].map((d) => {
          const ranges = hours[String(d) as keyof typeof hours] ?? [];
          return (
            <div key={d} className="contents">
              <dt className="text-stone-700">{weekdayName(d)}</dt>
              <dd className="text-stone-900">{ranges.length ? ranges.map(([a, b]) => `${a}–${b}`).join(', ') : 'Closed'}</dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-2 text-xs text-stone-600">Times are in {zoneLabel(timezone)}.</p>
    </div>
  );
}

function Reviews({ slug }: { slug: string }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const reviews = useInfiniteQuery(artistReviewsOptions(queryClient, slug));
  const items = reviews.data?.pages.flatMap((p) => p.items) ?? [];
  if (reviews.isPending) return <p role="status" className="text-stone-600">Loading reviews…</p>;
  if (reviews.isError) return <p role="alert" className="text-red-800">{errorMessage(reviews.error)}</p>;
  return (
    <>
      <RatingSummary rating={reviews.data.pages[0]!.aggregate} />
      <ol className="mt-6 space-y-4">
        {items.map((r) => (
          <li key={r.id} className="rounded-lg border border-stone-200 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <StarRating value={r.ratingValue} size={14} />
              <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">Verified Booking</span>
            </div>
            <h3 className="mt-2 font-semibold text-stone-900">{r.headline}</h3>
            <p className="mt-1 whitespace-pre-line text-stone-800">{r.reviewBody}</p>
            <ReviewPhotos photos={r.photos} className="mt-3" />
            <p className="mt-2 text-xs text-stone-600">
              {r.author.name}
              {r.author.location ? `, ${r.author.location}` : ''} · <time dateTime={r.datePublished}>{formatLongDateUtc(r.datePublished)}</time>
            </p>
            {r.reply ? (
              <div className="mt-3 rounded-md bg-stone-50 p-3 text-sm">
                <p className="font-medium text-stone-900">Reply from the artist</p>
                <p className="mt-1 text-stone-800">{r.reply.body}</p>
              </div>
            ) : null}
            {user ? (
              <div className="mt-3">
                <ReportForm targetType="review" targetId={r.id} label="Report this review" returnTo={`/artists/${slug}#reviews-heading`} />
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {reviews.hasNextPage ? (
        <Button variant="secondary" className="mt-4" onClick={() => void reviews.fetchNextPage()} disabled={reviews.isFetchingNextPage}>
          {reviews.isFetchingNextPage ? 'Loading…' : 'More reviews'}
        </Button>
      ) : null}
    </>
  );
}

/** /artists/{slug} and /artist/{slug}. */
export default function ArtistProfilePage() {
  const { slug = '' } = useParams();
  const { data: artist } = useQuery(artistProfileOptions(slug));
  if (!artist) return <p role="status" className="px-4 py-12 text-center text-stone-600">Loading profile…</p>;
  const sessions = artist.services.filter((s) => s.kind !== 'consultation');
  const consultations = artist.services.filter((s) => s.kind === 'consultation');
  return (
    <article className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-4 empty:hidden">
        <FormResult messages={{ reported: 'Thank you. The Inkhaven team will look at your report.', blocked: `You blocked ${artist.displayName}. Neither of you can message the other.` }} />
      </div>
      <header className="flex flex-col gap-6 border-b border-stone-200 pb-8 md:flex-row md:items-end md:justify-between">
        <div className="flex items-start gap-4 sm:gap-6">
          <Avatar id={artist.id} name={artist.displayName} url={artist.avatarUrl} size="xl" decorative />
          <div>
            <p className="text-sm font-medium uppercase tracking-wide text-amber-800">{KIND_LABEL[artist.kind]}</p>
            <h1 className="mt-1 flex flex-wrap items-center gap-2 text-3xl font-bold text-stone-900 sm:text-4xl">
              {artist.displayName}
              {artist.verified ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-sm font-medium text-emerald-800">
                  <BadgeCheck className="h-4 w-4" aria-hidden="true" /> Verified
                </span>
              ) : null}
            </h1>
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-stone-700">
              <span className="inline-flex items-center gap-1">
                <MapPin className="h-4 w-4" aria-hidden="true" />
                {artist.studio ? (
                  // One inline box: as separate children of this flex row, the link and ", city" were two
                  // flex items with the row's gap between them ("Black Anchor Tattoo Co. , New York").
                  <span>
                    <Link to={`/studios/${artist.studio.slug}`} className="underline underline-offset-2">{artist.studio.name}</Link>, {artist.city}
                  </span>
                ) : (
                  `Independent · ${artist.city}`
                )}
              </span>
              <span className="inline-flex items-center gap-1"><Clock className="h-4 w-4" aria-hidden="true" /> {zoneLabel(artist.timezone)}</span>
              {artist.instagram ? (
                <span className="inline-flex items-center gap-1"><AtSign className="h-4 w-4" aria-hidden="true" /> {artist.instagram.replace(/^@/, '')}</span>
              ) : null}
            </p>
            {artist.rating.ratingValue !== null ? <StarRating className="mt-2" value={artist.rating.ratingValue} count={artist.rating.reviewCount} /> : null}
            <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Styles">
              {artist.styles.map((s) => (
                <li key={s} className="rounded-full bg-stone-100 px-2.5 py-1 text-sm text-stone-800">{s}</li>
              ))}
            </ul>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/book/${artist.id}`} data-cta="book" data-cta-position="profile-header" className="inline-flex items-center gap-2 rounded-md bg-stone-900 px-5 py-3 font-semibold text-white hover:bg-stone-700">
            <CalendarPlus className="h-4 w-4" aria-hidden="true" /> Book
          </Link>
          {/* A link, so it works before hydration; signed out, the protected composer sends the visitor to sign in and back. */}
          {isLiveHref('/messages') && artist.acceptInquiries ? (
            <Link to={`/messages/new?artist=${encodeURIComponent(artist.slug)}`} data-cta="message" data-cta-position="profile-header" className="inline-flex items-center gap-2 rounded-md border border-stone-300 px-5 py-3 font-semibold text-stone-900 hover:bg-stone-100">
              <MessageCircle className="h-4 w-4" aria-hidden="true" /> Message
            </Link>
          ) : null}
          <FavouriteToggle kind="artist" id={artist.id} name={artist.displayName} variant="labelled" />
          <ShareButton path={`/artists/${artist.slug}`} title={`${artist.displayName} on Inkhaven`} label={`Share ${artist.displayName}’s profile`} />
        </div>
      </header>

      <div className="mt-8 grid gap-10 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-10">
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-xl font-semibold text-stone-900">About</h2>
            <p className="mt-2 whitespace-pre-line text-stone-800">{artist.bio || `${artist.displayName} has not written a bio yet.`}</p>
          </section>
          <section aria-labelledby="portfolio-heading">
            <h2 id="portfolio-heading" className="mb-3 text-xl font-semibold text-stone-900">Portfolio</h2>
            <ImageGallery
              images={artist.portfolio}
              title={`${artist.displayName} portfolio`}
              emptyText={`${artist.displayName} has not added portfolio images yet.`}
              describe={(i) => `Portfolio image ${i + 1} by ${artist.displayName}`}
              tryOnHref={artist.kind !== 'piercing' ? (img) => `/ar-test?image=${encodeURIComponent(img.url)}&artist=${encodeURIComponent(artist.slug)}` : undefined}
            />
          </section>
          {artist.kind !== 'piercing' ? (
            <section aria-labelledby="flash-heading">
              <h2 id="flash-heading" className="mb-3 text-xl font-semibold text-stone-900">Flash designs</h2>
              <ArtistFlashDesigns artistId={artist.id} artistName={artist.displayName} />
            </section>
          ) : null}
          <section aria-labelledby="reviews-heading">
            <h2 id="reviews-heading" className="mb-3 text-xl font-semibold text-stone-900">Reviews</h2>
            <Reviews slug={slug} />
          </section>
        </div>
        <aside className="space-y-8">
          <section aria-labelledby="next-available-heading" className="rounded-lg border border-stone-200 p-5">
            <h2 id="next-available-heading" className="mb-2 text-lg font-semibold text-stone-900">Next available</h2>
            <NextAvailable artistId={artist.id} timezone={artist.timezone} services={artist.services} />
          </section>
          <section aria-labelledby="services-heading" className="rounded-lg border border-stone-200 p-5">
            <h2 id="services-heading" className="text-lg font-semibold text-stone-900">Services</h2>
            <ul className="mt-3 divide-y divide-stone-200">
              {[...consultations, ...sessions].map((s) => (
                <li key={s.id} className="py-3">
                  <p className="font-medium text-stone-900">{s.name}</p>
                  <p className="text-sm text-stone-700">
                    {formatDuration(s.durationMinutes)} ·{' '}
                    {s.priceMaxCents === 0 ? 'Free' : s.priceMinCents === s.priceMaxCents ? formatMoney(s.priceMinCents, s.currency) : `${formatMoney(s.priceMinCents, s.currency)}–${formatMoney(s.priceMaxCents, s.currency)}`}
                    {s.difficulty ? ` · ${s.difficulty}` : ''}
                  </p>
                  {s.depositCents > 0 ? <p className="text-sm text-stone-700">Deposit {formatMoney(s.depositCents, s.currency)}, credited to the final price</p> : null}
                  {s.kind !== 'consultation' && (s.healingTime || s.aftercareRequired) ? (
                    <p className="text-sm text-stone-700" data-testid="service-healing">
                      {s.healingTime ? `Heals in ${s.healingTime}` : 'Healing time not stated'}
                      {s.aftercareRequired ? ' · aftercare plan included' : ''}
                    </p>
                  ) : null}
                  {(s.safetyProtocols ?? []).length ? (
                    <p className="text-sm text-stone-700">
                      <span className="sr-only">Safety protocols: </span>
                      {s.safetyProtocols.join(' · ')}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
            <p className="mt-3 text-xs text-stone-600">
              Reschedule or cancel with {artist.policy.noticeHours} hours' notice; up to {artist.policy.maxReschedules} reschedules.
            </p>
          </section>
          <section aria-labelledby="hours-heading" className="rounded-lg border border-stone-200 p-5">
            <h2 id="hours-heading" className="mb-3 text-lg font-semibold text-stone-900">Working hours</h2>
            <WorkingHours hours={artist.workingHours} timezone={artist.timezone} />
          </section>
          <ProfileSafety artistId={artist.id} slug={artist.slug} name={artist.displayName} />
        </aside>
      </div>
    </article>
  );
}
