// `npm run bench:booking`: the two booking benchmarks of issue 4 §6. Prints tables, writes
// bench/booking-results.json.
//
//   1. Availability: GET /api/artists/{id}/availability?from&to&serviceId over 28 days, for several
//      artists and services of the demo data (plus a catalogue), each artist given time off, a
//      guest spot and booked sessions in that window; on PGlite and PostgreSQL. Compared, in the
//      same run, with the same calls to the service function getAvailability() in-process (no
//      HTTP): the "direct" figure.
//   2. Booking creation: POST /api/bookings (instant consultations, so a created booking takes its
//      slot) by signed-up clients, several clients racing for each slot, on PostgreSQL. Counts
//      201s and 409s, then checks in SQL that no two live bookings of an artist overlap. Compared
//      with the same sequence through the driver (pool of 10) as a transaction that locks the
//      artist's row and INSERTs the live booking, racing on the exclusion constraint: the
//      database's own ceiling for this race.
//
//   BENCH_SECONDS        seconds per measurement (default 10)
//   BENCH_CONNECTIONS    concurrent HTTP connections, and concurrent direct calls (default 10)
//   BENCH_WARMUP         warm-up seconds before each measurement (default 2)
//   BENCH_ROUNDS         rounds per database; each figure is the median of its rounds (default 1)
//   BENCH_PARTS          comma-separated: availability, creation (default both)
//   BENCH_AVAILABILITY_DATABASES  pglite, postgres (default both)
//   BENCH_CREATION_DATABASES      pglite, postgres (default postgres: the target is PostgreSQL's)
//   BENCH_ARTISTS        catalogue artists seeded beside the demo data for availability (default 1000)
//   BENCH_AVAILABILITY_ARTISTS    artists whose availability is asked for, two services each (default 10)
//   BENCH_CREATION_ARTISTS        artists per creation measurement (default 200)
//   BENCH_SLOTS          slots per artist that clients compete for (default 20)
//   BENCH_CONTENDERS     requests per slot, each from a different client (default 3)
//   BENCH_CLIENTS        clients signed up over HTTP (default 30)
//   BENCH_CPU_PROF       a directory: the app's server processes write V8 CPU profiles there
//   BENCH_PG_ADMIN_URL   a PostgreSQL server where temporary databases may be created and dropped
//                        (default postgres://postgres@127.0.0.1:5432/postgres)
//
// Each database lives in a temporary DATA_DIR (and for PostgreSQL a temporary database, dropped at
// the end). The app runs in its own process (API only, the logger main.ts uses, stdout to
// /dev/null, and the job worker main.ts starts); the direct runs, the data set-up and the overlap check run in other processes after
// it has stopped (PGlite allows one process per data dir). Everything listens on 127.0.0.1 only.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../src/server/db/client.ts';
import { createDatabase, type BenchDatabase, type Cleanups, type DatabaseKind } from './support/databases.ts';
import { cpuTimeMs, freePort, startChild, stopChild, waitExit, waitHealthy, type Child } from './support/processes.ts';
import { latencies, median } from './support/stats.ts';
import { arg, envInt, envList, envNumber, requiredArg } from './support/env.ts';
import { openApp } from './support/app.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const HOST = '127.0.0.1';
const RESULT_PREFIX = 'BENCH_RESULT ';

const TARGET_AVAILABILITY_P95_MS = 30;
const TARGET_CREATIONS_PER_SECOND = 300;
/** The availability window asked for: 28 local days, `to` inclusive. */
const AVAILABILITY_DAYS = 28;
const LIVE_STATUSES = ['accepted', 'awaiting_deposit', 'confirmed'] as const;
/** Creation artists work every day from 00:00 to 23:59 (UTC): hourly 60-minute slots start at 00:00–22:00. */
const SLOTS_PER_DAY = 23;
const HOUR = 3_600_000;
const DAY = 86_400_000;



