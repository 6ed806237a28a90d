// `npm run bench:messaging`: real-time messaging under load (issue 12 §4), on PGlite and PostgreSQL,
// against the built server (`node dist/server/main.js`, what `npm start` runs; the npm script builds
// first). Prints a table per database, writes bench/messaging-results.json.
//
//   1. 1,000 concurrent authenticated sockets on one server process: each opens /ws with its
//      session cookie and the app's Origin, sends `resume`, and counts once the server answers `ready`.
//   2. Delivery latency at 200 messages/s: POST /api/conversations/{id}/messages by other people
//      (open loop: each send leaves on its schedule, whether or not earlier ones were answered) →
//      the `message` frame at the receiver's socket, matched by clientMessageId; p50/p95/p99.
//   3. The largest sustained rate: the same at rising rates (BENCH_RATES) until a step misses
//      p99 ≤ 100 ms, loses a message, gets an answer other than 201 or falls behind its schedule.
//   4. Server memory per idle socket: the server's own process.memoryUsage(), each read after two
//      full garbage collections (through the inspector on 127.0.0.1, see `serverMemory`), before and
//      after the 1,000 sockets are open and resumed; the delta divided by the sockets.
//
//   BENCH_DATABASES       pglite, postgres (default both)
//   BENCH_SOCKETS         receivers, one socket each (default 1000)
//   BENCH_SENDERS         people sending, each in a conversation with one receiver (default 1000;
//                         sending is limited to 60 messages a minute per person, so a rate R held
//                         for a minute needs R senders or more; they hold no socket, see the README)
//   BENCH_LATENCY_RATE    messages/s of the latency measurement (default 200)
//   BENCH_LATENCY_SECONDS its length (default 20)
//   BENCH_RATES           the steps of the sustained-rate search (default 25,50,100,200,400,800,1000,1500,2000)
//   BENCH_STEP_SECONDS    the length of each step (default 8)
//   BENCH_WARMUP          seconds of sending at BENCH_LATENCY_RATE before measuring (default 3; at least
//                         long enough for every sender to send once, 5 s with the defaults)
//   BENCH_HTTP_CONNECTIONS  keep-alive connections the senders share (default 64)
//   BENCH_CPU_PROF        a directory: the server writes a V8 CPU profile there when it stops
//   BENCH_PG_ADMIN_URL    a PostgreSQL server where a temporary database may be created and dropped
//                         (default postgres://postgres@127.0.0.1:5432/postgres)
//
// Per database: a temporary DATA_DIR (and for PostgreSQL a temporary database, dropped at the end).
// Another process (`--prepare`) migrates it and writes the people straight into the tables — users,
// sessions (the signed cookie made as better-auth makes it, with the SESSION_SECRET the server gets),
// artist profiles for the receivers, one inquiry conversation per sender — since sign-in is
// rate-limited per account and network. Then the server starts with the demo data seeded, on
// 127.0.0.1 only, and this process holds every socket and sends every message.
import { execFileSync } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { WS_PATH, type TServerFrame } from '../src/shared/contracts/realtime.ts';
import { createDatabase, type BenchDatabase, type Cleanups, type DatabaseKind } from './support/databases.ts';
import { cpuTimeMs, freePort, sleep, startChild, stopChild, waitExit, waitHealthy, type Child } from './support/processes.ts';
import { latencies } from './support/stats.ts';
import { arg, envInt, envList, envNumber, requiredArg } from './support/env.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const SERVER_ENTRY = path.join(ROOT, 'dist/server/main.js');
const HOST = '127.0.0.1';
const SESSION_COOKIE = 'inkhaven.session_token';

const TARGET_SOCKETS = 1000;
const TARGET_P99_MS = 100;
const TARGET_LATENCY_RATE = 200;
const TARGET_RATE_POSTGRES = 1000;
const TARGET_BYTES_PER_SOCKET = 30 * 1024;
/** A step keeps its rate when it sent at least this share of its schedule (the load generator kept up). */
const SCHEDULE_KEPT = 0.95;
/** After a step's last send, how long its messages may take to arrive before they count as lost. */
const DRAIN_MS = 10_000;
/** Sockets opened at once while connecting the receivers. */
const CONNECT_BATCH = 50;



// ---------------------------------------------------------------------------------------------
// The people: written straight into the database before the server starts (`--prepare`)
// ---------------------------------------------------------------------------------------------

