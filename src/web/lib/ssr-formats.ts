// Kept apart from format.ts: the entry chunk needs only this table, not the formatters.

/**
 * Strings that need `Intl`, as the server rendered them. The first `Intl` call in a page sets up
 * ICU, one long main-thread task on a slow phone; the page's hydration would make that call only
 * to reproduce text already in the HTML. So the server records each such string it renders
 * (`recordFormats`), hands them over with the page's state, and the browser reads them back
 * (`seedFormats`) before hydrating: hydration makes no `Intl` call, and ICU is set up only when
 * something not on the server's page needs it.
 */
const formatted = new Map<string, string>();
let recording: Map<string, string> | null = null;

export function remembered(key: string, compute: () => string): string {
  let value = formatted.get(key);
  if (value === undefined) {
    value = compute();
    // The server serves many visitors over time: only what this page rendered is handed over, and
    // "EST" turns into "EDT" in spring, so it keeps no table of its own.
    if (typeof window !== 'undefined') formatted.set(key, value);
  }
  recording?.set(key, value);
  return value;
}

/** Runs a synchronous render and returns the `Intl` strings it used, for `seedFormats` in the browser. */
export function recordFormats<T>(render: () => T): { result: T; formats: Record<string, string> } {
  const previous = recording;
  const own = new Map<string, string>();
  recording = own;
  try {
    return { result: render(), formats: Object.fromEntries(own) };
  } finally {
    recording = previous;
  }
}

export function seedFormats(formats: Record<string, string>): void {
  for (const [key, value] of Object.entries(formats)) if (typeof value === 'string') formatted.set(key, value);
}
