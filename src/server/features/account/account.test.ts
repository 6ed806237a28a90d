import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import { elfExecutable, jpegWithGps, pngImage, uploadAs } from '../../../../tests/support/image-fixtures.ts';
import type { TArtistPage, TArtistProfile } from '../../../shared/contracts/artists.ts';
import type { TAvatar } from '../../../shared/contracts/account.ts';
import type { TBooking } from '../../../shared/contracts/bookings.ts';
import type { TCurrentUser } from '../../../shared/contracts/auth.ts';
import { bookings } from '../../db/schema/index.ts';

let t: TestApp;
type Person = Awaited<ReturnType<typeof createUser>>;
let client: Person;
let artistUser: Person;
let artist: Awaited<ReturnType<typeof createArtist>>;

const putAvatar = (who: TestClient, data: Buffer, fields: Record<string, string> = {}) => uploadAs(who, '/api/account/avatar', fields, { data }, 'PUT');
const me = async (who: TestClient) => (await who.get('/api/auth/user')).json() as TCurrentUser;
const fileOf = (url: string) => path.join(t.config.STORAGE_DIR, url.replace(/^\/uploads\//, ''));

beforeAll(async () => {
  t = await createTestApp();
  client = await createUser(t.app, { firstName: 'Casey' });
  artistUser = await createUser(t.app, { firstName: 'Rosa' });
  artist = await createArtist(t.app, { userId: artistUser.id, displayName: 'Rosa Vega', city: 'Avatarville' });
  t.app.ctx.sessions.evictUser(artistUser.id);
});
afterAll(async () => t?.close());

describe('avatars', () => {
  it('start as a monogram: no avatar URL anywhere', async () => {
    expect((await me(client.client)).avatarUrl).toBeNull();
    expect(((await client.client.get(`/api/artists/${artist.id}`)).json() as TArtistProfile).avatarUrl).toBeNull();
  });

  it('are set by the signed-in person only, from a real picture re-encoded without EXIF or GPS', async () => {
    expect((await putAvatar(new TestClient(t.app), await pngImage(300, 300))).statusCode).toBe(401);
    // No CSRF token: refused before anything is read.
    const noToken = await client.client.request('PUT', '/api/account/avatar', {}, { 'x-csrf-token': undefined });
    expect(noToken.statusCode).toBe(403);

    const bad = await putAvatar(client.client, elfExecutable());
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'UNSUPPORTED_IMAGE' });
    const extra = await putAvatar(client.client, await pngImage(300, 300), { userId: artistUser.id });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ code: 'UNKNOWN_FIELD' });

    const res = await putAvatar(client.client, await jpegWithGps(1200, 900));
    expect(res.statusCode, res.body).toBe(200);
    const { avatarUrl } = res.json() as TAvatar;
    expect(avatarUrl).toMatch(new RegExp(`^/uploads/avatars/${client.id}/[0-9a-f-]+\\.webp$`));
    const meta = await sharp(fileOf(avatarUrl!)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    const served = await new TestClient(t.app).get(avatarUrl!);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes(Buffer.from('TestPhone'))).toBe(false);

    // The session is re-read at once: the navigation shows it on the next request.
    expect((await me(client.client)).avatarUrl).toBe(avatarUrl);
    // Someone else's account is untouched.
    expect((await me(artistUser.client)).avatarUrl).toBeNull();
  });

  it('replace the old file, and removing one goes back to the monogram', async () => {
    const first = (await me(client.client)).avatarUrl!;
    const second = ((await putAvatar(client.client, await pngImage(400, 300, '#1d4ed8'))).json() as TAvatar).avatarUrl!;
    expect(second).not.toBe(first);
    expect(existsSync(fileOf(first))).toBe(false);
    expect(existsSync(fileOf(second))).toBe(true);
    const removed = await client.client.request('DELETE', '/api/account/avatar');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ avatarUrl: null });
    expect(existsSync(fileOf(second))).toBe(false);
    expect((await me(client.client)).avatarUrl).toBeNull();
  });

  it("show the artist's own picture on the profile, in search results (not a stale cached page) and on bookings, for both people", async () => {
    const search = async () => ((await new TestClient(t.app).get('/api/artists?q=Avatarville')).json() as TArtistPage).items.find((a) => a.id === artist.id);
    expect((await search())?.avatarUrl).toBeNull();
    const artistAvatar = ((await putAvatar(artistUser.client, await pngImage(300, 300, '#15803d'))).json() as TAvatar).avatarUrl;
    const clientAvatar = ((await putAvatar(client.client, await pngImage(300, 300, '#9f1239'))).json() as TAvatar).avatarUrl;
    expect(((await new TestClient(t.app).get(`/api/artists/${artist.id}`)).json() as TArtistProfile).avatarUrl).toBe(artistAvatar);
    expect((await search())?.avatarUrl).toBe(artistAvatar);

    const startsAt = new Date(Date.now() + 20 * 86_400_000);
    const [booking] = await t.app.ctx.database.db
      .insert(bookings)
      .values({ artistId: artist.id, clientId: client.id, serviceId: artist.services[0]!.id, status: 'requested', startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), depositCents: 15000 })
      .returning();
    for (const who of [client.client, artistUser.client]) {
      const seen = (await who.get(`/api/bookings/${booking!.id}`)).json() as TBooking;
      expect(seen.artist.avatarUrl).toBe(artistAvatar);
      expect(seen.client.avatarUrl).toBe(clientAvatar);
    }
  });
});