type Person = { userId: string; cookie: string };
type Plan = { receivers: Person[]; senders: Array<Person & { conversationId: string; receiver: number }> };

/**
 * The signed session cookie better-auth sets at sign-in: the token, a dot and the base64
 * HMAC-SHA256 of the token under the server's secret, URI-encoded (better-call's signCookieValue).
 */
const signedSessionCookie = (token: string, secret: string) =>
  `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`;

/**
 * `--prepare --data-dir D [--database-url U] --receivers N --senders M --plan F` (SESSION_SECRET in
 * the environment): migrates the database, then adds N artists (the receivers) and M clients (the
 * senders), a session for each, and one inquiry conversation per sender with receiver (i mod N).
 * Writes the people, their cookies and the conversations to F.
 */
async function prepare(): Promise<void> {
  const { migrateDatabase, openDatabase } = await import('../src/server/db/client.ts');
  const { insertMany } = await import('../src/server/db/seed/bulk-insert.ts');
  const { artistProfiles, conversationParticipants, conversations, sessions, users } = await import('../src/server/db/schema/index.ts');
  const secret = process.env.SESSION_SECRET;
  if (!secret) throw new Error('SESSION_SECRET must be set: the cookies are signed with it');
  const receiverCount = Number(requiredArg('--receivers'));
  const senderCount = Number(requiredArg('--senders'));
  const database = await openDatabase({ databaseUrl: arg('--database-url'), dataDir: requiredArg('--data-dir'), poolSize: 2 });
  try {
    await migrateDatabase(database);
    // As long as a sign-in makes it (better-auth.ts: 30 days): a shorter one is refreshed, an UPDATE and a new cookie, at its first lookup.
    const expiresAt = new Date(Date.now() + 30 * 86_400_000);
    const userRows: Array<typeof users.$inferInsert> = [];
    const sessionRows: Array<typeof sessions.$inferInsert> = [];
    const person = (role: string, i: number): Person => {
      const userId = randomUUID();
      const token = randomBytes(24).toString('base64url');
      userRows.push({ id: userId, name: `Bench ${role} ${i}`, email: `bench-${role}-${i}@bench.inkhaven.test`, emailVerified: true, emailUnreadMessages: false });
      sessionRows.push({ id: randomUUID(), token, userId, expiresAt });
      return { userId, cookie: signedSessionCookie(token, secret) };
    };
    const receivers = Array.from({ length: receiverCount }, (_, i) => ({ ...person('artist', i), artistId: randomUUID() }));
    const profileRows: Array<typeof artistProfiles.$inferInsert> = receivers.map((r, i) => ({
      id: r.artistId,
      userId: r.userId,
      slug: `bench-messaging-artist-${i}`,
      displayName: `Bench Artist ${i}`,
      kind: 'tattoo',
      city: 'London',
      country: 'GB',
      timezone: 'Europe/London',
      lat: 51.5074,
      lng: -0.1278,
    }));
    const conversationRows: Array<typeof conversations.$inferInsert> = [];
    const participantRows: Array<typeof conversationParticipants.$inferInsert> = [];
    const senders = Array.from({ length: senderCount }, (_, i) => {
      const sender = person('client', i);
      const receiver = i % receiverCount;
      const conversationId = randomUUID();
      conversationRows.push({ id: conversationId, clientId: sender.userId, artistId: receivers[receiver]!.artistId });
      participantRows.push({ conversationId, userId: sender.userId }, { conversationId, userId: receivers[receiver]!.userId });
      return { ...sender, conversationId, receiver };
    });
    await database.db.transaction(async (tx) => {
      await insertMany(tx, users, userRows);
      await insertMany(tx, sessions, sessionRows);
      await insertMany(tx, artistProfiles, profileRows);
      await insertMany(tx, conversations, conversationRows);
      await insertMany(tx, conversationParticipants, participantRows);
    });
    const plan: Plan = { receivers: receivers.map(({ userId, cookie }) => ({ userId, cookie })), senders };
    writeFileSync(requiredArg('--plan'), JSON.stringify(plan));
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The server under test, and its memory through the inspector
// ---------------------------------------------------------------------------------------------

type Server = { child: Child; base: string; origin: string; inspectorPort: number };

/** `node dist/server/main.js` as `npm start` runs it, demo data seeded, plus an inspector on 127.0.0.1 (read only between measurements). */
async function startServer(db: BenchDatabase, secret: string, cleanups: Cleanups): Promise<Server> {
  const port = await freePort(HOST);
  const inspectorPort = await freePort(HOST);
  const origin = `http://localhost:${port}`;
  const env = { ...db.env, PORT: String(port), HOST, PUBLIC_URL: origin, SESSION_SECRET: secret, SEED_DEMO: 'true', NODE_ENV: 'production' };
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CPU_PROF)] : [];
  const child = startChild([...profile, `--inspect=${HOST}:${inspectorPort}`, '--enable-source-maps', SERVER_ENTRY], env, true);
  cleanups.push(() => stopChild(child));
  const base = `http://${HOST}:${port}`;
  // The first start seeds the demo data (pictures included): up to a minute on a busy machine.
  await waitHealthy(`${base}/api/health`, child, 180_000);
  return { child, base, origin, inspectorPort };
}

