import { Download, Share, SquarePlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { INSTALL_PROMPT_DELAY_MS } from '../../../../shared/limits.ts';
import {
  dismissInstallPrompt,
  isStandalone,
  promptInstall,
  readInstallFlags,
  useInstallPromptState,
} from '../../../lib/install-prompt.ts';
import { useConsentValue } from '../../../lib/analytics/consent.ts';
import { isIosSafari, shouldOfferInstall } from '../../../lib/pwa-rules.ts';
import { Button } from '../../../ui/button.tsx';

type BannerKind = 'generic' | 'ios';

const CARD = 'pointer-events-auto rounded-lg border border-stone-200 bg-white p-4 text-stone-900 shadow-lg';

/**
 * Spec §2/§4: offers installation 3 s after the app became installable, unless it is installed or
 * the offer was dismissed within the past 7 days. Chromium gets the browser's own prompt
 * ("Install App"); iOS Safari, which has none, gets Add to Home Screen instructions ("Got it").
 * One question at a time: the offer waits until the analytics question has been answered, and
 * then its 3 s count from the answer.
 */
export function InstallBanner() {
  const { availableAt, installed } = useInstallPromptState();
  const consent = useConsentValue();
  const consentAnswered = consent === 'accepted' || consent === 'declined';
  // 0 when the answer was already stored; the moment of the answer when it is given on this page.
  const answeredAt = useRef(consentAnswered ? 0 : Number.POSITIVE_INFINITY);
  const [kind, setKind] = useState<BannerKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Also kept in memory: with storage disabled the banner must still stay away for this visit.
  const [dismissedHere, setDismissedHere] = useState(false);
  const titleId = useId();

  useEffect(() => {
    if (installed || kind || dismissedHere || !consentAnswered || isStandalone()) return;
    if (answeredAt.current === Number.POSITIVE_INFINITY) answeredAt.current = Date.now();
    const ios = availableAt === null && isIosSafari(navigator.userAgent, navigator.platform, navigator.maxTouchPoints);
    if (availableAt === null && !ios) return;
    if (!shouldOfferInstall({ ...readInstallFlags(), now: Date.now() })) return;
    const since = Math.max(availableAt ?? Date.now(), answeredAt.current);
    const timer = setTimeout(() => setKind(ios ? 'ios' : 'generic'), Math.max(0, since + INSTALL_PROMPT_DELAY_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [availableAt, installed, kind, dismissedHere, consentAnswered]);

  if (!kind || installed) return null;

  const dismiss = () => {
    dismissInstallPrompt();
    setDismissedHere(true);
    setKind(null);
  };

  const install = async () => {
    setBusy(true);
    setError(null);
    const result = await promptInstall();
    setBusy(false);
    if (result.outcome === 'accepted') setKind(null);
    else if (result.outcome === 'dismissed') dismiss();
    else setError('Your browser could not install Inkhaven right now. You can still install it from the browser menu.');
  };

  if (kind === 'ios') {
    return (
      <section aria-labelledby={titleId} className={CARD}>
        <h2 id={titleId} className="font-semibold">
          Install Inkhaven on your iPhone or iPad
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          Tap the Share button <Share className="inline h-4 w-4 align-text-bottom" aria-label="Share" role="img" /> in Safari, then choose{' '}
          <span className="whitespace-nowrap font-medium">
            Add to Home Screen <SquarePlus className="inline h-4 w-4 align-text-bottom" aria-hidden="true" />
          </span>
          .
        </p>
        <div className="mt-3 flex justify-end">
          <Button onClick={dismiss}>Got it</Button>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby={titleId} className={CARD}>
      <div className="flex items-start gap-3">
        <img src="/icons/icon-192.png" alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded-lg" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold">
            Install Inkhaven
          </h2>
          <p className="mt-1 text-sm text-stone-700">Open your bookings and messages from your home screen, even when you are offline.</p>
          {error ? (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {error}
            </p>
          ) : null}
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="ghost" onClick={dismiss}>
          Not Now
        </Button>
        <Button onClick={() => void install()} disabled={busy || Boolean(error)}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Install App
        </Button>
      </div>
    </section>
  );
}
