import { FUNNEL_COMPLETE_STEP, abandonmentStepName, stepOrder } from '../../../shared/funnel.ts';
import { beacon, send } from './transport.ts';

const FUNNEL_KEY = 'inkhaven-funnel';
type FunnelState = { funnelId: string; sessionId: string; startedAt: number; stepAt: number; lastStep: string; lastOrder: number; sourcePageType: string };

function load(): FunnelState | null {
  try {
    const raw = sessionStorage.getItem(FUNNEL_KEY);
    return raw ? (JSON.parse(raw) as FunnelState) : null;
  } catch {
    return null;
  }
}
const save = (s: FunnelState) => sessionStorage.setItem(FUNNEL_KEY, JSON.stringify(s));
const clear = () => sessionStorage.removeItem(FUNNEL_KEY);

/** Spec §4: record a funnel step; unknown names are warned about and ignored. */
export function trackFunnelStep(step: string, ctx: { sessionId: string; pageType: string; bookingId?: string }): void {
  const order = stepOrder(step);
  if (order === null) {
    console.warn(`[analytics] unknown conversion step "${step}" ignored`);
    return;
  }
  const now = Date.now();
  const state = load() ?? { funnelId: crypto.randomUUID(), sessionId: ctx.sessionId, startedAt: now, stepAt: now, lastStep: step, lastOrder: order, sourcePageType: ctx.pageType };
  const completed = step === FUNNEL_COMPLETE_STEP;
  void send('/api/analytics/seo/conversion-funnel', {
    sessionId: ctx.sessionId,
    funnelId: state.funnelId,
    step,
    stepOrder: order,
    sourcePageType: state.sourcePageType,
    currentUrl: location.pathname,
    timeInStep: now - state.stepAt,
    timeFromStart: now - state.startedAt,
    completed,
    abandoned: false,
    bookingId: ctx.bookingId ?? null,
  });
  if (completed) clear();
  else save({ ...state, stepAt: now, lastStep: step, lastOrder: Math.max(state.lastOrder, order) });
}

/** On unload an incomplete funnel is sent as abandoned, and forgotten. */
export function abandonFunnel(): void {
  const state = load();
  if (!state) return;
  const now = Date.now();
  beacon('/api/analytics/seo/conversion-funnel', {
    sessionId: state.sessionId,
    funnelId: state.funnelId,
    step: abandonmentStepName(Math.floor(state.lastOrder)),
    stepOrder: state.lastOrder,
    sourcePageType: state.sourcePageType,
    currentUrl: location.pathname,
    timeInStep: now - state.stepAt,
    timeFromStart: now - state.startedAt,
    completed: false,
    abandoned: true,
  });
  clear();
}
