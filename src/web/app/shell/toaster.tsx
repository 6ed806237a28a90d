import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '../../../shared/limits.ts';
import { useToast, type ToastVariant } from '../../lib/toast.ts';

const VARIANT_CLASS: Record<ToastVariant, string> = {
  default: 'border-stone-200 bg-white text-stone-950',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  error: 'border-red-300 bg-red-50 text-red-950',
};

/**
 * Spec §9: one toast at a time (the store keeps TOAST_LIMIT), 5 s by default, swipe 50 px to
 * dismiss, and F8 — Radix's default hotkey — moves focus to the viewport.
 */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} swipeDirection="right">
      {toasts.map((t) => {
        const variant = t.variant ?? 'default';
        return (
          <Toast.Root
            key={t.id}
            open={t.open}
            onOpenChange={(open) => {
              if (!open) dismiss(t.id);
            }}
            {...(t.duration !== undefined ? { duration: t.duration } : {})}
            type={variant === 'error' ? 'foreground' : 'background'}
            className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[state=closed]:opacity-0 ${VARIANT_CLASS[variant]}`}
          >
            <div className="min-w-0 flex-1">
              <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
              {t.description ? <Toast.Description className="mt-1 text-sm opacity-90">{t.description}</Toast.Description> : null}
              {t.action ? (
                <Toast.Action
                  altText={t.action.altText}
                  onClick={t.action.onClick}
                  className="mt-3 inline-flex rounded-md bg-stone-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600"
                >
                  {t.action.label}
                </Toast.Action>
              ) : null}
            </div>
            <Toast.Close aria-label="Dismiss notification" className="absolute right-2 top-2 inline-flex h-7 w-7 items-center justify-center rounded-md opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
              <X className="h-4 w-4" aria-hidden="true" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      {/* The empty viewport is a padded strip across the bottom of a phone: it lets clicks through to the page (toasts take their own). */}
      <Toast.Viewport className="pointer-events-none fixed bottom-[var(--consent-bar-height,0px)] right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none focus-visible:ring-2 focus-visible:ring-amber-600" />
    </Toast.Provider>
  );
}
