import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { artistProfiles } from '../db/schema/index.ts';
import type { Database } from '../db/client.ts';
import type { BetterAuth } from './better-auth.ts';

const SESSION_REVOKED_CHANNEL = 'inkhaven_session_revoked';

export type SessionUser = { id: string; name: string; email: string; isAdmin: boolean; isArtist: boolean; image: string | null };
type Entry = { user: SessionUser | null; until: number };

/** How long a resolved session is trusted before it is read again from the database. */
const SESSION_CACHE_MS = 30_000;
const SESSION_CACHE_MAX = 10_000;

/**
 * Resolves the signed session cookie to a user. Lookups are cached briefly in memory,
 * keyed by the exact signed cookie value, so a busy signed-in page does not cost a query
 * per request; sign-out evicts the entry here and (via NOTIFY) on every other instance.
 */
export class SessionResolver {
  private readonly cache = new Map<string, Entry>();
  constructor(
    private readonly auth: BetterAuth,
    private readonly cookieName: string,
    private readonly database: Database,
  ) {}

  /** Evict revoked sessions (and changed users) on every server sharing the database, not only this one. */
  async listenForRevocations(): Promise<() => Promise<void>> {
    return this.database.listen(SESSION_REVOKED_CHANNEL, (message) => {
      if (message.startsWith('user:')) this.evictUser(message.slice(5));
      else this.evictToken(message.replace(/^token:/, ''));
    });
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
    const hit = this.cache.get(cookie);
    if (hit && hit.until > now) return hit.user;
    const result = await this.auth.api.getSession({ headers: fromNodeHeaders(request.headers), query: { disableRefresh: false } });
    let user: SessionUser | null = null;
    if (result) {
      // Read once per cache entry so a signed-in request needs no query for the navigation's role.
      const [artist] = await this.database.db
        .select({ id: artistProfiles.id })
        .from(artistProfiles)
        .where(eq(artistProfiles.userId, result.user.id))
        .limit(1);
      user = {
        id: result.user.id,
        name: result.user.name,
        email: result.user.email,
        isAdmin: Boolean((result.user as { isAdmin?: boolean }).isAdmin),
        isArtist: Boolean(artist),
        image: result.user.image ?? null,
      };
    }
    if (this.cache.size >= SESSION_CACHE_MAX) this.cache.clear();
    this.cache.set(cookie, { user, until: now + SESSION_CACHE_MS });
    return user;
  }

  /** Forget every cached entry for a session token (the part of the cookie before the signature). */
  evictToken(token: string): void {
    for (const key of this.cache.keys()) if (key.startsWith(`${token}.`) || key === token) this.cache.delete(key);
  }

  evictUser(userId: string): void {
    for (const [key, entry] of this.cache) if (entry.user?.id === userId) this.cache.delete(key);
  }
}