type Memory = { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };

/**
 * The server's process.memoryUsage(), read through the inspector (Chrome DevTools Protocol) after
 * two full collections (HeapProfiler.collectGarbage), so the figure is what is live, not what the
 * collector has not reached yet. Three reads 300 ms apart, the median of each field.
 */
async function serverMemory(inspectorPort: number): Promise<Memory> {
  const targets = (await (await fetch(`http://${HOST}:${inspectorPort}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error('the server has no inspector target');
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  ws.on('message', (data: Buffer) => {
    const reply = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: { message: string } };
    const waiter = reply.id === undefined ? undefined : waiting.get(reply.id);
    if (!waiter) return;
    waiting.delete(reply.id!);
    if (reply.error) waiter.reject(new Error(`inspector: ${reply.error.message}`));
    else waiter.resolve(reply.result);
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  try {
    const reads: Memory[] = [];
    for (let i = 0; i < 3; i++) {
      if (i > 0) await sleep(300);
      await call('HeapProfiler.collectGarbage');
      await call('HeapProfiler.collectGarbage');
      const answer = (await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as { result: { value: string } };
      reads.push(JSON.parse(answer.result.value) as Memory);
    }
    const mid = (key: keyof Memory) => reads.map((r) => r[key]).sort((a, b) => a - b)[1]!;
    return { rss: mid('rss'), heapUsed: mid('heapUsed'), heapTotal: mid('heapTotal'), external: mid('external'), arrayBuffers: mid('arrayBuffers') };
  } finally {
    ws.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Receivers: one socket each
// ---------------------------------------------------------------------------------------------

type Pending = { sentAt: number; receiver: number; step: Step };

/** Everything the receivers' sockets hear, for every step; a frame finds its send by clientMessageId. */
class Deliveries {
  readonly pending = new Map<string, Pending>();
  /** Sends given up as lost at the end of their step: a frame for one later is late, not unknown. */
  readonly givenUp = new Set<string>();
  late = 0;
  unexpected = 0;
  wrongSocket = 0;
  errorFrames = 0;
  closes: Array<{ receiver: number; code: number; reason: string }> = [];

  onFrame(receiver: number, frame: TServerFrame): void {
    if (frame.type === 'error') {
      this.errorFrames += 1;
      return;
    }
    if (frame.type !== 'message') return;
    const now = performance.now();
    const sent = this.pending.get(frame.message.clientMessageId);
    if (!sent) {
      if (this.givenUp.delete(frame.message.clientMessageId)) this.late += 1;
      else this.unexpected += 1;
      return;
    }
    this.pending.delete(frame.message.clientMessageId);
    if (sent.receiver !== receiver) this.wrongSocket += 1;
    sent.step.latencies.push(now - sent.sentAt);
  }
}

/** Opens /ws as the receiver's browser would (cookie, the app's Origin), resumes from now and resolves at `ready`. */
function openReceiver(server: Server, person: Person, index: number, deliveries: Deliveries): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${HOST}:${new URL(server.base).port}${WS_PATH}`, { headers: { cookie: person.cookie, origin: server.origin } });
    let ready = false;
    const timer = setTimeout(() => reject(new Error(`socket ${index}: no "ready" within 30 s`)), 30_000);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'resume', after: null })));
    ws.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as TServerFrame;
      if (!ready && frame.type === 'ready') {
        ready = true;
        clearTimeout(timer);
        resolve(ws);
      } else deliveries.onFrame(index, frame);
    });
    ws.on('close', (code: number, reason: Buffer) => {
      clearTimeout(timer);
      if (ready) deliveries.closes.push({ receiver: index, code, reason: reason.toString() });
      else reject(new Error(`socket ${index} closed before "ready": ${code} ${reason.toString()}`));
    });
    ws.on('error', (error: Error) => {
      clearTimeout(timer);
      if (!ready) reject(error);
    });
  });
}