const emit = (value: unknown) => process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(value)}\n`);

// ---------------------------------------------------------------------------------------------
// The app, as main.ts builds it (API only)
// ---------------------------------------------------------------------------------------------


/**
 * `--serve --port N --data-dir D [--database-url U]`: the app, API only, with the job worker
 * main.ts runs beside it (each booking event enqueues a notice job it then runs), until SIGTERM.
 */
async function serve(): Promise<void> {
  const { startJobWorker } = await import('../src/server/jobs/worker.ts');
  const port = Number(requiredArg('--port'));
  const { app, database } = await openApp({ dataDir: requiredArg('--data-dir'), databaseUrl: arg('--database-url'), port, logger: true });
  const stopJobWorker = await startJobWorker(app.ctx, app.log);
  // Shut down as main.ts does, so a CPU profile (BENCH_CPU_PROF) is written on the way out.
  process.once('SIGTERM', () => {
    void stopJobWorker()
      .then(() => app.close())
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  await app.listen({ port, host: HOST });
}

// ---------------------------------------------------------------------------------------------
// Availability: data set-up and the in-process ("direct") run
// ---------------------------------------------------------------------------------------------

type AvailabilityTarget = {
  label: string;
  artistId: string;
  slug: string;
  serviceId: string;
  serviceName: string;
  durationMinutes: number;
  from: string;
  to: string;
  /** Slots the answer held when the target was prepared. */
  slots: number;
};
type PreparedAvailability = { targets: AvailabilityTarget[]; timeOff: number; guestSpots: number; bookings: number };

const availabilityPath = (t: Pick<AvailabilityTarget, 'artistId' | 'from' | 'to' | 'serviceId'>) =>
  `/api/artists/${t.artistId}/availability?from=${t.from}&to=${t.to}&serviceId=${t.serviceId}`;

/**
 * `--prepare-availability --data-dir D [--database-url U] --artists K`, on a seeded database:
 * picks K artists (the hand-written demo artists first, then catalogue ones) and gives each what
 * a working artist's next four weeks hold — three days off, every other one a four-day guest spot
 * in another city's zone, about a dozen confirmed sessions and a few open requests — then prints
 * the availability queries to load: each artist's consultation (or shortest service) and longest session.
 */
async function prepareAvailability(): Promise<void> {
  const { sql } = await import('drizzle-orm');
  const { queryRows } = await import('../src/server/db/client.ts');
  const { insertMany } = await import('../src/server/db/seed/bulk-insert.ts');
  const { CATALOGUE_DOMAIN } = await import('../src/server/db/seed/catalogue.ts');
  const { artistTimeOff, bookings, guestSpots } = await import('../src/server/db/schema/index.ts');
  const { getAvailability } = await import('../src/server/features/availability/service.ts');
  const { ZAvailabilityQuery } = await import('../src/shared/contracts/availability.ts');
  const { CITIES } = await import('../src/shared/cities.ts');
  const { addDays, dateKey, localDateOf } = await import('../src/shared/zoned-time.ts');

  const wanted = Number(requiredArg('--artists'));
  const { app, database } = await openApp({ dataDir: requiredArg('--data-dir'), databaseUrl: arg('--database-url'), port: 0, logger: false });
  try {
    const { db } = database;
    const now = Date.now();
    const artists = await queryRows<{ id: string; slug: string; timezone: string; city: string }>(
      db,
      sql`
        SELECT a.id, a.slug, a.timezone, a.city
        FROM artist_profiles a JOIN users u ON u.id = a.user_id
        WHERE EXISTS (SELECT 1 FROM services s WHERE s.artist_id = a.id AND s.active)
        ORDER BY (u.email LIKE ${`%@${CATALOGUE_DOMAIN}`}), a.slug
        LIMIT ${wanted}
      `,
    );
    if (artists.length < wanted) throw new Error(`only ${artists.length} artists with services to ask about (wanted ${wanted})`);
    const clients = await queryRows<{ id: string }>(db, sql`SELECT u.id FROM users u WHERE NOT EXISTS (SELECT 1 FROM artist_profiles a WHERE a.user_id = u.id) ORDER BY u.id LIMIT 40`);
    if (clients.length === 0) throw new Error('no client accounts in the seeded data');

    const out: PreparedAvailability = { targets: [], timeOff: 0, guestSpots: 0, bookings: 0 };
    for (const [i, artist] of artists.entries()) {
      const offered = await queryRows<{ id: string; name: string; kind: string; duration_minutes: number; deposit_cents: number }>(
        db,
        sql`SELECT id, name, kind, duration_minutes, deposit_cents FROM services WHERE artist_id = ${artist.id} AND active ORDER BY duration_minutes, created_at`,
      );
      const first = offered.find((s) => s.kind === 'consultation') ?? offered[0]!;
      const longest = offered[offered.length - 1]!;
      const today = localDateOf(now, artist.timezone);
      const from = dateKey(addDays(today, 1));
      const to = dateKey(addDays(today, AVAILABILITY_DAYS));

      await insertMany(db, artistTimeOff, [{ artistId: artist.id, startsOn: dateKey(addDays(today, 8)), endsOn: dateKey(addDays(today, 10)), reason: 'Convention' }]);
      out.timeOff += 1;
      if (i % 2 === 0) {
        const away = CITIES.filter((c) => c.timezone !== artist.timezone && c.name !== artist.city);
        const city = away[(i * 7) % away.length]!;
        await insertMany(db, guestSpots, [
          { artistId: artist.id, city: city.name, country: city.country, timezone: city.timezone, lat: city.lat, lng: city.lng, venue: 'Guest chair', startsOn: dateKey(addDays(today, 15)), endsOn: dateKey(addDays(today, 18)) },
        ]);
        out.guestSpots += 1;
      }

      // Sessions booked on free slots of the longest service, spread over the window.
      const free = await getAvailability(app.ctx, artist.id, ZAvailabilityQuery.parse({ from, to, serviceId: longest.id }), now);
      const rows: Array<typeof bookings.$inferInsert> = [];
      let freeFrom = -Infinity;
      const every = Math.max(1, Math.floor(free.slots.length / 15));
      for (const [k, slot] of free.slots.entries()) {
        const startsAt = Date.parse(slot.startsAt);
        if (k % every !== 0 || startsAt < freeFrom) continue;
        const confirmed = rows.length < 12;
        if (confirmed) freeFrom = Date.parse(slot.endsAt);
        rows.push({
          artistId: artist.id,
          clientId: clients[(i + rows.length) % clients.length]!.id,
          serviceId: longest.id,
          status: confirmed ? 'confirmed' : 'requested',
          startsAt: new Date(startsAt),
          endsAt: new Date(Date.parse(slot.endsAt)),
          idea: 'A botanical piece along the forearm, fine line, black only.',
          depositCents: longest.deposit_cents,
          depositStatus: confirmed ? (longest.deposit_cents > 0 ? 'paid' : 'not_required') : 'pending',
          createdAt: new Date(now - 5 * DAY),
        });
        if (rows.length >= 15) break;
      }
      await insertMany(db, bookings, rows);
      out.bookings += rows.length;

      for (const service of first.id === longest.id ? [first] : [first, longest]) {
        const target = { artistId: artist.id, serviceId: service.id, from, to };
        const answer = await getAvailability(app.ctx, artist.id, ZAvailabilityQuery.parse({ from, to, serviceId: service.id }), now);
        if (answer.slots.length === 0) throw new Error(`${artist.slug}: no free slots for ${service.name} from ${from} to ${to}`);
        out.targets.push({ ...target, label: `${artist.slug}: ${service.name}`, slug: artist.slug, serviceName: service.name, durationMinutes: Number(service.duration_minutes), slots: answer.slots.length });
      }
    }
    emit(out);
  } finally {
    await app.close();
    await database.close();
  }
}

type DirectResult = { qps: number; p50: number; p95: number; p99: number; calls: number; cpuUsPerCall: number };

/** Runs `call` from `concurrency` loops for `seconds`; times each call. */
async function runLoops(concurrency: number, seconds: number, call: () => Promise<void>): Promise<DirectResult> {
  const times: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await call();
        times.push(performance.now() - t0);
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  const elapsed = (performance.now() - started) / 1000;
  return { qps: times.length / elapsed, ...latencies(times), calls: times.length, cpuUsPerCall: (used.user + used.system) / Math.max(1, times.length) };
}

/**
 * `--direct-availability --data-dir D [--database-url U] --targets F --seconds S --warmup W --concurrency C [--fresh]`:
 * what the route does after routing — validate the query, getPublicAvailability() (answers reused
 * while the artist's schedule version holds) — without HTTP; with `--fresh`, getAvailability(),
 * which reads and computes every answer (what a request costs right after a schedule change).
 */
async function directAvailability(): Promise<void> {
  const { getAvailability, getPublicAvailability } = await import('../src/server/features/availability/service.ts');
  const answerOf = process.argv.includes('--fresh') ? getAvailability : getPublicAvailability;
  const { ZAvailabilityQuery } = await import('../src/shared/contracts/availability.ts');
  const targets = (JSON.parse(readFileSync(requiredArg('--targets'), 'utf8')) as PreparedAvailability).targets;
  const { app, database } = await openApp({ dataDir: requiredArg('--data-dir'), databaseUrl: arg('--database-url'), port: 0, logger: false });
  try {
    let next = 0;
    const call = async () => {
      const t = targets[next++ % targets.length]!;
      const answer = await answerOf(app.ctx, t.artistId, ZAvailabilityQuery.parse({ from: t.from, to: t.to, serviceId: t.serviceId }));
      if (answer.slots.length === 0) throw new Error(`${t.label}: no slots`);
    };
    const concurrency = Number(requiredArg('--concurrency'));
    const warmup = Number(requiredArg('--warmup'));
    if (warmup > 0) await runLoops(concurrency, warmup, call);
    emit(await runLoops(concurrency, Number(requiredArg('--seconds')), call));
  } finally {
    await app.close();
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Creation: data set-up, the request sequence, the bare-INSERT run and the overlap check
// ---------------------------------------------------------------------------------------------

type CreationPlan = {
  /** Per group, its artists and their one 60-minute consultation service. */
  groups: Array<Array<{ artistId: string; serviceId: string }>>;
  /** Epoch ms of the first slot (a UTC midnight at least a day ahead). */
  base: number;
  slotsPerArtist: number;
  contenders: number;
  /** Filled in by the orchestrator after the sign-ups. */
  clientIds: string[];
};

/**
 * Request n of a measurement: `contenders` consecutive requests, from consecutive (so different)
 * clients, ask for the same slot; consecutive slots belong to different artists (artist by artist,
 * then the next slot of each), so the requests in flight together race for a few slots of a few
 * artists, as many clients booking at once would. Artist j's slot s starts at hour j·S + s of the
 * plan: every slot of a group has its own hour, so a client never asks for two bookings at the same
 * time and slots never overlap — a 409 can only come from the slot's own race.
 */
function creationRequest(plan: CreationPlan, group: number, n: number) {
  const artists = plan.groups[group]!;
  const k = Math.floor(n / plan.contenders) % (artists.length * plan.slotsPerArtist);
  const j = k % artists.length;
  const hour = j * plan.slotsPerArtist + Math.floor(k / artists.length);
  const startsAt = plan.base + Math.floor(hour / SLOTS_PER_DAY) * DAY + (hour % SLOTS_PER_DAY) * HOUR;
  return { ...artists[j]!, startsAt: new Date(startsAt).toISOString(), endsAt: new Date(startsAt + HOUR).toISOString(), client: n % plan.clientIds.length };
}

/**
 * `--prepare-creation --data-dir D [--database-url U] --groups G --artists N --slots S --contenders C`:
 * migrates the database and adds G groups of N artists who work every day around the clock
 * (UTC), need no notice, take bookings a year ahead and let clients book a free 60-minute
 * consultation instantly (so a created booking takes its slot at once). Prints the plan.
 */
async function prepareCreation(): Promise<void> {
  const { migrateDatabase, openDatabase } = await import('../src/server/db/client.ts');
  const { insertMany } = await import('../src/server/db/seed/bulk-insert.ts');
  const { artistProfiles, services, users } = await import('../src/server/db/schema/index.ts');
  const groupCount = Number(requiredArg('--groups'));
  const perGroup = Number(requiredArg('--artists'));
  const slotsPerArtist = Number(requiredArg('--slots'));
  const lastDay = Math.ceil((perGroup * slotsPerArtist) / SLOTS_PER_DAY) + 2;
  if (lastDay > 360) throw new Error(`${perGroup} artists × ${slotsPerArtist} slots reach ${lastDay} days ahead; artists take bookings up to 365 days ahead: lower BENCH_CREATION_ARTISTS or BENCH_SLOTS`);
  const databaseUrl = arg('--database-url');
  const database = await openDatabase({ databaseUrl, dataDir: requiredArg('--data-dir'), poolSize: 2 });
  try {
    await migrateDatabase(database);
    const now = new Date();
    const allDay: Record<string, Array<[string, string]>> = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [['00:00', '23:59']]]));
    const plan: CreationPlan = { groups: [], base: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + 2 * DAY, slotsPerArtist, contenders: Number(requiredArg('--contenders')), clientIds: [] };
    for (let g = 0; g < groupCount; g++) {
      const userRows: Array<typeof users.$inferInsert> = [];
      const profileRows: Array<typeof artistProfiles.$inferInsert> = [];
      const serviceRows: Array<typeof services.$inferInsert> = [];
      const group: CreationPlan['groups'][number] = [];
      for (let j = 0; j < perGroup; j++) {
        const userId = randomUUID();
        const artistId = randomUUID();
        const serviceId = randomUUID();
        userRows.push({ id: userId, name: `Bench Artist ${g}-${j}`, email: `bench-artist-${g}-${j}@bench.inkhaven.test`, emailVerified: true });
        profileRows.push({
          id: artistId,
          userId,
          slug: `bench-artist-${g}-${j}`,
          displayName: `Bench Artist ${g}-${j}`,
          kind: 'tattoo',
          styles: ['fine-line'],
          city: 'London',
          country: 'GB',
          timezone: 'UTC',
          lat: 51.5074,
          lng: -0.1278,
          workingHours: allDay,
          minNoticeHours: 0,
          bufferMinutes: 0,
          maxAdvanceDays: 365,
          instantBookConsultations: true,
        });
        serviceRows.push({ id: serviceId, artistId, name: 'Consultation', kind: 'consultation', durationMinutes: 60, priceMinCents: 0, priceMaxCents: 0, depositCents: 0 });
        group.push({ artistId, serviceId });
      }
      await database.db.transaction(async (tx) => {
        await insertMany(tx, users, userRows);
        await insertMany(tx, artistProfiles, profileRows);
        await insertMany(tx, services, serviceRows);
      });
      plan.groups.push(group);
    }
    emit(plan);
  } finally {
    await database.close();
  }
}

type RawClient = { query(text: string, params?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> };
const rawClient = (database: Database) => (database.db as unknown as { $client: RawClient }).$client;

/** A transaction on the raw driver: a pooled connection on PostgreSQL, PGlite's own transaction() in-process. */
function rawTransaction(database: Database): (fn: (q: RawClient) => Promise<void>) => Promise<void> {
  if (database.kind === 'pglite') {
    const client = rawClient(database) as RawClient & { transaction(fn: (tx: RawClient) => Promise<void>): Promise<void> };
    return (fn) => client.transaction(fn);
  }
  const pool = rawClient(database) as RawClient & { connect(): Promise<RawClient & { release(): void }> };
  return async (fn) => {
    const connection = await pool.connect();
    try {
      await connection.query('BEGIN');
      await fn(connection);
      await connection.query('COMMIT');
    } catch (error) {
      await connection.query('ROLLBACK');
      throw error;
    } finally {
      connection.release();
    }
  };
}

type DirectCreation = DirectResult & { created: number; refused: number; deadlocks: number };

/**
 * `--direct-creation --data-dir D [--database-url U] --plan F --warmup-group G --group G --seconds S --warmup W --concurrency C`:
 * the same request sequence through the driver, doing the least a correct booking service must:
 * a transaction that locks the artist's row, then INSERTs the live booking, which the exclusion
 * constraint refuses (SQLSTATE 23P01) when the slot is taken. No events, jobs or checks: the
 * database's ceiling for this race. The lock matters: without it, two INSERTs racing for one slot
 * each enter their index entry and then wait for the other's transaction to see whether it
 * conflicts — a deadlock PostgreSQL only breaks after deadlock_timeout (1 s), aborting one with
 * 40P01 (measured here: bare INSERTs with 3 clients per slot stalled for a second a few times every
 * second). Deadlocks are still counted apart, and as refusals (the other INSERT takes the slot).
 */
async function directCreation(): Promise<void> {
  const { openDatabase } = await import('../src/server/db/client.ts');
  const plan = JSON.parse(readFileSync(requiredArg('--plan'), 'utf8')) as CreationPlan;
  const database = await openDatabase({ databaseUrl: arg('--database-url'), dataDir: requiredArg('--data-dir') });
  const transaction = rawTransaction(database);
  const lock = 'SELECT 1 FROM artist_profiles WHERE id = $1 FOR UPDATE';
  const insert = `INSERT INTO bookings (artist_id, client_id, service_id, status, mode, starts_at, ends_at, client_timezone, idea, deposit_cents, currency, instant, deposit_status, idempotency_key, policy_accepted_at)
    VALUES ($1, $2, $3, 'confirmed', 'video', $4, $5, 'UTC', 'A consultation about a small fine line piece', 0, 'USD', true, 'not_required', $6, now())`;
  try {
    const concurrency = Number(requiredArg('--concurrency'));
    const run = async (group: number, seconds: number) => {
      let next = 0;
      let created = 0;
      let refused = 0;
      let deadlocks = 0;
      const result = await runLoops(concurrency, seconds, async () => {
        const n = next++;
        const r = creationRequest(plan, group, n);
        try {
          await transaction(async (q) => {
            await q.query(lock, [r.artistId]);
            await q.query(insert, [r.artistId, plan.clientIds[r.client], r.serviceId, r.startsAt, r.endsAt, `direct-${group}-${n}`]);
          });
          created += 1;
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === '23P01') refused += 1;
          else if (code === '40P01') deadlocks += 1;
          else throw error;
        }
      });
      return { ...result, created, refused: refused + deadlocks, deadlocks };
    };
    const warmup = Number(requiredArg('--warmup'));
    if (warmup > 0) await run(Number(requiredArg('--warmup-group')), warmup);
    const measured: DirectCreation = await run(Number(requiredArg('--group')), Number(requiredArg('--seconds')));
    emit(measured);
  } finally {
    await database.close();
  }
}

type Verification = { overlaps: number; groups: Array<{ live: number; other: number }>; noticesQueued: number; noticesDone: number };

/** `--verify --data-dir D [--database-url U] --plan F`: overlapping live bookings of one artist (must be 0), and rows per group. */
async function verify(): Promise<void> {
  const { openDatabase } = await import('../src/server/db/client.ts');
  const plan = JSON.parse(readFileSync(requiredArg('--plan'), 'utf8')) as CreationPlan;
  const database = await openDatabase({ databaseUrl: arg('--database-url'), dataDir: requiredArg('--data-dir'), poolSize: 1 });
  try {
    const client = rawClient(database);
    const live = `ARRAY[${LIVE_STATUSES.map((s) => `'${s}'`).join(', ')}]::booking_status[]`;
    const { rows } = await client.query(`
      SELECT count(*)::int AS n
      FROM bookings a JOIN bookings b
        ON b.artist_id = a.artist_id AND b.id <> a.id AND a.id < b.id
       AND tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(b.starts_at, b.ends_at, '[)')
      WHERE a.status = ANY(${live}) AND b.status = ANY(${live})`);
    const groups: Verification['groups'] = [];
    for (const group of plan.groups) {
      const counts = await client.query(
        `SELECT count(*) FILTER (WHERE status = ANY(${live}))::int AS live, count(*) FILTER (WHERE NOT status = ANY(${live}))::int AS other FROM bookings WHERE artist_id = ANY($1::uuid[])`,
        [group.map((a) => a.artistId)],
      );
      groups.push({ live: Number(counts.rows[0]!.live), other: Number(counts.rows[0]!.other) });
    }
    // The notices the job worker had not sent when the app stopped: creation rates count only if the worker kept up.
    const notices = await client.query(
      `SELECT count(*) FILTER (WHERE status <> 'done')::int AS queued, count(*) FILTER (WHERE status = 'done')::int AS done FROM jobs WHERE kind = 'booking.notify'`,
    );
    emit({ overlaps: Number(rows[0]!.n), groups, noticesQueued: Number(notices.rows[0]!.queued), noticesDone: Number(notices.rows[0]!.done) } satisfies Verification);
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Orchestrator: processes, HTTP load
// ---------------------------------------------------------------------------------------------

/** Runs this file in another mode to completion and returns the value it emitted. */
async function runChild<T>(mode: string, args: string[], env: NodeJS.ProcessEnv, cleanups: Cleanups, timeoutMs: number): Promise<T> {
  const child = startChild(['--import', 'tsx', path.join(HERE, 'booking.ts'), mode, ...args], env);
  cleanups.push(() => stopChild(child));
  await waitExit(child, timeoutMs, mode);
  const line = child.stdout().split('\n').find((l) => l.startsWith(RESULT_PREFIX));
  if (!line) throw new Error(`${mode} printed no result:\n${child.output().slice(-3000)}`);
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as T;
}

async function runSeed(env: NodeJS.ProcessEnv, artists: number, cleanups: Cleanups): Promise<void> {
  const seed = startChild(['--import', 'tsx', 'src/server/db/seed/cli.ts', '--artists', String(artists)], env);
  cleanups.push(() => stopChild(seed));
  await waitExit(seed, Infinity, 'seed');
}

type NextRequest = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };
type HttpResult = { rps: number; p50: number; p95: number; p99: number; requests: number; statuses: Record<string, number>; errors: number; timeouts: number; cpuUsPerRequest: number | null };

/** One autocannon run whose requests come from `next()`, one call per request sent. */
async function load(base: string, server: Child, seconds: number, connections: number, next: () => NextRequest): Promise<HttpResult> {
  const { default: autocannon } = await import('autocannon');
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const cpuBefore = cpuTimeMs(server.process.pid);
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (req) => {
          const r = next();
          return { ...req, method: r.method, path: r.path, headers: { ...req.headers, ...r.headers }, body: r.body ?? '' };
        },
      },
    ],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const r = await instance;
  const cpuAfter = cpuTimeMs(server.process.pid);
  return {
    rps: r.requests.total / r.duration,
    ...latencies(times),
    requests: r.requests.total,
    statuses,
    errors: r.errors,
    timeouts: r.timeouts,
    cpuUsPerRequest: cpuBefore !== null && cpuAfter !== null && r.requests.total > 0 ? ((cpuAfter - cpuBefore) * 1000) / r.requests.total : null,
  };
}

async function startApp(db: BenchDatabase, cleanups: Cleanups): Promise<{ server: Child; base: string }> {
  const port = await freePort(HOST);
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CPU_PROF)] : [];
  const server = startChild([...profile, '--import', 'tsx', path.join(HERE, 'booking.ts'), '--serve', '--port', String(port), ...db.args], db.env, true);
  cleanups.push(() => stopChild(server));
  const base = `http://${HOST}:${port}`;
  await waitHealthy(`${base}/api/health`, server, 120_000);
  return { server, base };
}

