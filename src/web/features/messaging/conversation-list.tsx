import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Image as ImageIcon, MessagesSquare, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BOOKING_STATUS_LABELS, type TBookingStatus } from '../../../shared/booking-rules.ts';
import type { TConversation } from '../../../shared/contracts/messaging.ts';
import { useAuth } from '../../lib/auth.ts';
import { useBrowserZone } from '../../lib/browser-zone.ts';
import { CONVERSATIONS_PATH, conversationListOptions } from '../../lib/conversations.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { SavedNote } from '../../ui/saved-note.tsx';
import { messagingErrorText } from './messaging-api.ts';
import { listTime } from './thread-model.ts';
import { LoadError } from '../../ui/load-error.tsx';

const SEARCH_DELAY_MS = 300;

export const isConversationPath = (path: string) => path === CONVERSATIONS_PATH || path.startsWith(`${CONVERSATIONS_PATH}?`) || path.startsWith(`${CONVERSATIONS_PATH}/`);

export function bookingSummary(booking: NonNullable<TConversation['booking']>, zone: string | null): string {
  const status = BOOKING_STATUS_LABELS[booking.status as TBookingStatus] ?? booking.status;
  const when = zone ? new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(booking.startsAt)) : null;
  return [booking.serviceName, when, status].filter(Boolean).join(' · ');
}

function lastMessageText(c: TConversation, viewerId: string | undefined): string {
  const last = c.lastMessage;
  if (!last) return c.bookingId ? 'No messages yet. Say hello.' : 'No messages yet.';
  const who = last.senderId === viewerId ? 'You: ' : '';
  if (last.text) return `${who}${last.text}`;
  return `${who}${last.imageCount === 1 ? 'a photo' : `${last.imageCount} photos`}`;
}

function ConversationItem({ c, active, viewerId, zone, now }: { c: TConversation; active: boolean; viewerId: string | undefined; zone: string | null; now: number }) {
  const unread = c.unreadCount > 0;
  return (
    <li>
      <Link
        to={`/messages/${c.id}`}
        aria-current={active ? 'page' : undefined}
        className={`flex gap-3 px-4 py-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-amber-600 ${active ? 'bg-amber-50' : 'hover:bg-stone-50'}`}
      >
        <Avatar id={c.other.userId} name={c.other.name} url={c.other.avatarUrl} size="md" decorative />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={`truncate ${unread ? 'font-bold text-stone-950' : 'font-semibold text-stone-900'}`}>{c.other.name}</span>
            {c.lastMessage && zone ? (
              <time dateTime={c.lastMessage.createdAt} className="shrink-0 text-xs text-stone-600">{listTime(c.lastMessage.createdAt, now, zone)}</time>
            ) : null}
          </span>
          <span className="block truncate text-xs text-stone-600">{c.booking ? bookingSummary(c.booking, zone) : 'Inquiry before booking'}</span>
          <span className="mt-0.5 flex items-center justify-between gap-2">
            <span className={`flex min-w-0 items-center gap-1 truncate text-sm ${unread ? 'font-medium text-stone-950' : 'text-stone-700'}`}>
              {c.lastMessage && !c.lastMessage.text && c.lastMessage.imageCount > 0 ? <ImageIcon className="h-3.5 w-3.5 shrink-0" aria-hidden="true" /> : null}
              <span className="truncate">{lastMessageText(c, viewerId)}</span>
            </span>
            {unread ? (
              <span data-testid="unread-count" className="shrink-0 rounded-full bg-amber-700 px-2 py-0.5 text-xs font-bold text-white">
                {c.unreadCount}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** A search that works before hydration (a GET form: the query is not secret) and filters as you type after. */
function SearchBox() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const apply = (value: string) => setParams((prev) => {
    const next = new URLSearchParams(prev);
    if (value.trim()) next.set('q', value.trim());
    else next.delete('q');
    return next;
  }, { replace: true });
  return (
    <form
      role="search"
      action="/messages"
      onSubmit={(e) => {
        e.preventDefault();
        apply(text);
      }}
      className="border-b border-stone-200 p-3"
    >
      <label htmlFor="conversation-search" className="sr-only">Search conversations by name or message</label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-stone-500" aria-hidden="true" />
        <input
          id="conversation-search"
          name="q"
          type="search"
          value={text}
          placeholder="Search by name or message"
          maxLength={100}
          onChange={(e) => {
            const value = e.target.value;
            setText(value);
            if (timer.current) clearTimeout(timer.current);
            timer.current = setTimeout(() => apply(value), SEARCH_DELAY_MS);
          }}
          className="block w-full rounded-md border border-stone-400 py-2 pl-8 pr-3 text-sm text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600"
        />
      </div>
    </form>
  );
}

/** The conversation list (`/messages`, and beside a thread on wide screens). */
export function ConversationList({ activeId }: { activeId?: string }) {
  // Beside an open thread the thread's person is the page's heading.
  const Heading = activeId ? 'h2' : 'h1';
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const { user } = useAuth();
  const zone = useBrowserZone();
  const list = useInfiniteQuery(conversationListOptions(queryClient, q));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  // "Now" moves when the list changes (a live message updates it), not on a timer: an idle page costs nothing.
  const [mountedAt] = useState(() => Date.now());
  const now = Math.max(mountedAt, list.dataUpdatedAt);
  return (
    <section aria-labelledby="conversations-heading" className="flex min-h-0 flex-1 flex-col">
      <Heading id="conversations-heading" className="border-b border-stone-200 px-4 py-3 text-xl font-bold text-stone-950">Messages</Heading>
      <SearchBox />
      <div className="px-3 pt-2 empty:hidden">
        <SavedNote matches={isConversationPath} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending ? (
          <p role="status" className="px-4 py-8 text-center text-sm text-stone-600">Loading conversations…</p>
        ) : list.isError && items.length === 0 ? (
          <LoadError className="m-4" onRetry={() => void list.refetch()}>Could not load your conversations. {messagingErrorText(list.error)}</LoadError>
        ) : items.length === 0 ? (
          <div className="px-6 py-10 text-center">
            <MessagesSquare className="mx-auto h-8 w-8 text-stone-400" aria-hidden="true" />
            {q ? (
              <p className="mt-3 font-medium text-stone-950">No conversations match “{q}”.</p>
            ) : (
              <>
                <p className="mt-3 font-medium text-stone-950">No conversations yet</p>
                <p className="mt-1 text-sm text-stone-600">Each booking has its conversation, and you can message an artist from their profile before booking.</p>
                <Link to="/artists" className="mt-3 inline-flex text-sm font-semibold text-amber-800 underline underline-offset-2">Find an artist</Link>
              </>
            )}
          </div>
        ) : (
          <ul aria-label="Conversations" className="divide-y divide-stone-200">
            {items.map((c) => (
              <ConversationItem key={c.id} c={c} active={c.id === activeId} viewerId={user?.id} zone={zone} now={now} />
            ))}
          </ul>
        )}
        {list.hasNextPage ? (
          <div className="p-3 text-center">
            <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? 'Loading…' : 'More conversations'}
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
