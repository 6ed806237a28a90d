/** The SQLSTATE of a PostgreSQL error under a driver's or Drizzle's wrapper; null for any other error. */
export function pgErrorCode(error: unknown): string | null {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
