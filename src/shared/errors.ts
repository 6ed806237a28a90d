/** Error codes shared by server and web; the server maps each to one HTTP status. */
export const ErrorCodes = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNKNOWN_FIELD: 400,
  /** A page link (cursor) that does not decode to a position in the list: tampered with, or from an older version. */
  INVALID_CURSOR: 400,
  WEAK_PASSWORD: 400,
  // The foundation issue asks for 400 (not 413) for oversized bodies, like every other bad input.
  BODY_TOO_LARGE: 400,
  // Image uploads (portfolio, flash): each answers 400 with a message that says what to do instead.
  UNSUPPORTED_IMAGE: 400,
  IMAGE_TOO_LARGE: 400,
  IMAGE_CORRUPT: 400,
  /** A signed Stripe webhook event whose envelope or object is not the shape the app reads. */
  STRIPE_EVENT_INVALID: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  CSRF_FAILED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  /** A per-artist cap (portfolio images, flash designs) is full. */
  LIMIT_REACHED: 409,
  /** Consent (issue 13): the booking cannot be signed for in its state. */
  CONSENT_NOT_OPEN: 409,
  CONSENT_CLOSED: 409,
  CONSENT_ALREADY_SIGNED: 409,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The design generator will not draw what the prompt asks for (a hate symbol, a slur, a real person). */
  PROMPT_REFUSED: 422,
  /** Consent: a consultation needs no form; an age rule, a missing guardian, answer or signature problem. */
  CONSENT_NOT_REQUIRED: 422,
  CONSENT_AGE_RESTRICTED: 422,
  CONSENT_GUARDIAN_REQUIRED: 422,
  CONSENT_ANSWERS_INCOMPLETE: 422,
  SIGNATURE_INVALID: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The database cannot be reached (restart, fail-over, dropped connections); answered with Retry-After. */
  DATABASE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ErrorCodes;

export type ApiErrorBody = { code: ErrorCode; message: string; details?: unknown };
