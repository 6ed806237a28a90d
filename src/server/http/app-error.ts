import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type z } from 'zod';
import { ErrorCodes, type ApiErrorBody, type ErrorCode } from '../../shared/errors.ts';

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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    let appError: AppError;
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
    else if (error.statusCode === 429) appError = new AppError('RATE_LIMITED', error.message || 'Too many requests. Please slow down.');
    else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      appError = new AppError('BAD_REQUEST', error.message);
    else {
      request.log.error({ err: error }, 'unhandled error');
      appError = new AppError('INTERNAL', 'Something went wrong on our side. Please try again.');
    }
    const body: ApiErrorBody = { code: appError.code, message: appError.message };
    if (appError.details !== undefined && appError.status < 500) body.details = appError.details;
    void reply.status(appError.status).send(body);
  });
}