type Settings = {
  seconds: number;
  connections: number;
  warmup: number;
  rounds: number;
  artists: number;
  availabilityArtists: number;
  creationArtists: number;
  slots: number;
  contenders: number;
  clients: number;
  adminUrl: string;
};

const medianHttp = (runs: HttpResult[]): HttpResult => {
  const statuses: Record<string, number> = {};
  for (const r of runs) for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  return {
    rps: median(runs.map((x) => x.rps)),
    p50: median(runs.map((x) => x.p50)),
    p95: median(runs.map((x) => x.p95)),
    p99: median(runs.map((x) => x.p99)),
    requests: runs.reduce((n, x) => n + x.requests, 0),
    statuses,
    errors: runs.reduce((n, x) => n + x.errors, 0),
    timeouts: runs.reduce((n, x) => n + x.timeouts, 0),
    cpuUsPerRequest: runs.every((x) => x.cpuUsPerRequest !== null) ? median(runs.map((x) => x.cpuUsPerRequest!)) : null,
  };
};
const medianDirect = (runs: DirectResult[]): DirectResult => ({
  qps: median(runs.map((x) => x.qps)),
  p50: median(runs.map((x) => x.p50)),
  p95: median(runs.map((x) => x.p95)),
  p99: median(runs.map((x) => x.p99)),
  calls: runs.reduce((n, x) => n + x.calls, 0),
  cpuUsPerCall: median(runs.map((x) => x.cpuUsPerCall)),
});