async function openReceivers(server: Server, people: Person[], deliveries: Deliveries): Promise<{ sockets: WebSocket[]; seconds: number; readyMs: ReturnType<typeof latencies> }> {
  const sockets: WebSocket[] = [];
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < people.length; i += CONNECT_BATCH) {
    const batch = people.slice(i, i + CONNECT_BATCH).map(async (person, k) => {
      const t0 = performance.now();
      const ws = await openReceiver(server, person, i + k, deliveries);
      times.push(performance.now() - t0);
      return ws;
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return { sockets, seconds: (performance.now() - started) / 1000, readyMs: latencies(times) };
}

// ---------------------------------------------------------------------------------------------
// Senders: an open-loop schedule of POSTs
// ---------------------------------------------------------------------------------------------

/** `answerTimes`: send → the 201's last byte, so a slow step says whether storing or delivering was slow. */
type Step = { rate: number; latencies: number[]; answerTimes: number[] };

type StepResult = {
  rate: number;
  seconds: number;
  sent: number;
  /** Sends per second actually made (the schedule, unless the load generator fell behind or stopped the step). */
  sentPerSecond: number;
  delivered: number;
  lost: number;
  /** Answers other than 201, by status ("error" for a failed request). */
  otherAnswers: Record<string, number>;
  /** Stopped early: more sends unanswered than a second of the rate (the server could not keep up). */
  overloaded: boolean;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The answers' (201) p99 and max, ms. */
  answerP99: number;
  answerMax: number;
  serverCpuUsPerMessage: number | null;
  /** Share of one CPU the load generator (this process) used during the step. */
  benchCpu: number;
  met: boolean;
};

class Senders {
  private readonly agent: http.Agent;
  private next = 0;
  inFlight = 0;

  constructor(
    private readonly server: Server,
    private readonly plan: Plan,
    private readonly csrf: { cookie: string; token: string },
    private readonly deliveries: Deliveries,
    connections: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  }

  close(): void {
    this.agent.destroy();
  }

  /** One message from the next sender in turn; resolves with the answer's status ("error" when the request failed). */
  private send(step: Step, seq: number): Promise<string> {
    const sender = this.plan.senders[this.next++ % this.plan.senders.length]!;
    const clientMessageId = randomUUID();
    const body = JSON.stringify({ text: `Bench message ${seq} at ${step.rate}/s: is Thursday afternoon still free?`, clientMessageId });
    const sentAt = performance.now();
    this.deliveries.pending.set(clientMessageId, { sentAt, receiver: sender.receiver, step });
    this.inFlight += 1;
    return new Promise<string>((resolve) => {
      const req = http.request(
        `${this.server.base}/api/conversations/${sender.conversationId}/messages`,
        {
          method: 'POST',
          agent: this.agent,
          timeout: 30_000,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie: `${sender.cookie}; ${this.csrf.cookie}`, 'x-csrf-token': this.csrf.token },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(String(res.statusCode)));
          res.on('error', () => resolve('error'));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', () => resolve('error'));
      req.end(body);
    }).then((status) => {
      this.inFlight -= 1;
      step.answerTimes.push(performance.now() - sentAt);
      // Nothing to wait for at the receiver when the message was not stored.
      if (status !== '201') this.deliveries.pending.delete(clientMessageId);
      return status;
    });
  }

  /** Sends at `rate` for `seconds` on schedule, then waits for the answers and the frames (up to DRAIN_MS). */
  async run(rate: number, seconds: number, serverPid: number | undefined): Promise<StepResult> {
    const step: Step = { rate, latencies: [], answerTimes: [] };
    const answers: Array<Promise<string>> = [];
    const cpuBefore = cpuTimeMs(serverPid);
    const benchCpuBefore = process.cpuUsage();
    const started = performance.now();
    let overloaded = false;
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const elapsed = performance.now() - started;
        const due = Math.min(Math.floor((elapsed / 1000) * rate), Math.round(rate * seconds));
        while (answers.length < due) {
          if (this.inFlight > rate) {
            overloaded = true;
            break;
          }
          answers.push(this.send(step, answers.length));
        }
        if (overloaded || elapsed >= seconds * 1000) {
          clearInterval(tick);
          resolve();
        }
      }, 2);
    });
    const sendingSeconds = (performance.now() - started) / 1000;
    const statuses = await Promise.all(answers);
    const waitUntil = performance.now() + DRAIN_MS;
    const outstanding = () => [...this.deliveries.pending.values()].filter((p) => p.step === step).length;
    while (outstanding() > 0 && performance.now() < waitUntil) await sleep(50);
    const cpuAfter = cpuTimeMs(serverPid);
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const lost = outstanding();
    for (const [id, p] of this.deliveries.pending) {
      if (p.step !== step) continue;
      this.deliveries.pending.delete(id);
      this.deliveries.givenUp.add(id);
    }
    const otherAnswers: Record<string, number> = {};
    for (const s of statuses) if (s !== '201') otherAnswers[s] = (otherAnswers[s] ?? 0) + 1;
    const sorted = [...step.latencies].sort((a, b) => a - b);
    const answerTimes = [...step.answerTimes].sort((a, b) => a - b);
    const { p50, p95, p99 } = latencies(sorted);
    const delivered = step.latencies.length;
    const sentPerSecond = answers.length / sendingSeconds;
    const wall = (performance.now() - started) / 1000;
    return {
      rate,
      seconds,
      sent: answers.length,
      sentPerSecond,
      delivered,
      lost,
      otherAnswers,
      overloaded,
      p50,
      p95,
      p99,
      max: sorted.at(-1) ?? Number.NaN,
      answerP99: latencies(answerTimes).p99,
      answerMax: answerTimes.at(-1) ?? Number.NaN,
      serverCpuUsPerMessage: cpuBefore !== null && cpuAfter !== null && delivered > 0 ? ((cpuAfter - cpuBefore) * 1000) / delivered : null,
      benchCpu: (benchCpu.user + benchCpu.system) / 1e6 / wall,
      met: !overloaded && lost === 0 && Object.keys(otherAnswers).length === 0 && p99 <= TARGET_P99_MS && sentPerSecond >= SCHEDULE_KEPT * rate,
    };
  }
}

