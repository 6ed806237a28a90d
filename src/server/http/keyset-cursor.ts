import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './app-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Newest-first keyset pages on (created_at, id), for lists that grow while people page through them.
 * The cursor keeps created_at as PostgreSQL prints it: a JS Date drops the microseconds, and two rows
 * of the same millisecond would then be skipped or repeated.
 */
export type CreatedAtCursor = { t: string; id: string };

export const encodeCreatedAtCursor = (c: CreatedAtCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

/** `retry` finishes the error message: what the person should do (e.g. "reload the outbox"). */
export function decodeCreatedAtCursor(raw: string, retry: string): CreatedAtCursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as CreatedAtCursor;
    if (typeof c.t === 'string' && /^[0-9: .+-]{10,40}$/.test(c.t) && typeof c.id === 'string' && UUID.test(c.id)) return c;
  } catch {
    // Fall through to the error below.
  }
  throw new AppError('VALIDATION_FAILED', `cursor: this page link is not valid any more; ${retry}.`);
}

/** The exact created_at text to put in the next cursor; select it beside the row. */
export const createdAtText = (createdAt: PgColumn) => sql<string>`${createdAt}::text`;

/** Rows after the cursor in (created_at DESC, id DESC) order. */
export function olderThanCursor(createdAt: PgColumn, id: PgColumn, c: CreatedAtCursor): SQL {
  const t = sql`${c.t}::timestamptz`;
  return or(lt(createdAt, t), and(eq(createdAt, t), lt(id, c.id)))!;
}
