/** A call's time in the viewer's zone, e.g. "Tue, Mar 3, 3:00 PM". */
export function formatCallTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** Only the clock time, for "Join opens at 2:50 PM". */
export function formatClock(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}
