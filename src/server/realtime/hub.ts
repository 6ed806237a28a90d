/**
 * The realtime hub: every `/ws` socket of this process, and the fan-out between processes.
 *
 * Extension points (for call signalling and other features), on `app.realtime` (a RealtimeHub):
 *
 *   registerFrameHandler<T extends TClientFrame['type']>(type: T, handler: FrameHandler<T>): void
 *     `handler(frame, socket)` runs for every valid client frame of that type, after the socket is
 *     authenticated, its Origin checked and the frame size-capped, rate-limited and parsed with
 *     ZClientFrame. `socket` is a SocketContext: `{ user: SessionUser, ctx: AppContext,
 *     send(frame: TServerFrame): void }` (send answers this one socket). A handler that throws an
 *     AppError has its message sent back as an error frame; the socket stays open. One handler per
 *     type; registering a type twice throws. `socket` is the same object for every frame of one
 *     socket, so it can key per-socket state (a Map or WeakMap).
 *
 *   sendEphemeral(userId: string, frame: TServerFrame): Promise<void>
 *     Delivers the frame to every open socket of that user, on this process and on every other
 *     process sharing the database (PostgreSQL). Not stored, never replayed: for typing and call
 *     signalling. Resolves once handed to this process's sockets and to the other processes.
 *
 *   onSocketClose(listener: (socket: SocketContext) => void): () => void
 *     Hear when a socket of this process closes (left the page, signed out, dropped as dead), e.g. to
 *     tell a call's other side; returns the unsubscribe.
 *
 * Register from a Fastify plugin registered after the hub (app.ts), e.g.
 *   app.realtime.registerFrameHandler('call.offer', async (frame, socket) => {
 *     await app.realtime.sendEphemeral(peerUserId, { type: 'call.offer', bookingId: frame.bookingId, sdp: frame.sdp });
 *   });
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { USER_EVENTS_KEEP_DAYS, WS_CLOSE_POLICY, WS_FRAMES_PER_10S, ZClientFrame, type TClientFrame, type TServerFrame } from '../../shared/contracts/realtime.ts';
import { isCookieOf, type SessionUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { queryRows } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { USER_EVENTS_CHANNEL } from './events.ts';
import { cursorsBehind, sequencedFramesFor } from './frames.ts';

export type SocketContext = { user: SessionUser; ctx: AppContext; send(frame: TServerFrame): void };
export type FrameHandler<T extends TClientFrame['type']> = (frame: Extract<TClientFrame, { type: T }>, socket: SocketContext) => Promise<void> | void;

export interface RealtimeHub {
  registerFrameHandler<T extends TClientFrame['type']>(type: T, handler: FrameHandler<T>): void;
  sendEphemeral(userId: string, frame: TServerFrame): Promise<void>;
  onSocketClose(listener: (socket: SocketContext) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

/** What the hub uses of a `ws` socket (the package ships no types here). */
export interface HubSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', listener: (data: { toString(): string }, isBinary: boolean) => void): void;
  on(event: 'pong' | 'close', listener: () => void): void;
}

/** NOTIFY channel for ephemeral frames between processes; the payload is `<hubId>:<relayRowId>:<userId>`. */
const RELAY_CHANNEL = 'inkhaven_realtime_relay';
/** Relay rows are read within milliseconds; older ones are deleted on this beat. */
const RELAY_PRUNE_MS = 30_000;
/** A socket that has not answered a ping by the next one is dead (a laptop closed, a proxy gone): dropped. */
const SOCKET_PING_MS = 30_000;
const RATE_WINDOW_MS = 10_000;
/**
 * On PostgreSQL, every socket is caught up on this beat: a message's wake-up is a NOTIFY sent after
 * its commit (migration 0033), which a server that dies between the two never sends. Batched, the
 * beat costs one statement per DRAIN_BATCH sockets.
 */
