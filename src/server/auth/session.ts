import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { artistProfiles, users } from '../db/schema/index.ts';
import type { Database } from '../db/client.ts';
import type { BetterAuth } from './better-auth.ts';

const SESSION_REVOKED_CHANNEL = 'inkhaven_session_revoked';

/** Whether a session cookie value (token.signature) belongs to a session token. */
export const isCookieOf = (cookie: string, token: string) => cookie === token || cookie.startsWith(`${token}.`);

export type SessionUser = { id: string; name: string; email: string; isAdmin: boolean; isArtist: boolean; image: string | null; avatarKey: string | null };
type Entry = { user: SessionUser | null; until: number };

/** The longest a resolved session is trusted before it is read again from the database. */
export const SESSION_CACHE_MS = 30_000;

/**
 * An entry's lifetime: between half of SESSION_CACHE_MS and all of it, at random. Sessions first
 * seen together (everyone's next request after a restart) would otherwise all be read again in the
 * same second every 30 s: a full better-auth lookup each, which at 800 messages/s saturated the
 * server for a second in every half minute (bench/messaging.ts, the answers' p99 at 300 ms).
 */
const cacheLifetime = () => SESSION_CACHE_MS * (0.5 + Math.random() * 0.5);
const SESSION_CACHE_MAX = 10_000;

/**
 * Resolves the signed session cookie to a user. Lookups are cached briefly in memory,
 * keyed by the exact signed cookie value, so a busy signed-in page does not cost a query
 * per request; sign-out evicts the entry here and (via NOTIFY) on every other instance.
 * The cache is only as good as that NOTIFY: while the listening connection is down, revocations
 * from other instances are missed, so nothing is cached or served from the cache until LISTEN is
 * back, and the cache is emptied both when it breaks and when it is restored.
 */
export class SessionResolver {
  private readonly cache = new Map<string, Entry>();
  private revocationsHeard = true;
  /** Bumped on every flush: a lookup that started before one must not store what it read. */
  private generation = 0;
  /** Told of every signed-out session token, on every instance (the realtime hub closes its sockets). */
  private readonly revocationListeners = new Set<(token: string) => void>();
  constructor(
    private readonly auth: BetterAuth,
    private readonly cookieName: string,
    private readonly database: Database,
  ) {}

  /** Evict revoked sessions (and changed users) on every server sharing the database, not only this one. */
  async listenForRevocations(): Promise<() => Promise<void>> {
    return this.database.listen(SESSION_REVOKED_CHANNEL, {
      onPayload: (message) => {
        if (message.startsWith('user:')) this.evictUser(message.slice(5));
        else this.evictToken(message.replace(/^token:/, ''));
      },
      onLost: () => {
        this.revocationsHeard = false;
        this.flush();
      },
      onRestored: () => {
        this.revocationsHeard = true;
        this.flush();
      },
    });
  }

  private flush(): void {
    this.cache.clear();
    this.generation += 1;
  }

  /** Sign-out: forget this session token everywhere. */
  async broadcastRevocation(token: string): Promise<void> {
    this.evictToken(token);
    await this.database.db.execute(sql`select pg_notify(${SESSION_REVOKED_CHANNEL}, ${`token:${token}`})`);
  }

  /** A user's roles changed (artist profile created, admin flag): re-read them on the next request everywhere. */
  async broadcastUserChanged(userId: string): Promise<void> {
    this.evictUser(userId);
    await this.database.db.execute(sql`select pg_notify(${SESSION_REVOKED_CHANNEL}, ${`user:${userId}`})`);
  }

  cookieValue(request: FastifyRequest): string | undefined {
    return request.cookies[this.cookieName] ?? request.cookies[`__Secure-${this.cookieName}`];
  }

  async resolve(request: FastifyRequest): Promise<SessionUser | null> {
    const cookie = this.cookieValue(request);
    if (!cookie) return null;
    const now = Date.now();
    const generation = this.generation;
    const hit = this.revocationsHeard ? this.cache.get(cookie) : undefined;
    if (hit && hit.until > now) return hit.user;
    const result = await this.auth.api.getSession({ headers: fromNodeHeaders(request.headers), query: { disableRefresh: false } });
    let user: SessionUser | null = null;
    if (result) {
      // Read once per cache entry so a signed-in request needs no query for the navigation's role and avatar.
      const [extra] = await this.database.db
        .select({ artistId: artistProfiles.id, avatarKey: users.avatarKey, suspendedAt: users.suspendedAt })
        .from(users)
        .leftJoin(artistProfiles, eq(artistProfiles.userId, users.id))
        .where(eq(users.id, result.user.id))
        .limit(1);
      // A suspended account's sessions were deleted with the suspension; one that slipped in since (another provider) counts as signed out.
      if (extra?.suspendedAt) return null;
      user = {
        id: result.user.id,
        name: result.user.name,
        email: result.user.email,
        isAdmin: Boolean((result.user as { isAdmin?: boolean }).isAdmin),
        isArtist: Boolean(extra?.artistId),
        image: result.user.image ?? null,
        avatarKey: extra?.avatarKey ?? null,
      };
    }
    if (!this.revocationsHeard || generation !== this.generation) return user;
    if (this.cache.size >= SESSION_CACHE_MAX) this.cache.clear();
    this.cache.set(cookie, { user, until: now + cacheLifetime() });
    return user;
  }

  /** Forget every cached entry for a session token (the part of the cookie before the signature). */
  evictToken(token: string): void {
    for (const key of this.cache.keys()) if (isCookieOf(key, token)) this.cache.delete(key);
    for (const listener of this.revocationListeners) listener(token);
  }

  /** Hear of sessions signed out here or on another instance; returns the unsubscribe. */
  onTokenRevoked(listener: (token: string) => void): () => void {
    this.revocationListeners.add(listener);
    return () => this.revocationListeners.delete(listener);
  }

  evictUser(userId: string): void {
    for (const [key, entry] of this.cache) if (entry.user?.id === userId) this.cache.delete(key);
  }
}
