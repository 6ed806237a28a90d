import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_DELETE_FORM_PATH, ACCOUNT_EXPORT_PATH, BLOCK_FORM_PATH, type TBlocks } from '../../../shared/contracts/identity.ts';
import { errorMessage } from '../../lib/errors.ts';

const CARD = 'mt-8 rounded-lg border border-stone-200 bg-white p-6 shadow-sm';

/** The people I blocked, each with an Unblock form the browser posts itself. */
export function BlockedPeople() {
  const query = useQuery<TBlocks>({ queryKey: ['/api/blocks'], staleTime: 0 });
  return (
    <section aria-labelledby="blocked-heading" className={CARD}>
      <h2 id="blocked-heading" className="text-xl font-semibold text-stone-900">Blocked people</h2>
      <p className="mt-1 text-sm text-stone-700">Nobody you block can message you, and you cannot message them. Block someone from their profile or from a booking.</p>
      {query.isPending ? <p role="status" className="mt-3 text-stone-600">Loading…</p> : null}
      {query.isError ? <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">Could not load the list. {errorMessage(query.error)}</p> : null}
      {query.data && query.data.items.length === 0 ? <p className="mt-3 text-stone-700">You have not blocked anyone.</p> : null}
      {query.data && query.data.items.length > 0 ? (
        <ul className="mt-3 divide-y divide-stone-200">
          {query.data.items.map((p) => (
            <li key={p.userId} className="flex items-center justify-between gap-3 py-2">
              <span className="text-stone-900">{p.name}</span>
              <form method="post" action={BLOCK_FORM_PATH}>
                <input type="hidden" name="intent" value="unblock" />
                <input type="hidden" name="userId" value={p.userId} />
                <input type="hidden" name="returnTo" value="/account" />
                <button type="submit" className="rounded-md border border-stone-400 px-3 py-1.5 text-sm font-medium text-stone-900 hover:bg-stone-100">
                  Unblock<span className="sr-only"> {p.name}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** "Export my data" (a download link) and "Delete my account" (a form with the password, posted by the browser itself). */
export function AccountData() {
  return (
    <>
      <section aria-labelledby="export-heading" className={CARD}>
        <h2 id="export-heading" className="text-xl font-semibold text-stone-900">Export my data</h2>
        <p className="mt-1 text-sm text-stone-700">
          One JSON file with everything Inkhaven holds about you — your account, bookings, messages, reviews, favourites, notifications, reports and blocks — and every
          picture you uploaded, embedded in the file (base64).
        </p>
        <a data-cta="account-export" href={ACCOUNT_EXPORT_PATH} download className="mt-4 inline-block rounded-md bg-stone-900 px-4 py-2 font-medium text-white hover:bg-stone-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
          Download my data
        </a>
      </section>
      <section aria-labelledby="delete-heading" className={`${CARD} border-red-200`}>
        <h2 id="delete-heading" className="text-xl font-semibold text-red-900">Delete my account</h2>
        <p className="mt-1 text-sm text-stone-700">
          You are signed out everywhere and cannot sign in again. Your name becomes “Deleted user” and your e-mail address is removed. Your favourites, notifications,
          profile picture{' '}and, for artists, portfolio, flash and licences are deleted. Bookings stay, with what the other person needs of them (times, prices, deposits, the
          messages you exchanged); an artist profile with bookings is hidden from search and profiles.
        </p>
        <form method="post" action={ACCOUNT_DELETE_FORM_PATH} className="mt-4 max-w-sm space-y-3">
          <input type="hidden" name="returnTo" value="/account" />
          <div className="space-y-1">
            <label htmlFor="delete-password" className="block text-sm font-medium text-stone-900">Your password</label>
            <input id="delete-password" name="password" type="password" required autoComplete="current-password" className="block w-full rounded-md border border-stone-400 px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600" />
          </div>
          <button type="submit" className="rounded-md bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
            Delete my account for good
          </button>
        </form>
      </section>
    </>
  );
}