const CATCH_UP_MS = 10_000;
/** Sockets caught up by one delivery statement at most. */
const DRAIN_BATCH = 500;
/** Sockets whose cursors one catch-up statement checks. */
const CATCH_UP_PROBE_BATCH = 2000;
/** Sockets pinged in one turn of the event loop: a thousand pings at once held it for tens of milliseconds. */
const PING_SLICE = 100;

/** One open socket: who it is, which events it has been sent, and its frame budget. */
class Connection implements SocketContext {
  /** The last sequence number sent; null until the client's `resume` (nothing sequenced before then). */
  cursor: number | null = null;
  /** Resolved once the socket has been sent everything up to the newest event asked for (see Hub#drain). */
  waiters: Array<() => void> = [];
  alive = true;
  windowStart = Date.now();
  framesInWindow = 0;

  constructor(
    readonly socket: HubSocket,
    readonly user: SessionUser,
    /** The session cookie it connected with: signing that session out closes the socket. */
    readonly sessionCookie: string,
    readonly ctx: AppContext,
  ) {}

  get open(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  send(frame: TServerFrame): void {
    if (this.open) this.socket.send(JSON.stringify(frame));
  }

  /** Fixed 10-second windows per socket: enough for typing and call set-up, not for a flood. */
  takeFrame(now: number): boolean {
    if (now - this.windowStart >= RATE_WINDOW_MS) {
      this.windowStart = now;
      this.framesInWindow = 0;
    }
    this.framesInWindow += 1;
    return this.framesInWindow <= WS_FRAMES_PER_10S;
  }
}

/** Tell whoever waits on a socket's delivery that it is done (caught up, closed or failed). */
function settle(conn: Connection): void {
  for (const resolve of conn.waiters.splice(0)) resolve();
}

const errorFrame = (code: string, message: string): TServerFrame => ({ type: 'error', code, message });

/**
 * The hub of one server process. Sequenced events (user_events) reach a socket only through
 * `drain`, which reads the rows after the socket's cursor in order: the replay after `resume` and
 * live delivery are the same path, so nothing is sent twice or out of order, and a NOTIFY lost
 * while the listening connection was down is caught up when it is back.
 */
export class Hub implements RealtimeHub {
  readonly id = randomUUID();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly handlers = new Map<TClientFrame['type'], FrameHandler<never>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unlisten: Array<() => Promise<void>> = [];
  private readonly closeListeners = new Set<(socket: SocketContext) => void>();

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    const { database, sessions } = this.ctx;
    const stopHearing = sessions.onTokenRevoked((token) => this.closeSession(token));
    this.unlisten.push(async () => {
      stopHearing();
    });
    this.unlisten.push(
      await database.listen(USER_EVENTS_CHANNEL, {
        onPayload: (payload) => {
          const split = payload.lastIndexOf(':');
          const userId = payload.slice(0, split);
          const seq = Number(payload.slice(split + 1));
          for (const conn of this.byUser.get(userId) ?? []) if (conn.cursor !== null && conn.cursor < seq) this.drain(conn);
        },
        // Events committed while LISTEN was down were never announced: every socket catches up from its cursor.
        onRestored: () => this.catchUpAll(),
      }),
    );
    // A wake-up that did not reach the other processes: the events are stored, catch every socket up.
    const stopHearingFailures = database.onAnnounceFailed((error) => {
      this.log.warn({ err: error }, 'realtime wake-up (NOTIFY) failed; catching every socket up');
      this.catchUpAll();
    });
    this.unlisten.push(async () => {
      stopHearingFailures();
    });
    if (database.kind === 'postgres') {
      const catchUp = setInterval(() => this.catchUpAll(), CATCH_UP_MS);
      catchUp.unref();
      this.timers.push(catchUp);
      this.unlisten.push(await database.listen(RELAY_CHANNEL, { onPayload: (payload) => void this.relayed(payload) }));
      const prune = setInterval(() => {
        database.db.execute(sql`DELETE FROM realtime_relay WHERE created_at < now() - interval '1 minute'`).catch((error: unknown) => this.log.warn({ err: error }, 'realtime relay prune failed'));
      }, RELAY_PRUNE_MS);
      prune.unref();
      this.timers.push(prune);
    }
    const ping = setInterval(() => this.pingAll(), SOCKET_PING_MS);
    ping.unref();
    this.timers.push(ping);
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    for (const stop of this.unlisten.splice(0)) await stop();
  }

