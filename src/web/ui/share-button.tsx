import { Share2 } from 'lucide-react';
import { useHydrated } from '../lib/use-hydrated.ts';
import { trackFunnel } from '../lib/analytics/events.ts';
import { toast } from '../lib/toast.ts';

/**
 * Share a page (an artist's profile, a flash design): the system share sheet where the browser has
 * one (Web Share API), else the link is copied. Either way it counts as the spec's `social_share`
 * micro-conversion (consent-gated). It needs JavaScript, so it shows once the page has hydrated;
 * until then an invisible twin of the same size holds its place, so nothing around it moves when it
 * appears (on a slow phone the buttons beside it moved under the finger, and a tap on Message hit
 * the row instead).
 */
export function ShareButton({ path, title, label, compact = false, className = '' }: { path: string; title: string; label: string; compact?: boolean; className?: string }) {
  const ready = useHydrated();
  const classes = compact
    ? `inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/95 text-stone-800 shadow-sm ring-1 ring-stone-300 hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2 ${className}`
    : `inline-flex items-center gap-2 rounded-md border border-stone-300 px-5 py-3 font-semibold text-stone-900 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2 ${className}`;
  const content = (
    <>
      <Share2 className="h-4 w-4" aria-hidden="true" />
      {compact ? null : 'Share'}
    </>
  );
  if (!ready) {
    return (
      <span aria-hidden="true" className={`invisible ${classes}`}>
        {content}
      </span>
    );
  }

  const share = async () => {
    const url = new URL(path, window.location.origin).href;
    if (typeof navigator.share === 'function' && (navigator.canShare?.({ title, url }) ?? true)) {
      try {
        await navigator.share({ title, url });
        trackFunnel('social_share');
      } catch (error) {
        // Closing the share sheet is not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        await copy(url);
      }
      return;
    }
    await copy(url);
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      trackFunnel('social_share');
      toast({ title: 'Link copied', description: 'Paste it anywhere to share.', variant: 'success' });
    } catch {
      toast({ title: 'Could not copy the link', description: url, variant: 'error' });
    }
  };

  return (
    <button
      type="button"
      onClick={() => void share()}
      data-cta="share"
      aria-label={compact ? label : undefined}
      className={classes}
    >
      {content}
    </button>
  );
}
