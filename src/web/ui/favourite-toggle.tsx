import { Heart } from 'lucide-react';
import type { FormEvent } from 'react';
import { useLocation } from 'react-router';
import { FAVOURITE_FORM_PATH, type TFavouriteKind } from '../../shared/favourites.ts';
import { useFavourite } from '../lib/favourites.ts';

const STYLES = {
  /** A round heart over a card's picture. */
  icon: 'h-10 w-10 rounded-full bg-white/95 shadow-sm ring-1 ring-stone-300 hover:bg-white',
  /** "♥ Save" beside a profile's main actions. */
  labelled: 'gap-2 rounded-md border border-stone-300 bg-white px-5 py-3 font-semibold text-stone-900 hover:bg-stone-100 aria-pressed:border-rose-600 aria-pressed:bg-rose-50',
} as const;

/**
 * The heart that saves an artist or a flash design (issue 11 §2). A toggle button: its name stays
 * "Save {name}" and `aria-pressed` says whether it is saved (a name that flipped to "Saved" would
 * be announced as a different control).
 *
 * It is a form that posts, so it works before the page's JavaScript runs or without it: the server
 * saves or removes and sends the browser back here. Once hydrated, a signed-in press uses the JSON
 * API instead. A signed-out press always posts the form: the server remembers what was pressed,
 * sends the visitor to sign in, and saves it when they come back to this page.
 */
export function FavouriteToggle({ kind, id, name, variant = 'icon', className = '' }: { kind: TFavouriteKind; id: string; name: string; variant?: keyof typeof STYLES; className?: string }) {
  const location = useLocation();
  const favourite = useFavourite(kind, id, name);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!favourite.signedIn) return;
    event.preventDefault();
    favourite.toggle();
  };
  return (
    <form method="post" action={FAVOURITE_FORM_PATH} onSubmit={onSubmit} className={className}>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="intent" value={favourite.saved ? 'remove' : 'save'} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        aria-label={`Save ${name}`}
        aria-pressed={favourite.saved}
        title={favourite.saved ? 'Saved to your dashboard' : 'Save to your dashboard'}
        data-cta={`favourite-${kind}`}
        className={`inline-flex items-center justify-center focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2 ${STYLES[variant]}`}
      >
        <Heart className={`h-5 w-5 ${favourite.saved ? 'fill-rose-600 text-rose-600' : 'text-stone-800'}`} aria-hidden="true" />
        {/* The words stay "Save" (the name must hold what is shown); the filled heart shows it is saved. */}
        {variant === 'labelled' ? <span>Save</span> : null}
      </button>
    </form>
  );
}
