import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { isInputInstant, ZUuid } from '../../shared/contracts/input.ts';
import { AppError } from './app-error.ts';

/**
 * Every list cursor is base64url JSON of a small object, checked here against its shape by decoding
 * it fully: a cursor is only used once each field is what the query needs (an id that casts to
 * uuid, an instant PostgreSQL and `new Date` both hold). Anything else is a 400 INVALID_CURSOR.
 */
export const encodeCursor = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** `retry` finishes the error message: what the person should do (e.g. "reload the outbox"). */
export function decodeCursor<S extends z.ZodType>(raw: string, shape: S, retry: string): z.infer<S> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const result = shape.safeParse(decoded);
  if (result.success) return result.data;
  throw new AppError('INVALID_CURSOR', `cursor: this page link is not valid any more; ${retry}.`);
}

/**
 * Newest-first keyset pages on (created_at, id), for lists that grow while people page through them.
 * The cursor keeps created_at as PostgreSQL prints it: a JS Date drops the microseconds, and two rows
 * of the same millisecond would then be skipped or repeated.
 */
const PG_TIMESTAMPTZ_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d{1,6})?([+-]\d{2})(:\d{2})?$/;
/** "2026-11-24 15:48:12.123456+00" as PostgreSQL prints a timestamptz; the same instant in ISO form must be valid. */
function isPgTimestampText(value: string): boolean {
  const m = PG_TIMESTAMPTZ_TEXT.exec(value);
  return m !== null && isInputInstant(`${m[1]}T${m[2]}${(m[3] ?? '').slice(0, 4)}${m[4]}${m[5] ?? ':00'}`);
}
const ZCreatedAtCursor = z.object({ t: z.string().refine(isPgTimestampText), id: ZUuid });
export type CreatedAtCursor = z.infer<typeof ZCreatedAtCursor>;

export const encodeCreatedAtCursor = (c: CreatedAtCursor) => encodeCursor(c);
export const decodeCreatedAtCursor = (raw: string, retry: string): CreatedAtCursor => decodeCursor(raw, ZCreatedAtCursor, retry);

/** The exact created_at text to put in the next cursor; select it beside the row. */
export const createdAtText = (createdAt: PgColumn) => sql<string>`${createdAt}::text`;

/** Rows after the cursor in (created_at DESC, id DESC) order. */
export function olderThanCursor(createdAt: PgColumn, id: PgColumn, c: CreatedAtCursor): SQL {
  const t = sql`${c.t}::timestamptz`;
  return or(lt(createdAt, t), and(eq(createdAt, t), lt(id, c.id)))!;
}