// ---------------------------------------------------------------------------------------------
// 1. Availability

type AvailabilityRow = {
  database: DatabaseKind;
  queries: number;
  meanSlots: number;
  http: HttpResult;
  direct: DirectResult;
  /** In-process with no reuse: every answer read and computed (the cost right after a schedule change). */
  computedEveryTime: DirectResult;
  ratio: number;
  p95Met: boolean;
  rounds: Array<{ rps: number; p95: number; directQps: number; directP95: number }>;
  prepared: { artists: number; timeOff: number; guestSpots: number; bookings: number };
  seedSeconds: number;
  examples: string[];
};

async function benchAvailability(kind: DatabaseKind, s: Settings, cleanups: Cleanups): Promise<AvailabilityRow> {
  const db = await createDatabase(kind, 'availability', s.adminUrl, cleanups);
  process.stderr.write(`availability, ${kind}: seeding the demo data and ${s.artists} catalogue artists…\n`);
  const seedStarted = performance.now();
  await runSeed(db.env, s.artists, cleanups);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const prepared = await runChild<PreparedAvailability>('--prepare-availability', [...db.args, '--artists', String(s.availabilityArtists)], db.env, cleanups, 10 * 60_000);
  const targetsFile = path.join(db.dataDir, 'availability-targets.json');
  writeFileSync(targetsFile, JSON.stringify(prepared));
  const paths = prepared.targets.map(availabilityPath);

  const httpRuns: HttpResult[] = [];
  const directRuns: DirectResult[] = [];
  const freshRuns: DirectResult[] = [];
  for (let round = 1; round <= s.rounds; round++) {
    const { server, base } = await startApp(db, cleanups);
    for (const [i, p] of paths.entries()) {
      const res = await fetch(`${base}${p}`);
      const body = (await res.json()) as { slots?: unknown[] };
      if (res.status !== 200 || !body.slots?.length) throw new Error(`GET ${p} answered ${res.status} with ${body.slots?.length ?? 'no'} slots (prepared: ${prepared.targets[i]!.slots})`);
    }
    let i = 0;
    const next = (): NextRequest => ({ method: 'GET', path: paths[i++ % paths.length]! });
    process.stderr.write(`availability, ${kind}, round ${round}/${s.rounds}: ${paths.length} queries of ${AVAILABILITY_DAYS} days in turn (${s.connections} connections, ${s.seconds} s)…\n`);
    if (s.warmup > 0) await load(base, server, s.warmup, s.connections, next);
    httpRuns.push(await load(base, server, s.seconds, s.connections, next));
    await stopChild(server);
    const directArgs = [...db.args, '--targets', targetsFile, '--seconds', String(s.seconds), '--warmup', String(s.warmup), '--concurrency', String(s.connections)];
    process.stderr.write(`availability, ${kind}, round ${round}/${s.rounds}: getPublicAvailability() in-process (${s.connections} concurrent, ${s.seconds} s)…\n`);
    directRuns.push(await runChild<DirectResult>('--direct-availability', directArgs, db.env, cleanups, 10 * 60_000));
    process.stderr.write(`availability, ${kind}, round ${round}/${s.rounds}: getAvailability(), every answer computed (${s.connections} concurrent, ${s.seconds} s)…\n`);
    freshRuns.push(await runChild<DirectResult>('--direct-availability', [...directArgs, '--fresh'], db.env, cleanups, 10 * 60_000));
  }
  const http = medianHttp(httpRuns);
  const direct = medianDirect(directRuns);
  return {
    database: kind,
    queries: paths.length,
    computedEveryTime: medianDirect(freshRuns),
    meanSlots: prepared.targets.reduce((n, t) => n + t.slots, 0) / prepared.targets.length,
    http,
    direct,
    ratio: http.rps / direct.qps,
    p95Met: http.p95 <= TARGET_AVAILABILITY_P95_MS,
    rounds: httpRuns.map((h, r) => ({ rps: h.rps, p95: h.p95, directQps: directRuns[r]!.qps, directP95: directRuns[r]!.p95 })),
    prepared: { artists: s.availabilityArtists, timeOff: prepared.timeOff, guestSpots: prepared.guestSpots, bookings: prepared.bookings },
    seedSeconds: Number(seedSeconds.toFixed(1)),
    examples: paths.slice(0, 2),
  };
}

