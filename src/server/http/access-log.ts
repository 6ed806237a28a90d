import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';
/**
 * Query keys whose values are secrets or personal data: passwords, tokens and secrets of any name,
 * OAuth `code`/`state`, emails, `near` (a searcher's own position when they choose "Near me";
 * the privacy page says logs do not keep it), and a consent form's health data should a form ever
 * be sent as a GET (date of birth, answers, guardian, signature; issue 13 §4).
 */
const SENSITIVE_QUERY_KEY = /password|token|secret|csrf|^code$|^state$|email|^near$|birth|^dob$|answers|guardian|signature|allerg|health/i;
/** A value that carries such a key inside it (a `returnTo` holding `/login?password=…`). */
const SENSITIVE_KEY_INSIDE = /(password|token|secret|csrf|code|state|email)=/i;
/**
 * Whether the text holds something shaped like an email: `local@domain.tld` between delimiters.
 * Linear on purpose: the regular expression this replaces backtracked on long values without an
 * `@` (quadratic: a 100 KB query string held the event loop for seconds on every request).
 */
function containsEmailLike(text: string): boolean {
  if (!text.includes('@')) return false;
  return text.split(/[\s/?&=]/).some((token) => {
    const parts = token.split('@');
    for (let i = 0; i < parts.length - 1; i++) {
      const domain = parts[i + 1]!;
      const dot = domain.indexOf('.');
      if (parts[i]!.length > 0 && dot > 0 && dot < domain.length - 1) return true;
    }
    return false;
  });
}

function decodeForCheck(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

const isSensitiveValue = (value: string) => {
  const decoded = decodeForCheck(value);
  return containsEmailLike(decoded) || SENSITIVE_KEY_INSIDE.test(decoded);
};

/**
 * The URL as it may be written to a log: the values of sensitive query keys, any value or path
 * segment that looks like an email, and any value carrying such a query of its own are replaced,
 * keeping the keys so a log still says what was asked. A form that once submitted as GET put
 * passwords in the query string; nothing a visitor types belongs in a log line.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const safePath = path
    .split('/')
    .map((segment) => (containsEmailLike(decodeForCheck(segment)) ? REDACTED : segment))
    .join('/');
  if (queryAt === -1) return safePath;
  const safeQuery = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equalsAt = pair.indexOf('=');
      if (equalsAt === -1) return isSensitiveValue(pair) ? REDACTED : pair;
      const key = pair.slice(0, equalsAt);
      return SENSITIVE_QUERY_KEY.test(decodeForCheck(key)) || isSensitiveValue(pair.slice(equalsAt + 1)) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

type LoggedError = { type: string; message: string; stack: string; cause?: LoggedError } & Record<string, unknown>;

/** PostgreSQL error fields that name the failure and the schema objects involved, never the values. */
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'] as const;
const CAUSE_DEPTH_LIMIT = 5;

/**
 * Drizzle's query error (`query` + `params`, with both in its message) or a pg / PGlite error
 * (`severity` + SQLSTATE `code`, whose message, `detail` and `where` quote the offending values).
 */
function isDatabaseError(error: Error): boolean {
  return ('query' in error && 'params' in error) || ('severity' in error && 'code' in error);
}

/** The stack's frames without its first line, which repeats the message. */
const stackFrames = (stack: string | undefined) => (stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at ')).join('\n');

/**
 * An error as it may be written to a log. Database errors carry the SQL parameters (what a visitor
 * typed) in their message, `params`, `detail` and `where`: only their type, SQLSTATE code, the names
 * of the constraint/table/column, the statement's text (every value in it is a bound parameter)
 * and the stack frames are kept. Other errors keep their message and stack; causes get the same
 * treatment, as the standard serializer would otherwise fold a database cause's message into them.
 */
export function serializeLoggedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'A value that is not an Error was thrown.', stack: '' };
  let logged: LoggedError;
  if (isDatabaseError(error)) {
    logged = { type: error.name, message: 'Database error (its text is withheld: it quotes SQL parameters).', stack: stackFrames(error.stack) };
    const fields = error as unknown as Record<string, unknown>;
    for (const field of DATABASE_ERROR_FIELDS) if (typeof fields[field] === 'string') logged[field] = fields[field];
    if (typeof fields.query === 'string') logged.statement = fields.query;
  } else {
    logged = { type: error.name, message: error.message, stack: error.stack ?? '' };
    const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
    if (typeof code === 'string') logged.code = code;
    if (typeof statusCode === 'number') logged.statusCode = statusCode;
  }
  if (error.cause !== undefined && depth < CAUSE_DEPTH_LIMIT) logged.cause = serializeLoggedError(error.cause, depth + 1);
  return logged;
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * The logger options with this module's serializers for `req` and `err`, the keys Fastify's own
 * lines and the error handler log under; they win over the caller's, so no logger the app builds
 * writes a raw URL or a database error's parameters.
 */
export function withSafeSerializers(logger: LoggerOption): LoggerOption {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: {
      ...options.serializers,
      req: (request) => ({ method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip }),
      err: (error) => serializeLoggedError(error),
    },
  };
}

/**
 * One access-log line per request, not two: the completion line carries the method and URL that
 * Fastify's separate "incoming request" line would (each line costs ~12 µs, a fifth of a small
 * API answer). URLs are redacted (redactUrl) in every line Fastify writes about a request.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const entry = { method: request.method, url: redactUrl(request.url), statusCode: reply.statusCode, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else reply.log.info(entry, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info({ method: request.method, url: redactUrl(request.url) }, 'route not found');
  }
}
