import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import {
  av1Heic,
  elfExecutable,
  hevcHeic,
  jpegImage,
  jpegWithGps,
  pngBomb,
  pngImage,
  type UploadFile,
} from '../../../../tests/support/image-fixtures.ts';
import { storedFiles as storedFilesUnder, uploadAs } from '../../../../tests/support/image-fixtures.ts';
import type { TPortfolioImage } from '../../../shared/contracts/artists.ts';
import { PORTFOLIO_MAX_IMAGES, UPLOAD_MAX_BYTES } from '../../../shared/limits.ts';
import { portfolioImages } from '../../db/schema/index.ts';

let t: TestApp;
type Actor = { client: TestClient; name: string };
let owner: Actor & { artistId: string };
let otherArtist: Actor & { artistId: string };
let otherUser: Actor;
let admin: Actor;
let visitor: Actor;

const upload = uploadAs;

const patch = (c: TestClient, url: string, body: unknown) => c.request('PATCH', url, body);

const storedFiles = () => storedFilesUnder(t.config.STORAGE_DIR);

async function rowCount(): Promise<number> {
  const [row] = await t.app.ctx.database.db.select({ n: count() }).from(portfolioImages);
  return row?.n ?? 0;
}

async function addImage(actor: Actor, artistId: string, caption = 'Fine line peony'): Promise<TPortfolioImage> {
  const res = await upload(actor.client, `/api/artists/${artistId}/portfolio`, { caption }, { data: await jpegImage(), filename: 'peony.jpg' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TPortfolioImage;
}

async function artistActor(name: string): Promise<Actor & { artistId: string }> {
  const u = await createUser(t.app, { firstName: name });
  const artist = await createArtist(t.app, { userId: u.id, displayName: name });
  return { client: u.client, name, artistId: artist.id };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await artistActor('Owner');
  otherArtist = await artistActor('Other artist');
  otherUser = { client: (await createUser(t.app, { firstName: 'Other' })).client, name: 'other user' };
  admin = { client: (await createUser(t.app, { firstName: 'Admin', isAdmin: true })).client, name: 'admin' };
  visitor = { client: new TestClient(t.app), name: 'visitor' };
});
afterAll(async () => t?.close());

describe('POST /api/artists/:id/portfolio', () => {
  it('answers the authorization matrix: visitor 401, other user 403, other artist 403, owner and admin 201', async () => {
    const url = `/api/artists/${owner.artistId}/portfolio`;
    const file = { data: await jpegImage(), filename: 'a.jpg' };
    const expected: Array<[Actor, number]> = [
      [visitor, 401],
      [otherUser, 403],
      [otherArtist, 403],
      [owner, 201],
      [admin, 201],
    ];
    for (const [actor, status] of expected) {
      const before = storedFiles();
      const res = await upload(actor.client, url, { caption: 'x' }, file);
      expect(res.statusCode, `${actor.name}: ${res.body}`).toBe(status);
      if (status !== 201) expect(storedFiles()).toEqual(before);
    }
    expect((await upload(owner.client, `/api/artists/00000000-0000-4000-8000-000000000000/portfolio`, {}, file)).statusCode).toBe(404);
  });

  it('stores a WebP and a square thumbnail, served from /uploads, and lists the image on the profile', async () => {
    const image = await addImage(owner, owner.artistId, 'Botanical forearm piece');
    expect(image).toMatchObject({ caption: 'Botanical forearm piece', width: 800, height: 600 });
    expect(image.url).toMatch(new RegExp(`^/uploads/portfolio/${owner.artistId}/${image.id}\\.webp$`));
    const full = await t.app.inject({ method: 'GET', url: image.url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    const thumb = await sharp(Buffer.from((await t.app.inject({ method: 'GET', url: image.thumbUrl })).rawPayload)).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 400, 400]);
    const profile = (await visitor.client.get(`/api/artists/${owner.artistId}`)).json() as { portfolio: TPortfolioImage[] };
    expect(profile.portfolio.map((p) => p.id)).toContain(image.id);
    const list = (await visitor.client.get(`/api/artists/${owner.artistId}/portfolio`)).json() as TPortfolioImage[];
    expect(list.at(-1)?.id).toBe(image.id);
  });

  it('strips EXIF and GPS, applies the orientation, and re-encodes to WebP', async () => {
    const original = await jpegWithGps(800, 600);
    const before = await sharp(original).metadata();
    expect(before.exif?.length).toBeGreaterThan(0);
    expect(before.orientation).toBe(6);
    const res = await upload(owner.client, `/api/artists/${owner.artistId}/portfolio`, {}, { data: original, filename: 'IMG_0001.JPG' });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json() as TPortfolioImage;
    expect([image.width, image.height]).toEqual([600, 800]);
    const stored = Buffer.from((await t.app.inject({ method: 'GET', url: image.url })).rawPayload);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('TestPhone'))).toBe(false);
    expect(stored.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('scales large photos down to 2000 px on the long side', async () => {
    const big = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#654' } }).jpeg().toBuffer();
    const res = await upload(owner.client, `/api/artists/${owner.artistId}/portfolio`, {}, { data: big, filename: 'big.jpg' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 2000, height: 1500 });
  });

  it('accepts PNG, WebP and a HEIC container it can decode', async () => {
    const url = `/api/artists/${owner.artistId}/portfolio`;
    const webp = await sharp(await pngImage()).webp().toBuffer();
    for (const [data, filename, type] of [
      [await pngImage(), 'a.png', 'image/png'],
      [webp, 'b.webp', 'image/webp'],
      [await av1Heic(), 'c.heic', 'image/heic'],
    ] as const) {
      const res = await upload(owner.client, url, {}, { data, filename, type });
      expect(res.statusCode, `${filename}: ${res.body}`).toBe(201);
    }
  });

  const truncated = async () => {
    const jpeg = await jpegImage();
    return jpeg.subarray(0, Math.floor(jpeg.length / 2));
  };
  const twentyMb = () => {
    const b = Buffer.alloc(20 * 1024 * 1024, 0x11);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(b);
    return b;
  };
  const bad: Array<[string, () => Promise<UploadFile> | UploadFile, string, RegExp]> = [
    ['a GIF (wrong type)', async () => ({ data: await sharp(await pngImage()).gif().toBuffer(), filename: 'a.gif', type: 'image/gif' }), 'UNSUPPORTED_IMAGE', /GIF image.*JPEG, PNG, WebP or HEIC/],
    ['an ELF executable named .jpg', () => ({ data: elfExecutable(), filename: 'holiday.jpg', type: 'image/jpeg' }), 'UNSUPPORTED_IMAGE', /program, not a photo/],
    ['a shell script named .jpg', () => ({ data: Buffer.from('#!/bin/sh\nrm -rf /\n'), filename: 'photo.jpg', type: 'image/jpeg' }), 'UNSUPPORTED_IMAGE', /script, not a photo/],
    ['text declared as image/png', () => ({ data: Buffer.from('just some text, not an image at all'), filename: 'pic.png', type: 'image/png' }), 'UNSUPPORTED_IMAGE', /isn't a photo we can use/],
    ['an empty file', () => ({ data: Buffer.alloc(0), filename: 'empty.jpg' }), 'VALIDATION_FAILED', /choose an image/],
    ['a truncated JPEG', async () => ({ data: await truncated(), filename: 'cut.jpg' }), 'IMAGE_CORRUPT', /damaged or incomplete/],
    ['a 20 MB file', () => ({ data: twentyMb(), filename: 'huge.jpg' }), 'IMAGE_TOO_LARGE', /larger than 15 MB/],
    ['a 20,000 px decompression bomb', () => ({ data: pngBomb(), filename: 'bomb.png', type: 'image/png' }), 'IMAGE_TOO_LARGE', /20,000 × 20,000 pixels/],
    // A HEIC container whose HEVC data is garbage: read by libheif, refused as damaged.
    ['a broken HEVC HEIC', () => ({ data: hevcHeic(), filename: 'IMG_0002.HEIC', type: 'image/heic' }), 'IMAGE_CORRUPT', /damaged/],
  ];
  for (const [name, make, code, message] of bad) {
    it(`refuses ${name} with 400 ${code}, leaving no file and no row`, async () => {
      const filesBefore = storedFiles();
      const rowsBefore = await rowCount();
      const res = await upload(owner.client, `/api/artists/${owner.artistId}/portfolio`, { caption: 'bad' }, await make());
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json() as { code: string; message: string };
      expect(body.code).toBe(code);
      expect(body.message).toMatch(message);
      expect(storedFiles()).toEqual(filesBefore);
      expect(await rowCount()).toBe(rowsBefore);
    });
  }

  it('accepts a file of exactly the limit and refuses one byte more', async () => {
    const exact = Buffer.alloc(UPLOAD_MAX_BYTES, 0);
    Buffer.from([0xff, 0xd8, 0xff]).copy(exact);
    const url = `/api/artists/${owner.artistId}/portfolio`;
    // At the limit the size is fine and the content is what fails; one byte over fails on size.
    expect((await upload(owner.client, url, {}, { data: exact })).json()).toMatchObject({ code: 'IMAGE_CORRUPT' });
    expect((await upload(owner.client, url, {}, { data: Buffer.concat([exact, Buffer.from([0])]) })).json()).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
  });

  it('refuses a missing file, two files, unknown fields, a long caption and a JSON body', async () => {
    const url = `/api/artists/${owner.artistId}/portfolio`;
    const jpeg = await jpegImage();
    const filesBefore = storedFiles();
    const rowsBefore = await rowCount();
    const cases: Array<[Awaited<ReturnType<typeof upload>>, number, string]> = [
      [await upload(owner.client, url, { caption: 'no file' }), 400, 'VALIDATION_FAILED'],
      [await upload(owner.client, url, {}, [{ data: jpeg }, { data: jpeg }]), 400, 'BAD_REQUEST'],
      [await upload(owner.client, url, { title: 'x' }, { data: jpeg }), 400, 'UNKNOWN_FIELD'],
      [await upload(owner.client, url, {}, { data: jpeg, field: 'photo' }), 400, 'UNKNOWN_FIELD'],
      [await upload(owner.client, url, { caption: 'x'.repeat(301) }, { data: jpeg }), 400, 'VALIDATION_FAILED'],
      [await owner.client.post(url, { caption: 'json' }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ];
    for (const [res, status, code] of cases) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ code });
    }
    expect(storedFiles()).toEqual(filesBefore);
    expect(await rowCount()).toBe(rowsBefore);
  });

  it(`stops at ${PORTFOLIO_MAX_IMAGES} images per artist`, async () => {
    const full = await artistActor('Full portfolio');
    await t.app.ctx.database.db.insert(portfolioImages).values(
      Array.from({ length: PORTFOLIO_MAX_IMAGES }, (_, i) => ({
        artistId: full.artistId,
        storageKey: `portfolio/${full.artistId}/seed-${i}.webp`,
        thumbKey: `portfolio/${full.artistId}/seed-${i}_thumb.webp`,
        width: 10,
        height: 10,
        position: i,
      })),
    );
    const filesBefore = storedFiles();
    const res = await upload(full.client, `/api/artists/${full.artistId}/portfolio`, {}, { data: await jpegImage() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LIMIT_REACHED', message: expect.stringMatching(/up to 60 images/) });
    expect(storedFiles()).toEqual(filesBefore);
  });
});

describe('PATCH, DELETE and reorder', () => {
  it('PATCH caption: visitor 401, other user 403, other artist 403, owner and admin 200', async () => {
    const image = await addImage(owner, owner.artistId);
    const url = `/api/artists/${owner.artistId}/portfolio/${image.id}`;
    const expected: Array<[Actor, number]> = [
      [visitor, 401],
      [otherUser, 403],
      [otherArtist, 403],
      [owner, 200],
      [admin, 200],
    ];
    for (const [actor, status] of expected) {
      const res = await patch(actor.client, url, { caption: `by ${actor.name}` });
      expect(res.statusCode, `${actor.name}: ${res.body}`).toBe(status);
    }
    const list = (await visitor.client.get(`/api/artists/${owner.artistId}/portfolio`)).json() as TPortfolioImage[];
    expect(list.find((p) => p.id === image.id)?.caption).toBe('by admin');
    expect((await patch(owner.client, url, { caption: 'x'.repeat(301) })).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await patch(owner.client, url, { caption: 'ok', extra: 1 })).json()).toMatchObject({ code: 'UNKNOWN_FIELD' });
    // Another artist's image through one's own artist id is simply not there.
    const foreign = await addImage(otherArtist, otherArtist.artistId);
    expect((await patch(owner.client, `/api/artists/${owner.artistId}/portfolio/${foreign.id}`, { caption: 'mine now' })).statusCode).toBe(404);
    expect((await patch(owner.client, `/api/artists/${owner.artistId}/portfolio/not-a-uuid`, { caption: 'x' })).statusCode).toBe(404);
  });

  it('DELETE: visitor 401, other user 403, other artist 403, owner and admin 204, and the files go too', async () => {
    const mine = await addImage(owner, owner.artistId);
    const url = `/api/artists/${owner.artistId}/portfolio/${mine.id}`;
    for (const [actor, status] of [
      [visitor, 401],
      [otherUser, 403],
      [otherArtist, 403],
    ] as Array<[Actor, number]>) {
      expect((await actor.client.delete(url)).statusCode, actor.name).toBe(status);
    }
    expect((await t.app.inject({ method: 'GET', url: mine.url })).statusCode).toBe(200);
    expect((await owner.client.delete(url)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: mine.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: mine.thumbUrl })).statusCode).toBe(404);
    expect((await owner.client.delete(url)).statusCode).toBe(404);

    const another = await addImage(owner, owner.artistId);
    expect((await admin.client.delete(`/api/artists/${owner.artistId}/portfolio/${another.id}`)).statusCode).toBe(204);
    expect(storedFiles().some((f) => f.includes(another.id))).toBe(false);
  });

  it('reorders with exactly the artist’s ids, in one go; anything else is 400', async () => {
    const artist = await artistActor('Reorder');
    const [a, b, c] = [await addImage(artist, artist.artistId, 'a'), await addImage(artist, artist.artistId, 'b'), await addImage(artist, artist.artistId, 'c')];
    const url = `/api/artists/${artist.artistId}/portfolio/order`;
    const res = await artist.client.post(url, { ids: [c!.id, a!.id, b!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TPortfolioImage[]).map((p) => p.caption)).toEqual(['c', 'a', 'b']);
    const profile = (await visitor.client.get(`/api/artists/${artist.artistId}`)).json() as { portfolio: TPortfolioImage[] };
    expect(profile.portfolio.map((p) => p.caption)).toEqual(['c', 'a', 'b']);
    const positions = await t.app.ctx.database.db.select({ p: portfolioImages.position }).from(portfolioImages).where(eq(portfolioImages.artistId, artist.artistId));
    expect(positions.map((r) => r.p).sort()).toEqual([0, 1, 2]);

    const foreign = await addImage(otherArtist, otherArtist.artistId);
    for (const ids of [[a!.id, b!.id], [a!.id, b!.id, c!.id, foreign.id], [a!.id, a!.id, b!.id], [a!.id, b!.id, foreign.id], []]) {
      const bad = await artist.client.post(url, { ids });
      expect(bad.statusCode, JSON.stringify(ids)).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/exactly once/) });
    }
    expect((await artist.client.post(url, { ids: ['nope'] })).statusCode).toBe(400);
    // Nothing moved.
    expect(((await visitor.client.get(`/api/artists/${artist.artistId}/portfolio`)).json() as TPortfolioImage[]).map((p) => p.caption)).toEqual(['c', 'a', 'b']);

    for (const [actor, status] of [
      [visitor, 401],
      [otherUser, 403],
      [otherArtist, 403],
      [admin, 200],
    ] as Array<[Actor, number]>) {
      expect((await actor.client.post(url, { ids: [a!.id, b!.id, c!.id] })).statusCode, actor.name).toBe(status);
    }
  });
});
