// `npm run bench:consent`: the consent benchmark of issue 13 §5. Prints a table and writes
// bench/consent-results.json.
//
//   1. PDF: renderConsentPdf() for a full form (every default question answered, a drawn client
//      signature and a minor's guardian with a drawn signature, an audit trail of three rows):
//      size in KB and time per form (p50/p95), in-process. Aim: ≤ 300 KB, ≤ 150 ms p95.
//   2. Signing: POST /api/bookings/{id}/consent through the app (fastify.inject, no sockets) on an
//      embedded database (PGlite): checks, PDF, sealing and the signing transaction, for confirmed
//      bookings made through the API beforehand. Forms per second and latency p50/p95, one
//      request at a time (PGlite has one connection) and BENCH_CONCURRENCY at once.
//
//   BENCH_PDF_FORMS      forms rendered for the PDF figures (default 200)
//   BENCH_SIGNINGS       forms signed per signing measurement (default 100)
//   BENCH_CONCURRENCY    signings in flight at once in the second measurement (default 4)
//
// Everything runs in this process on a temporary DATA_DIR, removed at the end.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { buildApp } from '../src/server/app.ts';
import { parseConfig } from '../src/server/config.ts';
import { migrateDatabase, openDatabase } from '../src/server/db/client.ts';
import { artistProfiles, services, users, accounts } from '../src/server/db/schema/index.ts';
import { renderConsentPdf, type ConsentPdfInput } from '../src/server/features/consent/render-consent-pdf.ts';
import { checkSignature } from '../src/server/features/consent/signature.ts';
import { DEFAULT_CONSENT_QUESTIONS, type TConsentSign } from '../src/shared/contracts/consent.ts';
import { hashPassword } from 'better-auth/crypto';
import { envInt } from './support/env.ts';
import { latencies } from './support/stats.ts';

const PDF_FORMS = envInt('BENCH_PDF_FORMS', 200);
const SIGNINGS = envInt('BENCH_SIGNINGS', 100);
const CONCURRENCY = envInt('BENCH_CONCURRENCY', 4);
const HOUR = 3_600_000;

async function drawnSignature(): Promise<string> {
  // A signature pad's canvas at 2x: 700 × 200 with a few strokes.
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="700" height="200"><path d="M20 150 C 90 20, 160 190, 240 60 S 400 170, 480 50 S 620 140, 680 40" stroke="#111" stroke-width="5" fill="none"/><path d="M60 170 L 640 165" stroke="#111" stroke-width="3" fill="none"/></svg>';
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
}

const answers = Object.fromEntries(
  DEFAULT_CONSENT_QUESTIONS.piercing.map((q) => [q.id, q.type === 'text' ? 'Mild reaction to nickel earrings as a teenager; none since.' : q.type === 'acknowledge' ? true : false]),
);

