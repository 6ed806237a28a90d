import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TArtistProfile } from '../../../shared/contracts/artists.ts';
import { MESSAGE_TEXT_MAX } from '../../../shared/contracts/messaging.ts';
import { useOwnArtist } from '../../lib/auth.ts';
import { refreshConversations } from '../../lib/conversations.ts';
import { useOnlineStatus } from '../../lib/saved-copy.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { messagingErrorText, openInquiry } from './messaging-api.ts';

// The profile's own query key (the profile page fills the same entry), so a profile just seen is not fetched again.
const artistOptions = (slug: string) => queryOptions<TArtistProfile>({ queryKey: [`/api/artists/${encodeURIComponent(slug)}`] });

/**
 * /messages/new?artist={slug}: the profile's **Message** button. A first message to an artist before
 * booking; sending opens (or reuses) the inquiry conversation and goes to it. Signed-out visitors
 * reach it through sign-in (the page is protected) and come back here.
 */
export default function NewInquiryPage() {
  const [params] = useSearchParams();
  const slug = params.get('artist') ?? '';
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  const own = useOwnArtist<{ id: string }>();
  const artist = useQuery({ ...artistOptions(slug), enabled: slug.length > 0 });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!slug) {
    return (
      <div className="mx-auto max-w-xl px-4 py-12 text-center">
        <h1 className="text-2xl font-bold text-stone-950">Message an artist</h1>
        <p className="mt-2 text-stone-700">Open an artist’s profile and press Message to write to them.</p>
        <ButtonLink to="/artists" className="mt-4">Find an artist</ButtonLink>
      </div>
    );
  }
  if (artist.isPending) return <p role="status" className="px-4 py-12 text-center text-stone-600">Loading…</p>;
  if (!artist.data) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-12 text-center text-stone-800">
        <p>Could not load this artist. {messagingErrorText(artist.error)}</p>
        <Link to="/artists" className="mt-3 inline-block font-semibold text-amber-800 underline">All artists</Link>
      </div>
    );
  }
  const a = artist.data;
  const ownProfile = own.profile?.id === a.id;
  const closed = !a.acceptInquiries;
  const trimmed = text.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) {
      setError('Write a message first.');
      return;
    }
    if (trimmed.length > MESSAGE_TEXT_MAX) {
      setError(`Keep a message under ${MESSAGE_TEXT_MAX.toLocaleString('en-US')} characters.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { conversationId } = await openInquiry(a.slug, trimmed);
      void refreshConversations(queryClient);
      navigate(`/messages/${conversationId}`, { replace: true });
    } catch (err) {
      setError(messagingErrorText(err));
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <Link to={`/artists/${a.slug}`} className="text-sm font-medium text-amber-800 underline underline-offset-2">Back to {a.displayName}</Link>
      <div className="mt-4 flex items-center gap-3">
        <Avatar id={a.id} name={a.displayName} url={a.avatarUrl} size="lg" decorative />
        <h1 className="text-2xl font-bold text-stone-950">Message {a.displayName}</h1>
      </div>
      {ownProfile ? (
        <p className="mt-4 text-stone-700">This is your own profile. Clients write to you from here.</p>
      ) : closed ? (
        <div className="mt-4 rounded-md border border-stone-300 bg-stone-50 p-4 text-stone-800">
          <p>{a.displayName} is not taking messages before a booking. Book a consultation to talk about your idea; the booking has its own conversation.</p>
          <ButtonLink to={`/book/${a.id}`} className="mt-3">Book {a.displayName}</ButtonLink>
        </div>
      ) : (
        <form method="post" onSubmit={(e) => void submit(e)} noValidate aria-label={`Message ${a.displayName}`} className="mt-4 space-y-3">
          <p className="text-sm text-stone-700">
            Ask about availability, a design idea or prices before you book. {a.displayName} replies here, and you will find the conversation under Messages.
          </p>
          <div>
            <label htmlFor={`${id}-text`} className="block text-sm font-medium text-stone-900">Your message</label>
            <textarea
              id={`${id}-text`}
              name="text"
              rows={6}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="mt-1 block w-full rounded-md border border-stone-400 px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600 aria-[invalid=true]:border-red-700"
            />
            {error ? <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">{error}</p> : null}
          </div>
          <Button type="submit" data-cta="send-inquiry" disabled={busy || !online}>{busy ? 'Sending…' : 'Send message'}</Button>
          {!online ? <p className="text-sm text-stone-600">You are offline. A first message needs a connection.</p> : null}
        </form>
      )}
    </div>
  );
}
