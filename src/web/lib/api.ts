/**
 * The spec's API client (§7–8): credentials always, CSRF token on every mutation,
 * one retry after a CSRF 403, and errors that read "{status}: {text}".
 */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export const CSRF_MESSAGES = {
  fetchFailed: 'Unable to obtain CSRF token',
  required: 'Security token required. Please refresh the page and try again.',
  expired: 'Security token expired. Please refresh the page and try again.',
} as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }
  /** The `{code, message}` body of our server's errors, when there is one. */
  get body(): { code?: string; message?: string } | null {
    try {
      return JSON.parse(this.text) as { code?: string; message?: string };
    } catch {
      return null;
    }
  }
}

/** What a person reads when a request never reached Inkhaven (offline, or the server cannot be reached). */
export const NETWORK_MESSAGES = {
  read: 'You are offline, or Inkhaven cannot be reached right now. It loads again once you are back online.',
  write: 'This needs a connection: you are offline, or Inkhaven cannot be reached right now. Nothing was changed. Try again when you are back online.',
} as const;

/**
 * A request that got no answer at all (fetch rejected): offline, DNS, a dropped connection. Kept apart
 * from ApiError on purpose: "no answer" must never be read as an answer (a 401 means signed out; a
 * network failure means we do not know).
 */
export class NetworkError extends Error {
  constructor(
    readonly kind: 'read' | 'write',
    options?: { cause?: unknown },
  ) {
    super(NETWORK_MESSAGES[kind], options);
    this.name = 'NetworkError';
  }
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

/** fetch, with a rejection (no answer) turned into a NetworkError; a cancellation stays a cancellation. */
export async function fetchOrNetworkError(fetchImpl: FetchLike, kind: 'read' | 'write', input: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetchImpl(input, init);
  } catch (error) {
    if (init?.signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    throw new NetworkError(kind, { cause: error });
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new ApiError(res.status, text);
  }
}

let cachedToken: string | null = null;
let pendingToken: Promise<string> | null = null;

export function clearCsrfToken(): void {
  cachedToken = null;
  pendingToken = null;
}

export async function getCsrfToken(fetchImpl: FetchLike = fetch, signal?: AbortSignal): Promise<string> {
  if (cachedToken) return cachedToken;
  pendingToken ??= (async () => {
    try {
      const res = await fetchOrNetworkError(fetchImpl, 'write', '/api/auth/csrf-token', { credentials: 'include', ...(signal ? { signal } : {}) });
      if (!res.ok) throw new Error(CSRF_MESSAGES.fetchFailed);
      const body = (await res.json()) as { csrfToken?: string };
      if (!body.csrfToken) throw new Error(CSRF_MESSAGES.fetchFailed);
      cachedToken = body.csrfToken;
      return cachedToken;
    } catch (error) {
      // Offline is not a token problem: say that the action needs a connection, not "refresh the page".
      if (isNetworkError(error)) throw error;
      throw new Error(CSRF_MESSAGES.fetchFailed, { cause: error });
    } finally {
      pendingToken = null;
    }
  })();
  return pendingToken;
}

/** The token for a sendBeacon URL (beacons cannot carry headers); null when none is cached yet. */
export function cachedCsrfToken(): string | null {
  return cachedToken;
}

export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  opts: { fetchImpl?: FetchLike; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Response> {
  const fetchImpl = opts.fetchImpl ?? fetch;
  const upper = method.toUpperCase();
  const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
  const send = (token: string | null) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (data !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    if (token) headers['X-CSRF-Token'] = token;
    return fetchOrNetworkError(fetchImpl, SAFE_METHODS.has(upper) ? 'read' : 'write', url, {
      method: upper,
      headers,
      body: data === undefined ? undefined : isForm ? (data as FormData) : JSON.stringify(data),
      credentials: 'include',
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  };

  if (SAFE_METHODS.has(upper)) {
    const res = await send(null);
    await throwIfResNotOk(res);
    return res;
  }

  let token: string;
  try {
    token = await getCsrfToken(fetchImpl, opts.signal);
  } catch (error) {
    if (isNetworkError(error)) throw error;
    throw new Error(CSRF_MESSAGES.required, { cause: error });
  }
  let res = await send(token);
  if (res.status === 403) {
    const text = await res.clone().text();
    if (/csrf/i.test(text)) {
      clearCsrfToken();
      try {
        res = await send(await getCsrfToken(fetchImpl, opts.signal));
      } catch (error) {
        if (isNetworkError(error)) throw error;
        throw new Error(CSRF_MESSAGES.expired, { cause: error });
      }
      if (!res.ok) {
        const retryText = await res.clone().text();
        if (res.status === 403 && /csrf/i.test(retryText)) throw new Error(CSRF_MESSAGES.expired);
      }
    }
  }
  await throwIfResNotOk(res);
  return res;
}
