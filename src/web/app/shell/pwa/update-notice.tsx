import { RefreshCw, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { DEFERRED_UPDATE_RENOTIFY_MS, UPDATE_APPLYING_TOAST_MS } from '../../../../shared/limits.ts';
import { isCriticalUpdatePath } from '../../../lib/pwa-rules.ts';
import { applyServiceWorkerUpdate, checkForServiceWorkerUpdate, useServiceWorkerState } from '../../../lib/service-worker.ts';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../ui/button.tsx';

type Phase = 'available' | 'applying' | 'ready';

/**
 * Spec §4 update flow: a waiting worker → "Reload to update" → skip-waiting and an applying toast
 * (3 s) → "Update ready!" with "Reload now". Dismissing hides the notice; it comes back an hour
 * later if the update is still waiting. On critical paths (booking, paying, consent, messages) the
 * offer is deferred: it appears when the user leaves them, and the update is re-checked hourly.
 */
export function UpdateNotice() {
  const { updateWaiting, updateSerial } = useServiceWorkerState();
  const { pathname } = useLocation();
  const [phase, setPhase] = useState<Phase>('available');
  const [dismissedSerial, setDismissedSerial] = useState<number | null>(null);
  const titleId = useId();

  const deferred = isCriticalUpdatePath(pathname);
  const offered = updateWaiting && phase === 'available' && dismissedSerial !== updateSerial;

  // While deferred (or dismissed), look again every hour: a newer version may have arrived meanwhile.
  const pending = updateWaiting && phase === 'available' && (deferred || dismissedSerial === updateSerial);
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      void checkForServiceWorkerUpdate();
      setDismissedSerial(null);
    }, DEFERRED_UPDATE_RENOTIFY_MS);
    return () => clearInterval(timer);
  }, [pending]);

  useEffect(() => {
    if (phase !== 'applying') return;
    const timer = setTimeout(() => setPhase('ready'), UPDATE_APPLYING_TOAST_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const reloadToUpdate = () => {
    applyServiceWorkerUpdate();
    setPhase('applying');
    toast({ title: 'Updating Inkhaven…', description: 'Applying the new version.', duration: UPDATE_APPLYING_TOAST_MS });
  };

  if (phase === 'ready') {
    return (
      <section aria-labelledby={titleId} className="pointer-events-auto rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 shadow-lg">
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="font-semibold">
              Update ready!
            </h2>
            <p className="mt-1 text-sm">Reload to start using the new version of Inkhaven.</p>
          </div>
          <DismissButton
            onClick={() => {
              setPhase('available');
              setDismissedSerial(updateSerial);
            }}
          />
        </div>
        <div className="mt-3 flex justify-end">
          <Button onClick={() => window.location.reload()}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
            Reload now
          </Button>
        </div>
      </section>
    );
  }

  if (!offered || deferred) return null;

  return (
    <section aria-labelledby={titleId} className="pointer-events-auto rounded-lg border border-stone-200 bg-white p-4 text-stone-900 shadow-lg">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold">
            A new version of Inkhaven is available
          </h2>
          <p className="mt-1 text-sm text-stone-700">Reload to get the latest features and fixes.</p>
        </div>
        <DismissButton onClick={() => setDismissedSerial(updateSerial)} />
      </div>
      <div className="mt-3 flex justify-end">
        <Button onClick={reloadToUpdate}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          Reload to update
        </Button>
      </div>
    </section>
  );
}

function DismissButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label="Dismiss update notice"
      onClick={onClick}
      className="-mr-1 -mt-1 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md opacity-80 hover:bg-black/5 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600"
    >
      <X className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}
