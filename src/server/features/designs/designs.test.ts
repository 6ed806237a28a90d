import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import { startFakeImageApi, type FakeImageApi } from '../../../../tests/support/fake-image-api.ts';
import { storedFiles } from '../../../../tests/support/image-fixtures.ts';
import { GENERATIONS_PER_HOUR, ZFavouriteDesigns, ZGeneration, ZGenerationList, type TGeneration, type TGenerationCreate } from '../../../shared/contracts/designs.ts';
import { designGenerations, generatedDesigns } from '../../db/schema/index.ts';
import { runDueJobs } from '../../jobs/worker.ts';

type Person = Awaited<ReturnType<typeof createUser>>;

const idea = (overrides: Partial<TGenerationCreate> = {}): TGenerationCreate => ({
  id: randomUUID(),
  prompt: 'a rose with a swallow',
  style: 'traditional',
  placement: 'forearm',
  size: 'medium',
  colour: 'colour',
  ...overrides,
});

async function start(c: TestClient, body: Partial<TGenerationCreate> = {}): Promise<TGeneration> {
  const res = await c.post('/api/designs/generations', idea(body));
  expect(res.statusCode, res.body).toBe(202);
  return ZGeneration.parse(res.json());
}

async function fetchGeneration(c: TestClient, id: string): Promise<TGeneration> {
  const res = await c.get(`/api/designs/generations/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZGeneration.parse(res.json());
}

/** Start a generation and run the job queue once, as the worker would. */
async function generate(t: TestApp, c: TestClient, body: Partial<TGenerationCreate> = {}): Promise<TGeneration> {
  const started = await start(c, body);
  await runDueJobs(t.app.ctx);
  return fetchGeneration(c, started.id);
}

describe('design generator without an image service (stencil sketches)', () => {
  let t: TestApp;
  let owner: Person, other: Person, admin: Person, artistUser: Person, limited: Person;
  let done: TGeneration;

  beforeAll(async () => {
    t = await createTestApp();
    const people: Person[] = [];
    for (const firstName of ['Owner', 'Other', 'Admin', 'Artist', 'Limited']) people.push(await createUser(t.app, { firstName, isAdmin: firstName === 'Admin' }));
    [owner, other, admin, artistUser, limited] = people as [Person, Person, Person, Person, Person];
    await createArtist(t.app, { userId: artistUser.id });
    // A fresh session: the one from sign-up was resolved (and cached) before the profile existed.
    const artistClient = new TestClient(t.app);
    expect((await artistClient.post('/api/auth/sign-in', { email: artistUser.email, password: artistUser.password })).statusCode).toBe(200);
    artistUser = { ...artistUser, client: artistClient };
    done = await generate(t, owner.client);
  });
  afterAll(async () => t?.close());

  it('is for signed-in people: 401 for every route while signed out', async () => {
    const visitor = new TestClient(t.app);
    const design = done.designs[0]!.id;
    for (const [method, url] of [
      ['GET', '/api/designs/generations'],
      ['POST', '/api/designs/generations'],
      ['GET', `/api/designs/generations/${done.id}`],
      ['GET', '/api/designs/favourites'],
      ['PUT', `/api/designs/${design}/favourite`],
      ['DELETE', `/api/designs/${design}/favourite`],
      ['GET', `/api/designs/${design}/image`],
      ['GET', `/api/designs/${design}/svg`],
      ['GET', `/api/designs/${design}/png`],
    ] as const) {
      const res = await visitor.request(method, url, method === 'POST' ? idea() : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses artists, as the navigation hides the generator from them', async () => {
    const res = await artistUser.client.post('/api/designs/generations', idea());
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('makes four stencil sketches in a job, with progress, labelled as stencil mode', async () => {
    const list = ZGenerationList.parse((await owner.client.get('/api/designs/generations')).json());
    expect(list.mode).toBe('stencil');
    expect(done).toMatchObject({ status: 'done', progress: 100, mode: 'stencil', error: null, style: 'traditional' });
    expect(done.designs.map((d) => [d.position, d.format])).toEqual([[0, 'svg'], [1, 'svg'], [2, 'svg'], [3, 'svg']]);
    const svgs = await Promise.all(done.designs.map(async (d) => (await owner.client.get(d.imageUrl)).body));
    expect(new Set(svgs).size).toBe(4);
    for (const svg of svgs) expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*aria-label="Stencil sketch: Traditional/);
  });

  it('answers a retry with the same id with the generation it made, and queues nothing more', async () => {
    const body = idea({ prompt: 'a crescent moon' });
    const first = await owner.client.post('/api/designs/generations', body);
    const again = await owner.client.post('/api/designs/generations', body);
    expect([first.statusCode, again.statusCode]).toEqual([202, 200]);
    expect(ZGeneration.parse(again.json()).id).toBe(body.id);
    expect(await t.app.ctx.database.db.select().from(designGenerations).where(eq(designGenerations.id, body.id))).toHaveLength(1);
    // Someone else's id is refused without saying whose it is.
    const stolen = await other.client.post('/api/designs/generations', body);
    expect(stolen.statusCode, stolen.body).toBe(409);
  });

  it('serves the sketch as inert SVG, and downloads it as SVG and as a 1024 px PNG', async () => {
    const design = done.designs[0]!;
    const image = await owner.client.get(design.imageUrl);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
    const svg = await owner.client.get(`${design.svgUrl!}?download=1`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-disposition']).toBe('attachment; filename="inkhaven-traditional-design-1.svg"');
    expect(svg.body).toBe(image.body);
    const png = await owner.client.get(`${design.pngUrl}?download=1`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe('attachment; filename="inkhaven-traditional-design-1.png"');
    const meta = await sharp(png.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1024]);
  });

  it('writes lettering from the prompt escaped, never as markup', async () => {
    const g = await generate(t, owner.client, { prompt: 'a heart with "<script>&x"', style: 'fine-line' });
    const svg = (await owner.client.get(g.designs[0]!.imageUrl)).body;
    expect(svg).toContain('&lt;script&gt;&amp;x');
    expect(svg).not.toContain('<script');
    // Still a drawing librsvg can read.
    expect((await sharp(Buffer.from(svg)).metadata()).format).toBe('svg');
  });

  it('refuses bad input and banned prompts with a clear 4xx, writing nothing', async () => {
    const before = await t.app.ctx.database.db.select().from(designGenerations).where(eq(designGenerations.userId, other.id));
    const cases: Array<[Partial<TGenerationCreate> | Record<string, unknown>, number, string]> = [
      [{ prompt: 'ab' }, 400, 'VALIDATION_FAILED'],
      [{ prompt: 'x'.repeat(301) }, 400, 'VALIDATION_FAILED'],
      [{ style: 'tribal' as never }, 400, 'VALIDATION_FAILED'],
      [{ colour: 'sepia' as never }, 400, 'VALIDATION_FAILED'],
      [{ prompt: 'a rose\u0000' }, 400, 'VALIDATION_FAILED'],
      [{ prompt: 'a small sw@stika on the wrist' }, 422, 'PROMPT_REFUSED'],
      [{ prompt: 'portrait of Taylor Swift with roses' }, 422, 'PROMPT_REFUSED'],
      [{ extra: 1 }, 400, 'UNKNOWN_FIELD'],
    ];
    for (const [body, status, code] of cases) {
      const res = await other.client.post('/api/designs/generations', { ...idea(), ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toMatchObject({ code });
    }
    const refused = await other.client.post('/api/designs/generations', idea({ prompt: 'portrait of Taylor Swift' }));
    expect(refused.json().message).toMatch(/real people/);
    const after = await t.app.ctx.database.db.select().from(designGenerations).where(eq(designGenerations.userId, other.id));
    expect(after).toEqual(before);
  });

  it('keeps each generation and design to its owner: everyone else gets 404 (matrix)', async () => {
    const design = done.designs[1]!;
    const urls: Array<['GET' | 'PUT' | 'DELETE', string]> = [
      ['GET', `/api/designs/generations/${done.id}`],
      ['GET', design.imageUrl],
      ['GET', design.svgUrl!],
      ['GET', design.pngUrl],
      ['PUT', `/api/designs/${design.id}/favourite`],
      ['DELETE', `/api/designs/${design.id}/favourite`],
    ];
    for (const [who, c] of [['other client', other.client], ['artist', artistUser.client], ['admin', admin.client]] as const) {
      for (const [method, url] of urls) expect((await c.request(method, url)).statusCode, `${who} ${method} ${url}`).toBe(404);
      const list = ZGenerationList.parse((await c.get('/api/designs/generations')).json());
      expect(list.generations.map((g) => g.id)).not.toContain(done.id);
    }
    for (const [method, url] of urls.slice(0, 4)) expect((await owner.client.request(method, url)).statusCode, `owner ${url}`).toBe(200);
    expect((await owner.client.get('/api/designs/not-a-uuid/png')).statusCode).toBe(400);
  });

  it('favourites designs, lists them newest first, and unfavourites', async () => {
    const [a, b] = done.designs;
    expect((await owner.client.request('PUT', `/api/designs/${a!.id}/favourite`)).json()).toMatchObject({ id: a!.id, favourite: true });
    await new Promise((r) => setTimeout(r, 5));
    await owner.client.request('PUT', `/api/designs/${b!.id}/favourite`);
    const favs = ZFavouriteDesigns.parse((await owner.client.get('/api/designs/favourites')).json());
    expect(favs.designs.map((d) => d.id)).toEqual([b!.id, a!.id]);
    expect((await owner.client.request('DELETE', `/api/designs/${b!.id}/favourite`)).json()).toMatchObject({ favourite: false });
    expect(ZFavouriteDesigns.parse((await owner.client.get('/api/designs/favourites')).json()).designs.map((d) => d.id)).toEqual([a!.id]);
    expect(ZFavouriteDesigns.parse((await other.client.get('/api/designs/favourites')).json()).designs).toEqual([]);
  });

  it(`allows ${GENERATIONS_PER_HOUR} generations an hour per person and says when the next one is possible`, async () => {
    const db = t.app.ctx.database.db;
    const now = Date.now();
    // 19 earlier this hour, the oldest 50 minutes ago, as if made through the page.
    await db.insert(designGenerations).values(
      Array.from({ length: GENERATIONS_PER_HOUR - 1 }, (_, i) => ({
        id: randomUUID(),
        userId: limited.id,
        prompt: 'a rose',
        style: 'minimalist' as const,
        placement: 'wrist' as const,
        size: 'small' as const,
        colour: 'black-and-grey' as const,
        mode: 'stencil' as const,
        seed: i,
        status: 'done' as const,
        progress: 100,
        createdAt: new Date(now - 50 * 60_000 + i * 60_000),
      })),
    );
    await start(limited.client);
    const refused = await limited.client.post('/api/designs/generations', idea());
    expect(refused.statusCode, refused.body).toBe(429);
    const body = refused.json();
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.message).toMatch(/You can make another in (9|10) minutes\./);
    const list = ZGenerationList.parse((await limited.client.get('/api/designs/generations')).json());
    expect(list.quota.remaining).toBe(0);
    expect(Math.abs(Date.parse(list.quota.resetsAt!) - (now + 10 * 60_000))).toBeLessThan(5_000);
    // The limit is the person's, not everyone's.
    expect((await other.client.post('/api/designs/generations', idea())).statusCode).toBe(202);
  });

  it('survives a restart: a generation queued before it finishes after it', async () => {
    const queued = await start(owner.client, { prompt: 'a koi fish in waves', style: 'japanese' });
    expect(queued.status).toBe('queued');
    await t.restart();
    const client = new TestClient(t.app);
    expect((await client.post('/api/auth/sign-in', { email: owner.email, password: owner.password })).statusCode).toBe(200);
    await runDueJobs(t.app.ctx);
    const finished = await fetchGeneration(client, queued.id);
    expect(finished).toMatchObject({ status: 'done', progress: 100 });
    expect(finished.designs).toHaveLength(4);
  });
});

describe('design generator with an image service (OpenAI-compatible)', () => {
  let t: TestApp;
  let api: FakeImageApi;
  let person: Person;

  beforeAll(async () => {
    api = await startFakeImageApi();
    t = await createTestApp({ IMAGE_API_URL: api.url, IMAGE_API_KEY: 'sk-test-key', IMAGE_API_TIMEOUT_MS: '1500' });
    person = await createUser(t.app, { firstName: 'Dreamer' });
  });
  afterAll(async () => {
    await t?.close();
    await api?.close();
  });

  it('asks for four images and stores them re-encoded through the image pipeline', async () => {
    api.plan('ok');
    const before = api.requests.length;
    const g = await generate(t, person.client, { prompt: 'a peony with a bee', style: 'neo-traditional', colour: 'black-and-grey', placement: 'shoulder' });
    expect(g).toMatchObject({ status: 'done', progress: 100, mode: 'ai', error: null });
    expect(g.designs.map((d) => [d.format, d.svgUrl])).toEqual(Array.from({ length: 4 }, () => ['png', null]));
    const sent = api.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.authorization).toBe('Bearer sk-test-key');
    expect(sent[0]!.body).toMatchObject({ model: 'dall-e-2', n: 4, size: '1024x1024', response_format: 'b64_json' });
    expect(sent[0]!.body.prompt).toMatch(/Neo Traditional style, in black and grey, .*shoulder\. a peony with a bee\./);
    const image = await person.client.get(g.designs[0]!.imageUrl);
    expect(image.headers['content-type']).toBe('image/webp');
    const png = await person.client.get(g.designs[0]!.pngUrl);
    expect((await sharp(png.rawPayload).metadata()).format).toBe('png');
    expect((await person.client.get(`/api/designs/${g.designs[0]!.id}/svg`)).statusCode).toBe(404);
  });

  it('tries again after a 5xx and succeeds', async () => {
    api.plan('error503', 'ok');
    const before = api.requests.length;
    const g = await generate(t, person.client);
    expect(g.status).toBe('done');
    expect(g.designs).toHaveLength(4);
    expect(api.requests.length - before).toBe(2);
  });

  it('gives up after three 5xx answers with a clear message', async () => {
    api.plan('error500');
    const before = api.requests.length;
    const g = await generate(t, person.client);
    expect(g).toMatchObject({ status: 'failed', designs: [] });
    expect(g.error).toBe('The image service answered with an error (HTTP 500) 3 times in a row. Please try again in a few minutes.');
    expect(api.requests.length - before).toBe(3);
  });

  it('stops waiting at the timeout', async () => {
    api.plan('hang');
    const g = await generate(t, person.client);
    expect(g).toMatchObject({ status: 'failed', designs: [] });
    expect(g.error).toBe('The image service did not answer within 2 seconds. Please try again later.');
  });

  it('fails clearly on an answer that is not JSON, a refusal, or bytes that are not an image, keeping nothing', async () => {
    const filesBefore = storedFiles(t.config.STORAGE_DIR);
    for (const [behaviour, message] of [
      ['bad-json', /not valid JSON/],
      ['refuse', /refused this request \(HTTP 400\): Your request was rejected as a result of our safety system\./],
      ['not-an-image', /not a usable image/],
    ] as const) {
      api.plan(behaviour);
      const g = await generate(t, person.client);
      expect(g.status, behaviour).toBe('failed');
      expect(g.error, behaviour).toMatch(message);
      expect(await t.app.ctx.database.db.select().from(generatedDesigns).where(eq(generatedDesigns.generationId, g.id))).toEqual([]);
    }
    expect(storedFiles(t.config.STORAGE_DIR)).toEqual(filesBefore);
  });
});
