import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../../shared/limits.ts';

/**
 * A tiny toast store (spec §9: one visible at a time, removed 1 000 000 ms after dismissal).
 * Module state on purpose: any code — a mutation's onError, a service-worker hook — can raise a
 * toast without a React context, and the one <Toaster/> in the shell renders them.
 */
export type ToastVariant = 'default' | 'success' | 'error';

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; the provider's default (TOAST_DURATION_MS) when absent. */
  duration?: number;
  action?: { label: string; altText: string; onClick: () => void };
};

export type ToastItem = ToastInput & { id: string; open: boolean };

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
const EMPTY: ToastItem[] = [];

function emit() {
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or all when no id is given. */
export function dismissToast(id?: string): void {
  toasts = toasts.map((t) => {
    if (id !== undefined && t.id !== id) return t;
    scheduleRemoval(t.id);
    return { ...t, open: false };
  });
  emit();
}

export function toast(input: ToastInput): { id: string; dismiss: () => void; update: (next: Partial<ToastInput>) => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  // The newest wins: older toasts beyond the limit are dropped, not queued.
  const dropped = toasts.slice(TOAST_LIMIT - 1);
  for (const t of dropped) {
    const timer = removalTimers.get(t.id);
    if (timer) clearTimeout(timer);
    removalTimers.delete(t.id);
  }
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => {
      toasts = toasts.map((t) => (t.id === id ? { ...t, ...next } : t));
      emit();
    },
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useToast() {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
  return { toasts: current, toast, dismiss: dismissToast };
}
