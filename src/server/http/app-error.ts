import type { FastifyError, FastifyInstance } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { ZodError, type z } from 'zod';
import { ErrorCodes, type ApiErrorBody, type ErrorCode } from '../../shared/errors.ts';
import { YEARS_TEXT } from '../../shared/contracts/input.ts';
import { pgErrorCode } from '../db/pg-error.ts';

/** The one error type services throw; the handler below turns it into `{ code, message }`. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
  get status(): number {
    return ErrorCodes[this.code];
  }
}

/** Seconds a client is asked to wait (Retry-After) while the database is away: a restart or fail-over takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = "Inkhaven can't reach its database right now. Please try again in a moment.";

// PostgreSQL's connection classes: 57P01–57P03 (server shutting down, crashed or starting up) and
// 08xxx (connection exceptions); Node's socket errors when the server is gone or went away mid-query.
const DATABASE_GONE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const DATABASE_GONE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
// What pg says when a connection ended under a query, or a query was sent on a connection it already knows is dead.
// pg-pool's words when no connection could be had within connectionTimeoutMillis (db/client.ts).
const DATABASE_GONE_MESSAGE = /Connection terminated|is not queryable|timeout exceeded when trying to connect/;

/**
 * The driver error showing that the database could not be reached (rather than that it refused a
 * statement), or null. Drizzle wraps the driver's error in `cause` (its own message holds the query
 * and its parameters, so user text is never taken for a driver message); Node reports a refused
 * connection to several addresses as an AggregateError. Both are followed.
 */
export function databaseUnavailableCause(error: unknown, depth = 0): Error | null {
  if (!(error instanceof Error) || depth > 5) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (DATABASE_GONE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || DATABASE_GONE_SOCKET_CODES.has(code))) return error;
  if (!(error instanceof DrizzleQueryError) && DATABASE_GONE_MESSAGE.test(error.message)) return error;
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const cause = databaseUnavailableCause(inner, depth + 1);
      if (cause) return cause;
    }
  }
  return databaseUnavailableCause(error.cause, depth + 1);
}

export const notFound = (what = 'That item') => new AppError('NOT_FOUND', `${what} was not found.`);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError('FORBIDDEN', message);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError('UNAUTHORIZED', message);

function describeZodError(error: ZodError): AppError {
  const first = error.issues[0];
  if (first?.code === 'unrecognized_keys') {
    const keys = first.keys.map((k) => `"${k}"`).join(', ');
    const at = first.path.length ? ` in ${first.path.join('.')}` : '';
    return new AppError('UNKNOWN_FIELD', `Unknown field${first.keys.length > 1 ? 's' : ''} ${keys}${at}.`, error.issues);
  }
  const field = first?.path.join('.') || 'request';
  return new AppError('VALIDATION_FAILED', `${field}: ${first?.message ?? 'invalid value'}`, error.issues.map((i) => ({ path: i.path, message: i.message })));
}

/** Parse untrusted input with a shared zod schema; a failure becomes a 400 a person can read. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw describeZodError(result.error);
  return result.data;
}

/**
 * PostgreSQL's data exceptions caused by a value from the request (class 22: a NUL or a character the
 * encoding cannot hold, a date or number out of range, text that does not cast). The request schemas
 * refuse these first; this is the last line of defence, and it is logged so the schema gets fixed.
 * Other database errors (constraints, connections, syntax) stay 500s: they are our bugs.
 */
export const DATABASE_INPUT_ERRORS: Readonly<Record<string, string>> = {
  '22P05': 'A value contains a character that cannot be stored (such as NUL); remove it and try again.',
  '22021': 'A value contains a character that cannot be stored; remove it and try again.',
  '22008': `A date or time is out of range; use a year ${YEARS_TEXT}.`,
  '22007': 'A date or time is not in a form we understand; use a date such as 2026-12-31.',
  '22P02': 'A value is not in the form expected (for example an id or a number); check it and try again.',
  '22003': 'A number is out of range; use a smaller value.',
};

const inputErrorMessage = (error: unknown): string | undefined => DATABASE_INPUT_ERRORS[pgErrorCode(error) ?? ''];

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    let appError: AppError;
    let unreachable: Error | null;
    if (error instanceof AppError) appError = error;
    else if (error instanceof ZodError) appError = describeZodError(error);
    else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      appError = new AppError('BODY_TOO_LARGE', 'The request body is too large (the limit is 1 MB).');
    else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400))
      appError = new AppError('INVALID_JSON', 'The request body is not valid JSON.');
    else if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      appError = new AppError('INVALID_JSON', 'The request body is empty but JSON was declared.');
    else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      appError = new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON (Content-Type: application/json).');
    else if (inputErrorMessage(error)) {
      request.log.warn({ err: error }, 'database refused a value from the request; its schema should have');
      appError = new AppError('BAD_REQUEST', inputErrorMessage(error)!);
    } else if (error.statusCode === 429) appError = new AppError('RATE_LIMITED', error.message || 'Too many requests. Please slow down.');
    else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      appError = new AppError('BAD_REQUEST', error.message);
    else if ((unreachable = databaseUnavailableCause(error))) {
      // Expected while PostgreSQL restarts or fails over: one line with the driver's words (never the query's parameters).
      request.log.warn({ err: { message: unreachable.message, code: (unreachable as { code?: unknown }).code } }, 'database unavailable');
      appError = new AppError('DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    } else {
      request.log.error({ err: error }, 'unhandled error');
      appError = new AppError('INTERNAL', 'Something went wrong on our side. Please try again.');
    }
    const body: ApiErrorBody = { code: appError.code, message: appError.message };
    if (appError.details !== undefined && appError.status < 500) body.details = appError.details;
    void reply.status(appError.status).send(body);
  });
}
