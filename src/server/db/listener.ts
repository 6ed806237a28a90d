import type pg from 'pg';

/** What a LISTEN subscriber hears: payloads, and when notifications may have been missed. */
export type ListenHandlers = {
  onPayload: (payload: string) => void;
  /** The listening connection broke: notifications sent from now until `onRestored` are lost. */
  onLost?: () => void;
  /** LISTEN is in place again after a loss: catch up on whatever changed meanwhile. */
  onRestored?: () => void;
};

/** First wait before reconnecting, doubled per failed attempt up to the cap; each wait is jittered. */
export const LISTEN_RECONNECT_BASE_MS = 100;
export const LISTEN_RECONNECT_MAX_MS = 5_000;

/**
 * Wait before reconnect attempt n (0-based): exponential, capped, with jitter between half and all
 * of it, so the instances of a fleet that lost the database together do not reconnect in step.
 */
export function listenReconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LISTEN_RECONNECT_MAX_MS, LISTEN_RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

const quoteChannel = (channel: string) => `"${channel.replace(/"/g, '')}"`;

/**
 * One PostgreSQL connection, of its own (not the pool's), for every LISTEN of the process. When it
 * breaks — a restart, a fail-over, pg_terminate_backend, an idle-connection reaper — subscribers
 * hear `onLost`, and it reconnects with backoff, LISTENs on every channel again and tells them
 * `onRestored`. An unhandled 'error' event on a pg client would end the process, so every client
 * made here has a handler from birth.
 */
export class PostgresListener {
  private readonly subscribers = new Map<string, Set<ListenHandlers>>();
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private failedAttempts = 0;
  private closed = false;
  private firstConnection: Promise<void> | null = null;

  constructor(private readonly newClient: () => pg.Client) {}

  /** LISTEN on a channel; the first call connects (and fails if the database is away: start-up needs it). Returns the unsubscribe. */
  async listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
    this.firstConnection ??= this.connect().then((client) => {
      this.client = client;
    });
    await this.firstConnection;
    let channelSubscribers = this.subscribers.get(channel);
    if (!channelSubscribers) {
      channelSubscribers = new Set();
      this.subscribers.set(channel, channelSubscribers);
      // Without a connection now, the reconnect LISTENs on every channel subscribed by then.
      await this.onLiveClient(`LISTEN ${quoteChannel(channel)}`);
    }
    channelSubscribers.add(handlers);
    return async () => {
      channelSubscribers.delete(handlers);
      if (channelSubscribers.size > 0 || this.subscribers.get(channel) !== channelSubscribers) return;
      this.subscribers.delete(channel);
      await this.onLiveClient(`UNLISTEN ${quoteChannel(channel)}`);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const client = this.client;
    this.client = null;
    await client?.end();
  }

  /** Run a LISTEN or UNLISTEN on the current connection, if any. */
  private async onLiveClient(statement: string): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      await client.query(statement);
    } catch (error) {
      // A connection lost meanwhile took its LISTENs with it, and the reconnect makes the set anew.
      if (this.client === client) throw error;
    }
  }

  /** A connected client LISTENing on every subscribed channel, watched for loss. A failure ends the half-made client and rejects. */
  private async connect(): Promise<pg.Client> {
    const client = this.newClient();
    const lost = () => this.connectionLost(client);
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.payload === undefined) return;
      for (const handlers of this.subscribers.get(message.channel) ?? []) handlers.onPayload(message.payload);
    });
    try {
      await client.connect();
      // Until this client is the current one, listen() cannot LISTEN on it: catch channels subscribed meanwhile too.
      const listened = new Set<string>();
      for (let missing = [...this.subscribers.keys()]; missing.length > 0; missing = [...this.subscribers.keys()].filter((c) => !listened.has(c))) {
        await client.query(missing.map((channel) => `LISTEN ${quoteChannel(channel)};`).join(' '));
        for (const channel of missing) listened.add(channel);
      }
      return client;
    } catch (error) {
      client.off('end', lost);
      await client.end().catch(() => {
        // Ending a client whose connection already failed can itself fail; the error that matters is rethrown below.
      });
      throw error;
    }
  }

  private connectionLost(client: pg.Client): void {
    // 'error' and 'end' both arrive for one loss; and a client that failed while connecting is not ours yet.
    if (client !== this.client) return;
    this.client = null;
    for (const handlers of this.allSubscribers()) handlers.onLost?.();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    this.reconnectTimer = setTimeout(() => void this.reconnect(), listenReconnectDelayMs(this.failedAttempts));
    this.reconnectTimer.unref();
  }

  private async reconnect(): Promise<void> {
    let client: pg.Client;
    try {
      client = await this.connect();
    } catch {
      // The database is still away: wait longer, then try again (the failure itself says nothing new).
      this.failedAttempts += 1;
      this.scheduleReconnect();
      return;
    }
    this.reconnectTimer = null;
    if (this.closed) {
      await client.end();
      return;
    }
    this.failedAttempts = 0;
    this.client = client;
    for (const handlers of this.allSubscribers()) handlers.onRestored?.();
  }

  private *allSubscribers(): Iterable<ListenHandlers> {
    for (const set of this.subscribers.values()) yield* set;
  }
}
