import { ArrowRight, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { useBrowserZone } from '../../lib/browser-zone.ts';
import { useDrafts } from './client-state.ts';
import { clearDraft, STEP_TITLES, STEPS, type BookingDraft } from './draft.ts';
import { dateTime } from './time.ts';

/** /booking: continue a booking started in this tab, or pick an artist first. */
export default function BookingStartPage() {
  // Drafts live in sessionStorage: null until hydrated, so the server's HTML stays the same.
  const drafts = useDrafts();
  const zone = useBrowserZone() ?? 'UTC';
  const [note, setNote] = useState('');

  const discard = (draft: BookingDraft) => {
    clearDraft(draft.artistId);
    setNote(`Discarded the booking with ${draft.artistName || 'that artist'}.`);
  };

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold text-stone-900">Book an artist</h1>
        <p className="mt-2 text-stone-700">Choose an artist, then a consultation, a session or one of their flash designs, and a time that suits you.</p>
      </header>

      <section aria-labelledby="drafts-heading" className="space-y-3">
        <h2 id="drafts-heading" className="text-xl font-semibold text-stone-900">Continue where you left off</h2>
        {drafts === null ? (
          <p role="status" className="text-stone-600">Looking for bookings in progress…</p>
        ) : drafts.length === 0 ? (
          <p className="text-stone-700">No booking in progress in this tab.</p>
        ) : (
          <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
            {drafts.map((draft) => (
              <li key={draft.artistId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <p className="font-semibold text-stone-900">{draft.artistName || 'An artist'}</p>
                  <p className="text-sm text-stone-700">
                    Step {STEPS.indexOf(draft.step) + 1} of {STEPS.length}: {STEP_TITLES[draft.step]}
                    {draft.slot ? (
                      <>
                        {' '}· <time dateTime={draft.slot.startsAt}>{dateTime(draft.slot.startsAt, zone)}</time>
                      </>
                    ) : null}
                  </p>
                  {draft.idea.trim() ? <p className="mt-1 line-clamp-2 text-sm text-stone-600">“{draft.idea.trim()}”</p> : null}
                </div>
                <div className="flex flex-none gap-2">
                  <ButtonLink to={`/book/${draft.artistId}`} aria-label={`Continue booking with ${draft.artistName || 'this artist'}`}>
                    Continue <ArrowRight className="h-4 w-4" aria-hidden="true" />
                  </ButtonLink>
                  <Button variant="ghost" onClick={() => discard(draft)} aria-label={`Discard booking with ${draft.artistName || 'this artist'}`}>
                    <Trash2 className="h-4 w-4" aria-hidden="true" /> Discard
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <p role="status" className="min-h-5 text-sm text-emerald-800">{note}</p>
      </section>

      <section aria-labelledby="pick-heading" className="space-y-3 rounded-lg bg-stone-50 p-6">
        <h2 id="pick-heading" className="text-xl font-semibold text-stone-900">Pick an artist first</h2>
        <p className="text-stone-700">Search by style, city, availability and deposit, then press “Book” on their profile. Or start from a ready-made flash design.</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <ButtonLink to="/artists">
            <Search className="h-4 w-4" aria-hidden="true" /> Find an artist
          </ButtonLink>
          <ButtonLink to="/flash" variant="secondary">Browse flash designs</ButtonLink>
        </div>
        <p className="text-sm text-stone-700">
          Already booked? Your bookings are on your <Link to="/dashboard" className="underline underline-offset-2">dashboard</Link>.
        </p>
      </section>
    </div>
  );
}
