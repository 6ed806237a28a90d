import { InstallBanner } from './install-banner.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { UpdateNotice } from './update-notice.tsx';

/**
 * The PWA shell's notices (spec §2): offline, update and install, stacked at the bottom-left so
 * they never cover the navigation bar, and clear of the toasts at the bottom-right on wide screens.
 * While the analytics question is open they sit above its bar (--consent-bar-height); the install
 * offer itself waits until the question is answered.
 */
export function PwaBanners() {
  return (
    <div data-testid="pwa-banners" className="pointer-events-none fixed inset-x-0 bottom-[var(--consent-bar-height,0px)] z-40 flex flex-col gap-2 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:bottom-[calc(var(--consent-bar-height,0px)_+_1rem)] sm:left-4 sm:right-auto sm:w-[26rem] sm:p-0">
      <OfflineNotice />
      <div aria-live="polite" className="empty:hidden">
        <UpdateNotice />
      </div>
      <InstallBanner />
    </div>
  );
}
