import { describe, expect, it } from 'vitest';
import { INSTALL_REPROMPT_AFTER_MS } from '../../shared/limits.ts';
import { isCriticalUpdatePath, isIosSafari, isNeverCachedPage, parseDismissedAt, shouldOfferInstall } from './pwa-rules.ts';

describe('isCriticalUpdatePath', () => {
  it.each(['/bookings/abc', '/bookings/abc/pay', '/payment', '/payment/success', '/checkout', '/checkout/x', '/consent-form', '/consent-forms/1', '/demo-consent-form', '/messages', '/messages/42'])(
    'defers on %s',
    (path) => expect(isCriticalUpdatePath(path)).toBe(true),
  );

  it.each(['/', '/home', '/bookings', '/booking', '/booking-detail', '/booking-detail/9', '/dashboard', '/consultations', '/artists', '/artist/payment-setup', '/admin/telemetry'])(
    'notifies on %s',
    (path) => expect(isCriticalUpdatePath(path)).toBe(false),
  );
});

describe('isNeverCachedPage', () => {
  it('names the consent pages, with or without a trailing slash, and nothing else', () => {
    for (const path of ['/consent-form', '/consent-form/', '/demo-consent-form', '/artist/consent-forms']) expect(isNeverCachedPage(path), path).toBe(true);
    for (const path of ['/', '/features/digital-consent', '/bookings/abc', '/consent-formx', '/artist/consent-forms/x']) expect(isNeverCachedPage(path), path).toBe(false);
  });
});

describe('shouldOfferInstall', () => {
  const now = Date.UTC(2025, 5, 1);

  it('offers when never installed nor dismissed', () => {
    expect(shouldOfferInstall({ installed: false, dismissedAt: null, now })).toBe(true);
  });

  it('never offers once installed', () => {
    expect(shouldOfferInstall({ installed: true, dismissedAt: null, now })).toBe(false);
  });

  it('waits more than 7 days after a dismissal', () => {
    expect(shouldOfferInstall({ installed: false, dismissedAt: now - 1000, now })).toBe(false);
    expect(shouldOfferInstall({ installed: false, dismissedAt: now - INSTALL_REPROMPT_AFTER_MS, now })).toBe(false);
    expect(shouldOfferInstall({ installed: false, dismissedAt: now - INSTALL_REPROMPT_AFTER_MS - 1, now })).toBe(true);
  });
});

describe('parseDismissedAt', () => {
  it('reads epoch milliseconds and ISO dates, ignores junk', () => {
    expect(parseDismissedAt('1700000000000')).toBe(1_700_000_000_000);
    expect(parseDismissedAt('2025-01-02T00:00:00.000Z')).toBe(Date.UTC(2025, 0, 2));
    expect(parseDismissedAt(null)).toBeNull();
    expect(parseDismissedAt('')).toBeNull();
    expect(parseDismissedAt('soon')).toBeNull();
  });
});

describe('isIosSafari', () => {
  const iphoneSafari =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  const iphoneChrome =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1';
  const ipadDesktopMode = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
  const desktopChrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

  it('recognises iOS Safari, including iPadOS in desktop mode', () => {
    expect(isIosSafari(iphoneSafari)).toBe(true);
    expect(isIosSafari(ipadDesktopMode, 'MacIntel', 5)).toBe(true);
  });

  it('ignores other browsers', () => {
    expect(isIosSafari(iphoneChrome)).toBe(false);
    expect(isIosSafari(ipadDesktopMode, 'MacIntel', 0)).toBe(false);
    expect(isIosSafari(desktopChrome, 'Linux x86_64', 0)).toBe(false);
  });
});