async function pdfFigures(png: string) {
  const signature = await checkSignature({ kind: 'drawn', png }, 'signature');
  const input: ConsentPdfInput = {
    formId: randomUUID(),
    bookingId: randomUUID(),
    kind: 'piercing',
    serviceName: 'Helix piercing',
    artistName: 'Bench Piercer',
    clientName: 'Jordan',
    startsAt: new Date(Date.now() + 72 * HOUR),
    artistTimezone: 'Europe/Berlin',
    template: { id: randomUUID(), version: 3, isDefault: false },
    questions: [...DEFAULT_CONSENT_QUESTIONS.piercing],
    answers,
    dateOfBirth: '2010-05-01',
    signature,
    clientIdImageSha256: 'a'.repeat(64),
    guardian: { name: 'Sam Guardian', relationship: 'Parent', signature, idImageSha256: 'b'.repeat(64) },
    artistConfirmedAt: new Date(),
    audit: ['created', 'opened', 'signed'].map((event) => ({ event, at: new Date(), ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' })),
    signedAt: new Date(),
  };
  for (let i = 0; i < 10; i++) await renderConsentPdf(input); // warm-up
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < PDF_FORMS; i++) {
    const started = performance.now();
    const { pdf } = await renderConsentPdf({ ...input, formId: randomUUID() });
    times.push(performance.now() - started);
    bytes = Math.max(bytes, pdf.length);
  }
  return { forms: PDF_FORMS, maxKB: Math.round((bytes / 1024) * 10) / 10, ms: latencies(times) };
}

async function signingFigures(png: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkhaven-bench-consent-'));
  const database = await openDatabase({ dataDir });
  try {
    await migrateDatabase(database);
    const config = parseConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'false', PUBLIC_URL: 'http://localhost:5000', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database, secret: randomUUID() + randomUUID() });
    await app.ready();
    const db = database.db;
    const password = await hashPassword('bench-passphrase-123');
    const cookiesOf = (res: { cookies: Array<{ name: string; value: string }> }) => res.cookies.map((c) => `${c.name}=${c.value}`);
    const signIn = async (email: string) => {
      // As a browser does: a CSRF token first (sign-in is a mutation too), then the session cookie.
      const token = await app.inject({ method: 'GET', url: '/api/auth/csrf-token' });
      const csrf = (token.json() as { csrfToken: string }).csrfToken;
      const first = cookiesOf(token).join('; ');
      const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { cookie: first, 'x-csrf-token': csrf }, payload: { email, password: 'bench-passphrase-123' } });
      if (res.statusCode !== 200) throw new Error(`sign-in: ${res.statusCode} ${res.body}`);
      return { cookie: [first, ...cookiesOf(res)].join('; '), csrf };
    };
    const person = async (name: string) => {
      const id = randomUUID();
      const email = `${name.toLowerCase()}-${id.slice(0, 8)}@bench.test`; // sign-in looks e-mail addresses up in lower case
      await db.insert(users).values({ id, name, email });
      await db.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password });
      return { id, ...(await signIn(email)) };
    };
    const artistUser = await person('Artist');
    const [artist] = await db
      .insert(artistProfiles)
      .values({ userId: artistUser.id, slug: `bench-${artistUser.id.slice(0, 8)}`, displayName: 'Bench Artist', kind: 'both', bio: 'Bench', styles: [], city: 'Berlin', country: 'DE', timezone: 'UTC', lat: 52.5, lng: 13.4, workingHours: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [['00:00', '23:59']]])), minNoticeHours: 0, bufferMinutes: 0 })
      .returning();
    const [service] = await db.insert(services).values({ artistId: artist!.id, name: 'Piercing', kind: 'piercing', durationMinutes: 30, priceMinCents: 5000, priceMaxCents: 9000, depositCents: 0 }).returning();
    // Signing is rate-limited per user (as it should be): each client signs a handful of forms.
    const FORMS_PER_CLIENT = 5;
    const clients: Array<Awaited<ReturnType<typeof person>>> = [];
    const call = (who: { cookie: string; csrf: string }, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      app.inject({ method, url, headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, 'user-agent': 'bench' }, ...(payload ? { payload: payload as object } : {}) });

    const total = SIGNINGS * 2;
    const base = Math.ceil(Date.now() / HOUR) * HOUR + 72 * HOUR;
    const bookingIds: string[] = [];
    const clientOf = new Map<string, Awaited<ReturnType<typeof person>>>();
    for (let i = 0; i < total; i++) {
      if (i % FORMS_PER_CLIENT === 0) clients.push(await person('Client'));
      const client = clients[clients.length - 1]!;
      const created = await call(client, 'POST', '/api/bookings', { artistId: artist!.id, serviceId: service!.id, startsAt: new Date(base + i * HOUR).toISOString(), idea: 'A helix piercing with a small ring.', acceptPolicy: true });
      if (created.statusCode !== 201) throw new Error(`booking: ${created.statusCode} ${created.body}`);
      const id = (created.json() as { id: string }).id;
      const accepted = await call(artistUser, 'POST', `/api/bookings/${id}/accept`, {});
      if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
      bookingIds.push(id);
      clientOf.set(id, client);
    }
    const body: TConsentSign = { answers, dateOfBirth: '1994-03-02', signature: { kind: 'drawn', png } };
    const signOne = async (id: string) => {
      const started = performance.now();
      const res = await call(clientOf.get(id)!, 'POST', `/api/bookings/${id}/consent`, body);
      if (res.statusCode !== 201) throw new Error(`sign: ${res.statusCode} ${res.body}`);
      return performance.now() - started;
    };
    const measure = async (ids: string[], concurrency: number) => {
      const times: number[] = [];
      const queue = [...ids];
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          for (let id = queue.shift(); id; id = queue.shift()) times.push(await signOne(id));
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      return { concurrency, forms: ids.length, formsPerSecond: Math.round((ids.length / seconds) * 10) / 10, ms: latencies(times) };
    };
    const one = await measure(bookingIds.slice(0, SIGNINGS), 1);
    const many = await measure(bookingIds.slice(SIGNINGS), CONCURRENCY);
    await app.close();
    return [one, many];
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const round = (ms: ReturnType<typeof latencies>) => ({ p50: Math.round(ms.p50 * 10) / 10, p95: Math.round(ms.p95 * 10) / 10 });

const png = await drawnSignature();
const pdf = await pdfFigures(png);
console.log(`PDF: ${pdf.forms} forms, largest ${pdf.maxKB} KB, ${round(pdf.ms).p50} ms p50, ${round(pdf.ms).p95} ms p95 (aim ≤ 300 KB, ≤ 150 ms p95)`);
const signing = await signingFigures(png);
for (const s of signing) console.log(`Signing (PGlite, ${s.concurrency} at once): ${s.forms} forms, ${s.formsPerSecond} forms/s, ${round(s.ms).p50} ms p50, ${round(s.ms).p95} ms p95`);
writeFileSync(
  path.join(import.meta.dirname, 'consent-results.json'),
  `${JSON.stringify({ at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, pdf: { ...pdf, ms: round(pdf.ms) }, signing: signing.map((s) => ({ ...s, ms: round(s.ms) })) }, null, 2)}\n`,
);