// ---------------------------------------------------------------------------------------------
// 2. Booking creation

type BenchClient = { id: string; cookie: string; csrfToken: string };

/**
 * Signs a client up over HTTP as a browser would (CSRF token, then POST /api/auth/sign-up) and
 * keeps both cookies. Each from its own address (X-Forwarded-For, trusted as behind a proxy):
 * sign-up allows 10 a minute per address.
 */
async function signUpClient(base: string, i: number, runId: string): Promise<BenchClient> {
  const forwardedFor = { 'x-forwarded-for': `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` };
  const csrfRes = await fetch(`${base}/api/auth/csrf-token`, { headers: forwardedFor });
  const csrfCookie = csrfRes.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ');
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { ...forwardedFor, 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: csrfCookie },
    body: JSON.stringify({ firstName: 'Bench', email: `bench-client-${runId}-${i}@example.test`, password: 'a-long-bench-passphrase' }),
  });
  if (res.status !== 201) throw new Error(`sign-up ${i} failed: ${res.status} ${await res.text()}`);
  const session = res.headers.getSetCookie().map((c) => c.split(';')[0]!).filter((c) => c.includes('session_token'));
  if (session.length === 0) throw new Error('sign-up set no session cookie');
  const cookie = [csrfCookie, ...session].join('; ');
  const me = await fetch(`${base}/api/auth/user`, { headers: { cookie } });
  if (me.status !== 200) throw new Error(`GET /api/auth/user with a new session answered ${me.status}`);
  const { id } = (await me.json()) as { id: string };
  return { id, cookie, csrfToken };
}

