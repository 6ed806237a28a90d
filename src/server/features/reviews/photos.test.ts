import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import { elfExecutable, jpegWithGps, pngImage, storedFiles, uploadAs } from '../../../../tests/support/image-fixtures.ts';
import type { TReview, TReviewPage, TReviewPhoto } from '../../../shared/contracts/artists.ts';
import type { TBookingDetail } from '../../../shared/contracts/bookings.ts';
import { REVIEW_MAX_PHOTOS } from '../../../shared/limits.ts';
import { bookings } from '../../db/schema/index.ts';

let t: TestApp;
type Person = Awaited<ReturnType<typeof createUser>>;
let client: Person;
let stranger: Person;
let artistUser: Person;
let artist: Awaited<ReturnType<typeof createArtist>>;
let slot = 0;

async function completedBooking(clientId = client.id) {
  slot += 1;
  const startsAt = new Date(Date.now() - 20 * 86_400_000 + slot * 3_600_000);
  const [row] = await t.app.ctx.database.db
    .insert(bookings)
    .values({ artistId: artist.id, clientId, serviceId: artist.services[0]!.id, status: 'completed', startsAt, endsAt: new Date(startsAt.getTime() + 3_000_000), depositCents: 15000 })
    .returning();
  return row!;
}

const upload = async (who: TestClient, fields: Record<string, string> = {}, data?: Buffer) => uploadAs(who, '/api/reviews/photos', fields, { data: data ?? (await pngImage(320, 240)) });
const uploaded = async (who: TestClient, alt = '') => {
  const res = await upload(who, alt ? { alt } : {});
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TReviewPhoto;
};
const review = (bookingId: string, photoIds: string[]) => ({
  bookingId,
  ratingValue: 5,
  headline: 'Healed beautifully',
  reviewBody: 'Three months on and every line is still crisp. Photos of the healed piece below.',
  photoIds,
});

beforeAll(async () => {
  t = await createTestApp();
  client = await createUser(t.app, { firstName: 'Robin' });
  stranger = await createUser(t.app, { firstName: 'Sasha' });
  artistUser = await createUser(t.app, { firstName: 'Mara' });
  artist = await createArtist(t.app, { userId: artistUser.id, displayName: 'Mara Ink' });
});
afterAll(async () => t?.close());

describe('review photos', () => {
  it('are uploaded by signed-in people only, checked by content and re-encoded without EXIF or GPS', async () => {
    expect((await upload(new TestClient(t.app))).statusCode).toBe(401);
    const before = storedFiles(t.config.STORAGE_DIR);
    const bad = await upload(client.client, {}, elfExecutable());
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'UNSUPPORTED_IMAGE' });
    expect(storedFiles(t.config.STORAGE_DIR)).toEqual(before);

    const photo = await uploaded(client.client, 'Healed rose on the forearm');
    expect(photo).toMatchObject({ alt: 'Healed rose on the forearm', url: `/api/reviews/photos/${photo.id}`, thumbUrl: `/api/reviews/photos/${photo.id}/thumb` });
    const gps = (await upload(client.client, {}, await jpegWithGps(900, 600))).json() as TReviewPhoto;
    const file = await client.client.get(gps.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('TestPhone'))).toBe(false);
  });

  it('stay private until they are on a review: only their uploader sees them', async () => {
    const photo = await uploaded(client.client);
    expect((await client.client.get(photo.thumbUrl)).statusCode).toBe(200);
    expect((await client.client.get(photo.url)).headers['cache-control']).toBe('private, no-store');
    for (const who of [new TestClient(t.app), stranger.client, artistUser.client]) {
      expect((await who.get(photo.url)).statusCode).toBe(404);
      expect((await who.get(photo.thumbUrl)).statusCode).toBe(404);
    }
  });

  it(`refuse a ${REVIEW_MAX_PHOTOS + 1}th photo on one review with a clear 400, and take ${REVIEW_MAX_PHOTOS}`, async () => {
    const booking = await completedBooking();
    const photos = [];
    for (let i = 0; i <= REVIEW_MAX_PHOTOS; i++) photos.push(await uploaded(client.client, i === 0 ? 'The healed piece in daylight' : ''));
    const tooMany = await client.client.post('/api/reviews', review(booking.id, photos.map((p) => p.id)));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: `photoIds: a review can carry up to ${REVIEW_MAX_PHOTOS} photos; remove one and send it again` });

    const ok = await client.client.post('/api/reviews', review(booking.id, photos.slice(0, REVIEW_MAX_PHOTOS).map((p) => p.id)));
    expect(ok.statusCode, ok.body).toBe(201);
    const created = ok.json() as TReview;
    expect(created.photos.map((p) => p.id)).toEqual(photos.slice(0, REVIEW_MAX_PHOTOS).map((p) => p.id));
    expect(created.photos[0]!.alt).toBe('The healed piece in daylight');
    // Without a description, the alt text still says what the picture is.
    expect(created.photos[1]!.alt).toBe('Photo 2 from this review');

    // Public with the review: on the artist's page, for anyone, and on the booking for both people.
    const page = (await new TestClient(t.app).get(`/api/artists/${artist.id}/reviews`)).json() as TReviewPage;
    expect(page.items.find((r) => r.id === created.id)?.photos).toHaveLength(REVIEW_MAX_PHOTOS);
    const visitorFile = await new TestClient(t.app).get(created.photos[0]!.thumbUrl);
    expect(visitorFile.statusCode).toBe(200);
    expect(visitorFile.headers['cache-control']).toBe('public, max-age=86400');
    const detail = (await artistUser.client.get(`/api/bookings/${booking.id}`)).json() as TBookingDetail;
    expect(detail.review?.photos).toHaveLength(REVIEW_MAX_PHOTOS);

    // A photo already on a review cannot move to another one.
    const second = await completedBooking();
    const reused = await client.client.post('/api/reviews', review(second.id, [created.photos[0]!.id]));
    expect(reused.statusCode).toBe(400);
  });

  it('refuse photos someone else uploaded, and leave them where they were', async () => {
    const booking = await completedBooking();
    const theirs = await uploaded(stranger.client);
    const mine = await uploaded(client.client);
    const res = await client.client.post('/api/reviews', review(booking.id, [mine.id, theirs.id]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'photoIds.1: that photo is not one you uploaded for this review. Upload it again and retry.' });
    // Nothing was written: no review, and both photos are still unattached and private.
    expect((await client.client.get(`/api/bookings/${booking.id}`)).json()).toMatchObject({ review: null });
    expect((await new TestClient(t.app).get(theirs.url)).statusCode).toBe(404);
    expect((await stranger.client.get(theirs.url)).statusCode).toBe(200);
    expect((await client.client.post('/api/reviews', review(booking.id, [mine.id]))).statusCode).toBe(201);
  });

  it('refuse duplicates, unknown ids and an alt text that is too long', async () => {
    const booking = await completedBooking();
    const photo = await uploaded(client.client);
    const twice = await client.client.post('/api/reviews', review(booking.id, [photo.id, photo.id]));
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ message: 'photoIds: each photo can be added once' });
    const unknown = await client.client.post('/api/reviews', review(booking.id, ['00000000-0000-4000-8000-000000000000']));
    expect(unknown.statusCode).toBe(400);
    const longAlt = await upload(client.client, { alt: 'x'.repeat(201) });
    expect(longAlt.statusCode).toBe(400);
    expect(longAlt.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