  registerFrameHandler<T extends TClientFrame['type']>(type: T, handler: FrameHandler<T>): void {
    if (type === 'resume' || type === 'ping') throw new Error(`The hub answers "${type}" frames itself.`);
    if (this.handlers.has(type)) throw new Error(`A handler for "${type}" frames is already registered.`);
    this.handlers.set(type, handler as unknown as FrameHandler<never>);
  }

  onSocketClose(listener: (socket: SocketContext) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  async sendEphemeral(userId: string, frame: TServerFrame): Promise<void> {
    this.deliverLocally(userId, frame);
    // PGlite is one process (the data directory is locked): its sockets are all here.
    if (this.ctx.database.kind !== 'postgres') return;
    await this.ctx.database.db.execute(sql`
      WITH relayed AS (INSERT INTO realtime_relay (user_id, frame) VALUES (${userId}, ${JSON.stringify(frame)}::jsonb) RETURNING id)
      SELECT pg_notify(${RELAY_CHANNEL}, ${this.id} || ':' || relayed.id || ':' || ${userId}) FROM relayed`);
  }

  /** A new authenticated socket: frames are handled from now; sequenced events flow after its `resume`. */
  accept(socket: HubSocket, user: SessionUser, sessionCookie: string): void {
    let conns = this.byUser.get(user.id);
    // One socket per tab: past the cap a tab is refused and its client falls back to polling, so
    // nobody can hold thousands of sockets (each costs memory and a share of every fan-out).
    const max = this.ctx.config.WS_MAX_SOCKETS_PER_USER;
    if (conns && conns.size >= max) {
      socket.close(WS_CLOSE_POLICY, `Too many open connections for this account (at most ${max}). Close a tab; this one keeps working by polling.`);
      return;
    }
    const conn = new Connection(socket, user, sessionCookie, this.ctx);
    if (!conns) this.byUser.set(user.id, (conns = new Set()));
    conns.add(conn);
    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('message', (data, isBinary) => void this.onFrame(conn, isBinary ? null : data.toString()));
    socket.on('close', () => {
      conns.delete(conn);
      if (conns.size === 0 && this.byUser.get(user.id) === conns) this.byUser.delete(user.id);
      for (const listener of this.closeListeners) {
        try {
          listener(conn);
        } catch (error) {
          this.log.error({ err: error }, 'realtime close listener failed');
        }
      }
    });
  }

  private async onFrame(conn: Connection, text: string | null): Promise<void> {
    if (!conn.takeFrame(Date.now())) {
      conn.send(errorFrame('RATE_LIMITED', `Too many frames: at most ${WS_FRAMES_PER_10S} every 10 seconds. This one was ignored.`));
      return;
    }
    let json: unknown;
    try {
      json = text === null ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (json === undefined) {
      conn.send(errorFrame('INVALID_JSON', 'Each frame must be one JSON object with a "type" (text, not binary).'));
      return;
    }
    const parsed = ZClientFrame.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      conn.send(errorFrame('INVALID_FRAME', `${issue?.path.join('.') || 'frame'}: ${issue?.message ?? 'not a frame this server knows'}`));
      return;
    }
    const frame = parsed.data;
    try {
      if (frame.type === 'ping') conn.send({ type: 'pong' });
      else if (frame.type === 'resume') await this.resume(conn, frame.after);
      else {
        const handler = this.handlers.get(frame.type) as FrameHandler<typeof frame.type> | undefined;
        if (!handler) conn.send(errorFrame('UNSUPPORTED', `"${frame.type}" frames are not handled by this server.`));
        else await (handler as (f: typeof frame, s: SocketContext) => Promise<void> | void)(frame, conn);
      }
    } catch (error) {
      if (error instanceof AppError) conn.send(errorFrame(error.code, error.message));
      else {
        this.log.error({ err: error, frameType: frame.type }, 'realtime frame failed');
        conn.send(errorFrame('INTERNAL', 'Something went wrong handling that frame. Please try again.'));
      }
    }
  }

  /** Replay what the socket missed after `after` (null: nothing, start from now), then `ready`, then live. */
  private async resume(conn: Connection, after: number | null): Promise<void> {
    if (conn.cursor !== null) throw new AppError('BAD_REQUEST', 'This socket has already resumed; reconnect to resume from another point.');
    const [counter] = await queryRows<{ last_seq: number | string; first_kept: number | string | null }>(
      this.ctx.database.db,
      sql`SELECT c.last_seq, (SELECT min(e.seq) FROM user_events e WHERE e.user_id = c.user_id) AS first_kept FROM user_event_counters c WHERE c.user_id = ${conn.user.id}`,
    );
    const lastSeq = Number(counter?.last_seq ?? 0);
    const firstKept = counter?.first_kept == null ? null : Number(counter.first_kept);
    // A number from the future (another database, a reset) or one whose next events were pruned
    // cannot be replayed: the tab reads its lists again and goes on from now.
    const missed = after !== null && (after > lastSeq || (after < lastSeq && (firstKept === null || firstKept > after + 1)));
    if (missed) {
      conn.send({
        type: 'resync',
        reason: after > lastSeq ? 'The server does not know that event number.' : `Events older than ${USER_EVENTS_KEEP_DAYS} days are not kept.`,
      });
    }
    conn.cursor = after === null || missed ? lastSeq : after;
    await this.drain(conn);
    conn.send({ type: 'ready', lastSeq: conn.cursor });
  }

  /**
   * Send the socket every event after its cursor, in order. Sockets are caught up in batches: the
   * sockets woken while one delivery statement runs are all read by the next one (one statement for
   * a burst of NOTIFYs, not one per socket per message), and one batch runs at a time, so a socket
   * is never in two reads at once and its frames go out in sequence order. Resolves once the socket
   * has had everything committed before this call (its `resume` then sends `ready`).
   */
  private drain(conn: Connection): Promise<void> {
    if (!conn.open || conn.cursor === null) return Promise.resolve();
    return new Promise((resolve) => {
      conn.waiters.push(resolve);
      this.drainQueue.add(conn);
      this.scheduleDrains();
    });
  }

  /** `again`: asked for while one ran (e.g. LISTEN came back meanwhile), so it runs once more after. */
  private catchUp: 'idle' | 'running' | 'again' = 'idle';

  /**
   * Every resumed socket reads what it has not had (usually nothing). Which sockets are behind is
   * asked first, apart from the deliveries (one cheap statement per CATCH_UP_PROBE_BATCH sockets):
   * reading every socket's events through the delivery queue held a live message behind a thousand
   * empty reads on every beat (bench/messaging.ts: the p99 spikes).
   */
  private catchUpAll(): void {
    if (this.catchUp !== 'idle') {
      this.catchUp = 'again';
      return;
    }
    this.catchUp = 'running';
    void this.catchUpBehind().finally(() => {
      const again = this.catchUp === 'again';
      this.catchUp = 'idle';
      if (again) this.catchUpAll();
    });
  }

  private async catchUpBehind(): Promise<void> {
    const resumed = this.allConnections().filter((conn) => conn.open && conn.cursor !== null);
    for (let i = 0; i < resumed.length; i += CATCH_UP_PROBE_BATCH) {
      const slice = resumed.slice(i, i + CATCH_UP_PROBE_BATCH).filter((conn) => conn.open && conn.cursor !== null);
      let behind: Connection[];
      try {
        behind = (await cursorsBehind(this.ctx.database.db, slice.map((conn) => ({ userId: conn.user.id, afterSeq: conn.cursor! })))).map((at) => slice[at]!);
      } catch (error) {
        // The database is away: the deliveries find out as before (and close the sockets so they resume).
        this.log.warn({ err: error }, 'realtime catch-up check failed; reading every socket');
        behind = slice;
      }
      for (const conn of behind) void this.drain(conn);
    }
  }

  private readonly drainQueue = new Set<Connection>();
  private drainRunning = false;

  private scheduleDrains(): void {
    if (this.drainRunning || this.drainQueue.size === 0) return;
    this.drainRunning = true;
    // After the I/O callbacks of this turn: every NOTIFY that arrived in one read joins one batch.
    setImmediate(() => void this.drainBatch());
  }

  private async drainBatch(): Promise<void> {
    const batch: Connection[] = [];
    for (const conn of this.drainQueue) {
      this.drainQueue.delete(conn);
      if (conn.open && conn.cursor !== null) batch.push(conn);
      else settle(conn);
      if (batch.length === DRAIN_BATCH) break;
    }
    try {
      if (batch.length > 0) {
        const pages = await sequencedFramesFor(
          this.ctx.database.db,
          batch.map((conn) => ({ userId: conn.user.id, afterSeq: conn.cursor! })),
        );
        batch.forEach((conn, at) => {
          const page = pages[at]!;
          if (conn.open) for (const frame of page.frames) conn.send(frame);
          if (page.lastSeq !== null) conn.cursor = page.lastSeq;
          // A full page has more after it; a socket woken again while this batch ran reads again.
          if (page.full && conn.open) this.drainQueue.add(conn);
          else if (!this.drainQueue.has(conn)) settle(conn);
        });
      }
    } catch (error) {
      // The database is away: the sockets close, and the clients' resume replays from their last number.
      this.log.warn({ err: error }, 'realtime delivery failed; closing the sockets so they resume');
      for (const conn of batch) {
        this.drainQueue.delete(conn);
        conn.socket.close(1011, 'Delivery failed; reconnect to resume.');
        settle(conn);
      }
    } finally {
      this.drainRunning = false;
      this.scheduleDrains();
    }
  }

  private deliverLocally(userId: string, frame: TServerFrame): void {
    const conns = this.byUser.get(userId);
    if (!conns) return;
    const text = JSON.stringify(frame);
    for (const conn of conns) if (conn.open) conn.socket.send(text);
  }

  private async relayed(payload: string): Promise<void> {
    const [origin, rowId, ...rest] = payload.split(':');
    const userId = rest.join(':');
    if (origin === this.id || !this.byUser.has(userId)) return;
    try {
      const [row] = await queryRows<{ frame: TServerFrame }>(this.ctx.database.db, sql`SELECT frame FROM realtime_relay WHERE id = ${Number(rowId)}`);
      if (row) this.deliverLocally(userId, row.frame);
    } catch (error) {
      // Ephemeral by nature (typing, call signalling): a lost one is re-sent by its sender's next frame.
      this.log.warn({ err: error }, 'realtime relay read failed');
    }
  }

  /** A session signed out (here or on another instance): its sockets stop receiving at once. */
  private closeSession(token: string): void {
    for (const conns of this.byUser.values()) {
      for (const conn of conns) if (isCookieOf(conn.sessionCookie, token)) conn.socket.close(WS_CLOSE_POLICY, 'Signed out.');
    }
  }

  private allConnections(): Connection[] {
    return [...this.byUser.values()].flatMap((conns) => [...conns]);
  }

  private pingAll(): void {
    const all = this.allConnections();
    const pingSlice = (from: number) => {
      for (const conn of all.slice(from, from + PING_SLICE)) {
        if (conn.socket.readyState !== conn.socket.OPEN) continue;
        if (!conn.alive) {
          conn.socket.terminate();
          continue;
        }
        conn.alive = false;
        conn.socket.ping();
      }
      if (from + PING_SLICE < all.length) setImmediate(() => pingSlice(from + PING_SLICE));
    };
    pingSlice(0);
  }
}