async function signUpClients(base: string, count: number, runId: string): Promise<BenchClient[]> {
  const out: BenchClient[] = [];
  // A few at a time: each sign-up hashes a password (scrypt), the costliest request the app has.
  for (let i = 0; i < count; i += 3) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(3, count - i) }, (_, k) => signUpClient(base, i + k, runId)))));
  }
  return out;
}

const BOOKING_IDEA = 'A consultation about a small fine line piece on the inner wrist.';

function bookingRequest(plan: CreationPlan, clients: BenchClient[], group: number, n: number, runId: string): NextRequest {
  const r = creationRequest(plan, group, n);
  const client = clients[r.client]!;
  return {
    method: 'POST',
    path: '/api/bookings',
    headers: { 'content-type': 'application/json', cookie: client.cookie, 'x-csrf-token': client.csrfToken, 'idempotency-key': `${runId}-${group}-${n}` },
    body: JSON.stringify({ artistId: r.artistId, serviceId: r.serviceId, startsAt: r.startsAt, mode: 'video', idea: BOOKING_IDEA, clientTimezone: 'UTC', acceptPolicy: true }),
  };
}

async function send(base: string, req: NextRequest): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${req.path}`, { method: req.method, headers: req.headers, body: req.body });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    return { status: res.status, body: { text } };
  }
}

/** Request 0 and 1 of a group (the same slot, two clients): the first must take the slot, the second get 409. */
async function preflightCreation(base: string, plan: CreationPlan, clients: BenchClient[], group: number, runId: string): Promise<void> {
  const first = await send(base, bookingRequest(plan, clients, group, 0, runId));
  if (first.status !== 201) throw new Error(`POST /api/bookings answered ${first.status}: ${JSON.stringify(first.body).slice(0, 500)}`);
  if (!LIVE_STATUSES.includes(first.body.status as (typeof LIVE_STATUSES)[number])) {
    throw new Error(`an instant consultation was created as "${String(first.body.status)}", which does not hold the slot; the race would not be exercised`);
  }
  const second = await send(base, bookingRequest(plan, clients, group, 1, runId));
  if (second.status !== 409) throw new Error(`a second client asking for a taken slot got ${second.status} instead of 409: ${JSON.stringify(second.body).slice(0, 500)}`);
}

type CreationRow = {
  database: DatabaseKind;
  http: HttpResult;
  createdPerSecond: number;
  refusedPerSecond: number;
  totalPerSecond: number;
  otherResponses: number;
  direct: DirectResult & { createdPerSecond: number; refusedPerSecond: number };
  ratio: number;
  overlaps: number;
  /** Live rows of the measured groups equal the successful INSERTs (direct) and the 201s (API; plus at most one request per connection still in flight at the end). */
  rowsMatch: boolean;
  rateMet: boolean;
  rounds: Array<{ created: number; refused: number; other: number; totalPerSecond: number; p95: number; directPerSecond: number; overlaps: number; liveRows: number }>;
};

async function benchCreation(kind: DatabaseKind, s: Settings, cleanups: Cleanups): Promise<CreationRow> {
  const db = await createDatabase(kind, 'booking', s.adminUrl, cleanups);
  const runId = `${process.pid}-${Date.now().toString(36)}`;
  process.stderr.write(`creation, ${kind}: ${4 * s.rounds} groups of ${s.creationArtists} artists…\n`);
  // Per round: a warm-up group and a measured group for the API, the same two for the direct run.
  const plan = await runChild<CreationPlan>(
    '--prepare-creation',
    [...db.args, '--groups', String(4 * s.rounds), '--artists', String(s.creationArtists), '--slots', String(s.slots), '--contenders', String(s.contenders)],
    db.env,
    cleanups,
    10 * 60_000,
  );
  const planFile = path.join(db.dataDir, 'creation-plan.json');
  let clients: BenchClient[] = [];
  const httpRuns: HttpResult[] = [];
  const directRuns: DirectCreation[] = [];
  const rounds: CreationRow['rounds'] = [];
  let rowsMatch = true;
  let overlaps = 0;
  for (let round = 0; round < s.rounds; round++) {
    const [warmGroup, apiGroup, directWarmGroup, directGroup] = [4 * round, 4 * round + 1, 4 * round + 2, 4 * round + 3];
    const { server, base } = await startApp(db, cleanups);
    if (clients.length === 0) {
      process.stderr.write(`creation, ${kind}: signing up ${s.clients} clients over HTTP…\n`);
      clients = await signUpClients(base, s.clients, runId);
      plan.clientIds = clients.map((c) => c.id);
      writeFileSync(planFile, JSON.stringify(plan));
    }
    await preflightCreation(base, plan, clients, warmGroup, runId);
    process.stderr.write(`creation, ${kind}, round ${round + 1}/${s.rounds}: POST /api/bookings, ${s.contenders} clients per slot (${s.connections} connections, ${s.seconds} s)…\n`);
    if (s.warmup > 0) {
      let n = s.contenders;
      await load(base, server, s.warmup, s.connections, () => bookingRequest(plan, clients, warmGroup, n++, runId));
    }
    let n = 0;
    const http = await load(base, server, s.seconds, s.connections, () => bookingRequest(plan, clients, apiGroup, n++, runId));
    await stopChild(server);
    httpRuns.push(http);

    process.stderr.write(`creation, ${kind}, round ${round + 1}/${s.rounds}: the same sequence as bare INSERTs (${s.connections} concurrent, ${s.seconds} s)…\n`);
    const direct = await runChild<DirectCreation>(
      '--direct-creation',
      [...db.args, '--plan', planFile, '--warmup-group', String(directWarmGroup), '--group', String(directGroup), '--seconds', String(s.seconds), '--warmup', String(s.warmup), '--concurrency', String(s.connections)],
      db.env,
      cleanups,
      10 * 60_000,
    );
    directRuns.push(direct);
    const check = await runChild<Verification>('--verify', [...db.args, '--plan', planFile], db.env, cleanups, 10 * 60_000);
    const created = http.statuses['201'] ?? 0;
    const refused = http.statuses['409'] ?? 0;
    const liveRows = check.groups[apiGroup]!.live;
    // autocannon stops counting when the time is up: the requests then in flight (at most one per
    // connection) may still create their booking.
    if (liveRows < created || liveRows > created + s.connections || check.groups[directGroup]!.live !== direct.created) rowsMatch = false;
    overlaps = Math.max(overlaps, check.overlaps);
    console.error(`creation, ${kind}, round ${round + 1}: ${created} created, ${refused} refused (409), ${http.requests - created - refused} other; live bookings ${liveRows}; overlaps: ${check.overlaps}; booking notices sent ${check.noticesDone}, still queued when the app stopped ${check.noticesQueued}`);
    rounds.push({ created, refused, other: http.requests - created - refused, totalPerSecond: http.rps, p95: http.p95, directPerSecond: direct.qps, overlaps: check.overlaps, liveRows });
  }
  const http = medianHttp(httpRuns);
  const created = http.statuses['201'] ?? 0;
  const refused = http.statuses['409'] ?? 0;
  const direct = medianDirect(directRuns);
  const otherResponses = http.requests - created - refused;
  return {
    database: kind,
    http,
    // Medians of the rounds' rates; the counts behind them are summed over the rounds.
    createdPerSecond: median(rounds.map((r) => r.created / s.seconds)),
    refusedPerSecond: median(rounds.map((r) => r.refused / s.seconds)),
    totalPerSecond: http.rps,
    otherResponses,
    direct: {
      ...direct,
      createdPerSecond: median(directRuns.map((d) => d.created / s.seconds)),
      refusedPerSecond: median(directRuns.map((d) => d.refused / s.seconds)),
    },
    ratio: http.rps / direct.qps,
    overlaps,
    rowsMatch,
    rateMet: http.rps >= TARGET_CREATIONS_PER_SECOND && overlaps === 0 && otherResponses === 0 && http.errors === 0,
    rounds,
  };
}

// ---------------------------------------------------------------------------------------------

function printTable(rows: string[][], leftColumns: number): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => (i < leftColumns ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
}

async function main() {
  const settings: Settings = {
    seconds: envNumber('BENCH_SECONDS', 10),
    connections: envInt('BENCH_CONNECTIONS', 10),
    warmup: Number(process.env.BENCH_WARMUP ?? 2),
    rounds: envInt('BENCH_ROUNDS', 1),
    artists: envInt('BENCH_ARTISTS', 1000),
    availabilityArtists: envInt('BENCH_AVAILABILITY_ARTISTS', 10),
    creationArtists: envInt('BENCH_CREATION_ARTISTS', 200),
    slots: envInt('BENCH_SLOTS', 20),
    contenders: envInt('BENCH_CONTENDERS', 3),
    clients: envInt('BENCH_CLIENTS', 30),
    adminUrl: process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  };
  if (!(settings.warmup >= 0)) throw new Error('BENCH_WARMUP must be 0 or more');
  if (settings.clients < settings.contenders) throw new Error('BENCH_CLIENTS must be at least BENCH_CONTENDERS: the clients racing for one slot are different people');
  const parts = envList('BENCH_PARTS', 'availability,creation', ['availability', 'creation'] as const);
  const availabilityDatabases = envList('BENCH_AVAILABILITY_DATABASES', 'pglite,postgres', ['pglite', 'postgres'] as const);
  const creationDatabases = envList('BENCH_CREATION_DATABASES', 'postgres', ['pglite', 'postgres'] as const);
  const loadBefore = os.loadavg().map((n) => Number(n.toFixed(2)));
  const cleanups: Cleanups = [];
  const cleanup = async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn().catch((error: unknown) => console.error(`cleanup: ${(error as Error).message}`));
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    const availability: AvailabilityRow[] = [];
    const creation: CreationRow[] = [];
    if (parts.includes('availability')) {
      for (const kind of availabilityDatabases) {
        availability.push(await benchAvailability(kind, settings, cleanups));
        await cleanup();
      }
    }
    if (parts.includes('creation')) {
      for (const kind of creationDatabases) {
        creation.push(await benchCreation(kind, settings, cleanups));
        await cleanup();
      }
    }

    const ms = (n: number) => (Number.isNaN(n) ? 'n/a' : n < 10 ? n.toFixed(1) : n.toFixed(0));
    const cpu = (n: number | null) => (n === null ? 'n/a' : n.toFixed(0));
    if (availability.length) {
      console.log(`\nAvailability, ${AVAILABILITY_DAYS} days per request (target: p95 ≤ ${TARGET_AVAILABILITY_P95_MS} ms at ${settings.connections} connections)\n`);
      printTable(
        [
          ['database', 'queries', 'slots/answer', 'API req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'API CPU µs/req', 'direct calls/s', 'direct p95', 'direct CPU µs', 'API/direct', 'computed every time: calls/s', 'p95', 'CPU µs', 'non-200', 'errors'],
          ...availability.map((r) => [
            r.database,
            String(r.queries),
            r.meanSlots.toFixed(0),
            r.http.rps.toFixed(0),
            ms(r.http.p50),
            ms(r.http.p95) + (r.p95Met ? '' : ' ✗'),
            ms(r.http.p99),
            cpu(r.http.cpuUsPerRequest),
            r.direct.qps.toFixed(0),
            ms(r.direct.p95),
            cpu(r.direct.cpuUsPerCall),
            `${(r.ratio * 100).toFixed(0)}%`,
            r.computedEveryTime.qps.toFixed(0),
            ms(r.computedEveryTime.p95),
            cpu(r.computedEveryTime.cpuUsPerCall),
            String(r.http.requests - (r.http.statuses['200'] ?? 0)),
            String(r.http.errors + r.http.timeouts),
          ]),
        ],
        1,
      );
    }
    if (creation.length) {
      console.log(`\nBooking creation (target on PostgreSQL: ≥ ${TARGET_CREATIONS_PER_SECOND}/s, created plus refused, with zero overlaps)\n`);
      printTable(
        [
          ['database', 'created/s', 'refused 409/s', 'total/s', 'p50 ms', 'p95 ms', 'p99 ms', 'API CPU µs/req', 'bare INSERT/s', 'API/INSERT', 'other', 'errors', 'overlaps'],
          ...creation.map((r) => [
            r.database,
            r.createdPerSecond.toFixed(0),
            r.refusedPerSecond.toFixed(0),
            r.totalPerSecond.toFixed(0) + (r.rateMet ? '' : ' ✗'),
            ms(r.http.p50),
            ms(r.http.p95),
            ms(r.http.p99),
            cpu(r.http.cpuUsPerRequest),
            r.direct.qps.toFixed(0),
            `${(r.ratio * 100).toFixed(0)}%`,
            String(r.otherResponses),
            String(r.http.errors + r.http.timeouts),
            String(r.overlaps),
          ]),
        ],
        1,
      );
      for (const r of creation) {
        console.log(`\n${r.database}: overlaps: ${r.overlaps}; live bookings ${r.rowsMatch ? 'match' : 'DO NOT match'} the 201s and successful INSERTs (rounds: ${r.rounds.map((x) => `${x.liveRows} live for ${x.created} × 201`).join(', ')})`);
        const other = Object.entries(r.http.statuses).filter(([code]) => code !== '201' && code !== '409');
        if (other.length) console.log(`${r.database}: other answers: ${other.map(([code, count]) => `${count} × ${code}`).join(', ')}`);
      }
    }
    const loadAfter = os.loadavg().map((n) => Number(n.toFixed(2)));
    console.log(`\nload average (1/5/15 min) before: ${loadBefore.join(' / ')}, after: ${loadAfter.join(' / ')} on ${os.cpus().length} CPUs`);
    const verdict = {
      availabilityTarget: `p95 ≤ ${TARGET_AVAILABILITY_P95_MS} ms at ${settings.connections} connections, ${AVAILABILITY_DAYS}-day range`,
      availabilityMet: availability.length ? availability.every((r) => r.p95Met) : null,
      creationTarget: `≥ ${TARGET_CREATIONS_PER_SECOND} bookings/s (created + refused) on PostgreSQL, zero overlaps`,
      creationMet: creation.some((r) => r.database === 'postgres') ? creation.filter((r) => r.database === 'postgres').every((r) => r.rateMet) : null,
    };
    const word = (met: boolean | null) => (met === null ? 'not measured' : met ? 'met' : 'NOT met');
    console.log(`targets: availability ${word(verdict.availabilityMet)}, creation ${word(verdict.creationMet)}`);
    if (creation.some((r) => r.overlaps > 0 || !r.rowsMatch || r.otherResponses > 0) || availability.some((r) => r.http.requests !== (r.http.statuses['200'] ?? 0))) process.exitCode = 1;

    const report = {
      date: new Date().toISOString(),
      command: 'npm run bench:booking',
      settings: { ...settings, adminUrl: undefined, parts, availabilityDatabases, creationDatabases, logLevel: process.env.LOG_LEVEL ?? 'info' },
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}`, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
      availability,
      creation,
      verdict,
    };
    writeFileSync(path.join(HERE, 'booking-results.json'), `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await cleanup();
  }
}

const modes: Record<string, () => Promise<void>> = {
  '--serve': serve,
  '--prepare-availability': prepareAvailability,
  '--direct-availability': directAvailability,
  '--prepare-creation': prepareCreation,
  '--direct-creation': directCreation,
  '--verify': verify,
};
const mode = Object.keys(modes).find((m) => process.argv.includes(m));
if (mode) {
  modes[mode]!().then(
    // The set-up and direct modes are done once they have printed; the server keeps running.
    () => (mode === '--serve' ? undefined : process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
