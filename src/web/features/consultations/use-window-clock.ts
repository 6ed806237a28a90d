import { useEffect, useState } from 'react';
import { callWindow, msUntilNextChange } from '../../../shared/call-window.ts';
import type { TConsultation } from '../../../shared/contracts/consultations.ts';

/**
 * Re-renders once when the soonest window opens or closes (not on an interval): Join turns on at
 * 10 minutes before the start without a reload, and nothing ticks while the page sits idle.
 */
export function useWindowClock(items: readonly TConsultation[]): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const waits = items.map((c) => msUntilNextChange(callWindow(c, now), now)).filter((ms): ms is number => ms !== null && ms > 0);
    if (waits.length === 0) return;
    // setTimeout's limit is about 24.8 days; anything further re-checks then.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.min(...waits) + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [items, now]);
  return now;
}