/** The CSRF cookie and its token (a signed double-submit pair, not tied to a session: every sender may use it). */
async function csrfPair(base: string): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${base}/api/auth/csrf-token`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ');
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { cookie, token: csrfToken };
}

// ---------------------------------------------------------------------------------------------
// One database
// ---------------------------------------------------------------------------------------------

type Settings = {
  databases: DatabaseKind[];
  sockets: number;
  senders: number;
  latencyRate: number;
  latencySeconds: number;
  rates: number[];
  stepSeconds: number;
  warmup: number;
  httpConnections: number;
  adminUrl: string;
};

type DatabaseResult = {
  database: DatabaseKind;
  uptimeBefore: string;
  uptimeAfter: string;
  loadBefore: number[];
  loadAfter: number[];
  prepareSeconds: number;
  startSeconds: number;
  sockets: { open: number; openAtEnd: number; connectSeconds: number; readyMs: ReturnType<typeof latencies>; closedDuringRun: Array<{ code: number; reason: string }> };
  memory: { before: Memory; after: Memory; perSocketRssBytes: number; perSocketHeapAndExternalBytes: number };
  latency: StepResult;
  steps: StepResult[];
  /** The highest step rate met with every step below it met too; 0 when the first failed. */
  sustainedRate: number;
  /** Frames for a message that was not sent (or came twice); must be 0. */
  unexpectedFrames: number;
  /** Frames that came after their step had counted them lost. */
  lateFrames: number;
  wrongSocket: number;
  errorFrames: number;
  seconds: number;
};

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const loadavg = () => os.loadavg().map((n) => Number(n.toFixed(2)));

async function benchDatabase(kind: DatabaseKind, s: Settings, cleanups: Cleanups): Promise<DatabaseResult> {
  const started = performance.now();
  const uptimeBefore = uptime();
  const loadBefore = loadavg();
  console.error(`\n${kind}: ${uptimeBefore}`);
  const db = await createDatabase(kind, 'messaging', s.adminUrl, cleanups);
  const secret = randomBytes(32).toString('base64url');
  const planFile = path.join(db.dataDir, 'messaging-plan.json');

  console.error(`${kind}: writing ${s.sockets} receivers, ${s.senders} senders, their sessions and conversations…`);
  const prepareStarted = performance.now();
  const prep = startChild(
    ['--import', 'tsx', path.join(HERE, 'messaging.ts'), '--prepare', ...db.args, '--receivers', String(s.sockets), '--senders', String(s.senders), '--plan', planFile],
    { ...db.env, SESSION_SECRET: secret },
  );
  cleanups.push(() => stopChild(prep));
  await waitExit(prep, 5 * 60_000, '--prepare');
  const prepareSeconds = (performance.now() - prepareStarted) / 1000;
  const plan = JSON.parse(readFileSync(planFile, 'utf8')) as Plan;

  console.error(`${kind}: starting node dist/server/main.js (seeding the demo data)…`);
  const serverStarted = performance.now();
  const server = await startServer(db, secret, cleanups);
  const startSeconds = (performance.now() - serverStarted) / 1000;
  const pid = server.child.process.pid;
  const deliveries = new Deliveries();
  const senders = new Senders(server, plan, await csrfPair(server.base), deliveries, s.httpConnections);
  cleanups.push(async () => senders.close());

  // The socket path warmed once (modules, JIT) before the baseline: these ten are closed again.
  const warm = await openReceivers(server, plan.receivers.slice(0, 10), new Deliveries());
  for (const ws of warm.sockets) ws.close();
  await sleep(1000);
  const before = await serverMemory(server.inspectorPort);

  console.error(`${kind}: opening ${s.sockets} sockets…`);
  const opened = await openReceivers(server, plan.receivers, deliveries);
  const sockets = opened.sockets;
  cleanups.push(async () => {
    for (const ws of sockets) ws.terminate();
  });
  await sleep(2000);
  const after = await serverMemory(server.inspectorPort);
  console.error(`${kind}: ${sockets.length} sockets ready in ${opened.seconds.toFixed(1)} s; RSS ${mb(before.rss)} → ${mb(after.rss)} MB, heap used ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB`);

  // Long enough for every sender to send once: the server caches a session for 30 s, and a measurement
  // whose sends come from senders never seen before pays a session lookup on each (a busy server has
  // most of its active senders cached).
  const warmup = s.warmup > 0 ? Math.max(s.warmup, Math.ceil(plan.senders.length / s.latencyRate)) : 0;
  if (warmup > 0) {
    console.error(`${kind}: warm-up, ${s.latencyRate} messages/s for ${warmup} s…`);
    await senders.run(s.latencyRate, warmup, pid);
  }
  console.error(`${kind}: delivery latency at ${s.latencyRate} messages/s for ${s.latencySeconds} s…`);
  const latency = await senders.run(s.latencyRate, s.latencySeconds, pid);
  console.error(`${kind}: ${describeStep(latency)}`);

  const steps: StepResult[] = [];
  for (const rate of s.rates) {
    console.error(`${kind}: ${rate} messages/s for ${s.stepSeconds} s…`);
    const step = await senders.run(rate, s.stepSeconds, pid);
    steps.push(step);
    console.error(`${kind}: ${describeStep(step)}`);
    if (!step.met) break;
  }
  const firstMissed = steps.findIndex((x) => !x.met);
  const sustainedRate = (firstMissed === -1 ? steps : steps.slice(0, firstMissed)).at(-1)?.rate ?? 0;
  const openAtEnd = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;

  const result: DatabaseResult = {
    database: kind,
    uptimeBefore,
    uptimeAfter: uptime(),
    loadBefore,
    loadAfter: loadavg(),
    prepareSeconds: round1(prepareSeconds),
    startSeconds: round1(startSeconds),
    sockets: { open: sockets.length, openAtEnd, connectSeconds: round1(opened.seconds), readyMs: opened.readyMs, closedDuringRun: deliveries.closes.map(({ code, reason }) => ({ code, reason })) },
    memory: {
      before,
      after,
      perSocketRssBytes: Math.round((after.rss - before.rss) / sockets.length),
      perSocketHeapAndExternalBytes: Math.round((after.heapUsed + after.external - before.heapUsed - before.external) / sockets.length),
    },
    latency,
    steps,
    sustainedRate,
    unexpectedFrames: deliveries.unexpected,
    lateFrames: deliveries.late,
    wrongSocket: deliveries.wrongSocket,
    errorFrames: deliveries.errorFrames,
    seconds: 0,
  };
  for (const ws of sockets) ws.close();
  await stopChild(server.child);
  result.seconds = round1((performance.now() - started) / 1000);
  console.error(`${kind}: done in ${result.seconds} s; ${result.uptimeAfter}`);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Orchestrator
// ---------------------------------------------------------------------------------------------

const round1 = (n: number) => Number(n.toFixed(1));
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const ms = (n: number) => (Number.isNaN(n) ? 'n/a' : n < 10 ? n.toFixed(1) : n.toFixed(0));

function describeStep(x: StepResult): string {
  const other = Object.entries(x.otherAnswers).map(([code, n]) => `${n} × ${code}`).join(', ');
  return (
    `${x.sent} sent (${x.sentPerSecond.toFixed(0)}/s), ${x.delivered} delivered, ${x.lost} lost${other ? `, answers other than 201: ${other}` : ''}${x.overloaded ? ', stopped: the server fell a second behind' : ''}; ` +
    `p50 ${ms(x.p50)} ms, p95 ${ms(x.p95)} ms, p99 ${ms(x.p99)} ms, max ${ms(x.max)} ms; answered p99 ${ms(x.answerP99)} ms, max ${ms(x.answerMax)} ms; server CPU ${x.serverCpuUsPerMessage?.toFixed(0) ?? 'n/a'} µs/message; load generator ${(x.benchCpu * 100).toFixed(0)}% of a CPU → ${x.met ? 'met' : 'MISSED'}`
  );
}

function printTable(rows: string[][], leftColumns: number): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => (i < leftColumns ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
}

function report(results: DatabaseResult[], s: Settings): void {
  for (const r of results) {
    console.log(`\n${r.database} — before: ${r.uptimeBefore}\n${' '.repeat(r.database.length)}    after:  ${r.uptimeAfter}`);
    console.log(
      `sockets: ${r.sockets.open} open and resumed in ${r.sockets.connectSeconds} s (connect → ready p50 ${ms(r.sockets.readyMs.p50)} ms, p95 ${ms(r.sockets.readyMs.p95)} ms), ${r.sockets.openAtEnd} still open at the end` +
        (r.sockets.closedDuringRun.length ? `; closed during the run: ${r.sockets.closedDuringRun.length} (${r.sockets.closedDuringRun.slice(0, 3).map((c) => `${c.code} ${c.reason}`).join('; ')})` : ''),
    );
    console.log(
      `memory per idle socket: RSS ${(r.memory.perSocketRssBytes / 1024).toFixed(1)} KB, JS heap + external ${(r.memory.perSocketHeapAndExternalBytes / 1024).toFixed(1)} KB ` +
        `(RSS ${mb(r.memory.before.rss)} → ${mb(r.memory.after.rss)} MB, heap used ${mb(r.memory.before.heapUsed)} → ${mb(r.memory.after.heapUsed)} MB, external ${mb(r.memory.before.external)} → ${mb(r.memory.after.external)} MB)`,
    );
    console.log(`frames not matching a send (or repeated): ${r.unexpectedFrames}, arriving after their step counted them lost: ${r.lateFrames}, at the wrong socket: ${r.wrongSocket}, error frames: ${r.errorFrames}\n`);
    printTable(
      [
        ['measurement', 'rate/s', 'sent/s', 'sent', 'delivered', 'lost', 'other answers', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'answered p99 / max ms', 'server CPU µs/msg', 'load gen CPU', 'met'],
        ...[{ label: 'latency', x: r.latency }, ...r.steps.map((x) => ({ label: 'step', x }))].map(({ label, x }) => [
          label,
          String(x.rate),
          x.sentPerSecond.toFixed(0),
          String(x.sent),
          String(x.delivered),
          String(x.lost),
          Object.entries(x.otherAnswers).map(([code, n]) => `${n}×${code}`).join(' ') || '0',
          ms(x.p50),
          ms(x.p95),
          ms(x.p99),
          ms(x.max),
          `${ms(x.answerP99)} / ${ms(x.answerMax)}`,
          x.serverCpuUsPerMessage?.toFixed(0) ?? 'n/a',
          `${(x.benchCpu * 100).toFixed(0)}%`,
          x.met ? 'yes' : x.overloaded ? 'no (fell behind)' : 'no',
        ]),
      ],
      1,
    );
    console.log(`largest sustained rate with p99 ≤ ${TARGET_P99_MS} ms: ${r.sustainedRate ? `${r.sustainedRate} messages/s` : `none of the steps (from ${s.rates[0]}/s)`}`);
  }
}

async function main() {
  const settings: Settings = {
    databases: envList('BENCH_DATABASES', 'pglite,postgres').map((d) => {
      if (d !== 'pglite' && d !== 'postgres') throw new Error(`BENCH_DATABASES: unknown value ${d} (use pglite, postgres)`);
      return d;
    }),
    sockets: envInt('BENCH_SOCKETS', TARGET_SOCKETS),
    senders: envInt('BENCH_SENDERS', 1000),
    latencyRate: envNumber('BENCH_LATENCY_RATE', TARGET_LATENCY_RATE),
    latencySeconds: envNumber('BENCH_LATENCY_SECONDS', 20),
    rates: envList('BENCH_RATES', '25,50,100,200,400,800,1000,1500,2000').map((r) => {
      const n = Number(r);
      if (!(n > 0)) throw new Error(`BENCH_RATES: ${r} is not a positive rate`);
      return n;
    }),
    stepSeconds: envNumber('BENCH_STEP_SECONDS', 8),
    warmup: Number(process.env.BENCH_WARMUP ?? 3),
    httpConnections: envInt('BENCH_HTTP_CONNECTIONS', 64),
    adminUrl: process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  };
  if (!(settings.warmup >= 0)) throw new Error('BENCH_WARMUP must be 0 or more');
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${path.relative(ROOT, SERVER_ENTRY)} is missing: run \`npm run build\` first (\`npm run bench:messaging\` does)`);
  const cleanups: Cleanups = [];
  const cleanup = async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn().catch((error: unknown) => console.error(`cleanup: ${(error as Error).message}`));
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
  try {
    const results: DatabaseResult[] = [];
    for (const kind of settings.databases) {
      results.push(await benchDatabase(kind, settings, cleanups));
      await cleanup();
    }
    report(results, settings);
    const verdict = {
      sockets: results.every((r) => r.sockets.open >= TARGET_SOCKETS && r.sockets.openAtEnd === r.sockets.open),
      latencyP99: results.every((r) => r.latency.rate >= TARGET_LATENCY_RATE && r.latency.met),
      sustainedRatePostgres: results.some((r) => r.database === 'postgres') ? results.filter((r) => r.database === 'postgres').every((r) => r.sustainedRate >= TARGET_RATE_POSTGRES) : null,
      memoryPerSocket: results.every((r) => r.memory.perSocketRssBytes <= TARGET_BYTES_PER_SOCKET),
    };
    const word = (met: boolean | null) => (met === null ? 'not measured' : met ? 'met' : 'NOT met');
    console.log(
      `\ntargets: ${TARGET_SOCKETS} sockets ${word(verdict.sockets)}; p99 ≤ ${TARGET_P99_MS} ms at ${TARGET_LATENCY_RATE}/s ${word(verdict.latencyP99)}; ` +
        `≥ ${TARGET_RATE_POSTGRES}/s sustained on PostgreSQL ${word(verdict.sustainedRatePostgres)}; ≤ ${TARGET_BYTES_PER_SOCKET / 1024} KB RSS per idle socket ${word(verdict.memoryPerSocket)}`,
    );
    if (results.some((r) => r.unexpectedFrames > 0 || r.wrongSocket > 0)) process.exitCode = 1;
    const output = {
      date: new Date().toISOString(),
      command: 'npm run bench:messaging',
      settings: { ...settings, adminUrl: undefined, logLevel: process.env.LOG_LEVEL ?? 'info' },
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}` },
      results,
      verdict,
    };
    writeFileSync(path.join(HERE, 'messaging-results.json'), `${JSON.stringify(output, null, 2)}\n`);
  } finally {
    await cleanup();
  }
}

if (process.argv.includes('--prepare')) {
  prepare().then(
    () => process.exit(0),
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
