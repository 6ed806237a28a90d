import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Ban, CalendarDays, Flag, Loader2 } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { REPORT_REASONS, type TConversation, type TMessage } from '../../../shared/contracts/messaging.ts';
import { TYPING_TTL_MS, type TServerFrame } from '../../../shared/contracts/realtime.ts';
import { ApiError } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth.ts';
import { useBrowserZone } from '../../lib/browser-zone.ts';
import { conversationOptions, flattenMessages, messagesOptions } from '../../lib/conversations.ts';
import { discardMessage, retryMessage, useOutbox, type OutboxItem } from '../../lib/outbox.ts';
import { realtime, useRealtimeFrames } from '../../lib/realtime.ts';
import { useOnlineStatus } from '../../lib/saved-copy.ts';
import { toast } from '../../lib/toast.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { SavedNote } from '../../ui/saved-note.tsx';
import { Composer } from './composer.tsx';
import { bookingSummary, isConversationPath } from './conversation-list.tsx';
import { markConversationRead, messagingErrorText, reportMessage, setBlocked, type TReport } from './messaging-api.ts';
import { DELIVERY_LABEL, deliveryOf, timeOfDay, withDaySeparators, type Delivery } from './thread-model.ts';
import { LoadError } from '../../ui/load-error.tsx';

type Entry = { key: string; createdAt: string; mine: boolean; message: TMessage | null; pending: OutboxItem | null };

const REASON_LABEL: Record<(typeof REPORT_REASONS)[number], string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  inappropriate: 'Inappropriate content',
  scam: 'Scam or fraud',
  other: 'Something else',
};

/** "Rosa is typing…" for as long as typing notices keep coming (each lasts TYPING_TTL_MS). */
function TypingIndicator({ conversationId, otherUserId, otherName }: { conversationId: string; otherUserId: string; otherName: string }) {
  const [until, setUntil] = useState(0);
  useRealtimeFrames((frame: TServerFrame) => {
    if (frame.type === 'typing' && frame.conversationId === conversationId && frame.userId === otherUserId) setUntil(Date.now() + TYPING_TTL_MS);
    // Their message arrived: they stopped typing it.
    if (frame.type === 'message' && frame.message.conversationId === conversationId && frame.message.senderId === otherUserId) setUntil(0);
  });
  useEffect(() => {
    if (until === 0) return;
    const timer = setTimeout(() => setUntil(0), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);
  const firstName = otherName.split(/\s+/)[0] ?? otherName;
  return (
    <p aria-live="polite" className="h-5 px-4 text-xs italic text-stone-600">
      {until > 0 ? `${firstName} is typing…` : ''}
    </p>
  );
}

function ReportForm({ message, onDone }: { message: TMessage; onDone: () => void }) {
  const [reason, setReason] = useState<TReport['reason']>('spam');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await reportMessage(message.id, { reason, ...(note.trim() ? { note: note.trim() } : {}) });
      toast({ title: 'Message reported', description: 'Thank you. Our team will look at it.', variant: 'success' });
      onDone();
    } catch (err) {
      setError(messagingErrorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form method="post" onSubmit={(e) => void submit(e)} aria-label="Report this message" className="mt-2 space-y-2 rounded-md border border-stone-300 bg-white p-3 text-left text-sm text-stone-900">
      <label className="block">
        <span className="font-medium">Why are you reporting it?</span>
        <select value={reason} onChange={(e) => setReason(e.target.value as TReport['reason'])} className="mt-1 block w-full rounded-md border border-stone-400 px-2 py-1.5">
          {REPORT_REASONS.map((r) => (
            <option key={r} value={r}>{REASON_LABEL[r]}</option>
          ))}
        </select>
      </label>
      <label className="block">
        <span className="font-medium">Anything else we should know? (optional)</span>
        <textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} rows={2} className="mt-1 block w-full rounded-md border border-stone-400 px-2 py-1.5" />
      </label>
      {error ? <p role="alert" className="text-red-700">{error}</p> : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={busy}>{busy ? 'Reporting…' : 'Report'}</Button>
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}

function Bubble({ entry, zone, delivery, otherName, onRetry, onDiscard }: { entry: Entry; zone: string | null; delivery: Delivery | null; otherName: string; onRetry: () => void; onDiscard: () => void }) {
  const [reporting, setReporting] = useState(false);
  const text = entry.message?.text ?? entry.pending?.text ?? '';
  const images = entry.message?.images ?? [];
  const pending = entry.pending;
  return (
    <li className={`flex flex-col ${entry.mine ? 'items-end' : 'items-start'}`} data-pending={pending ? 'true' : undefined}>
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 sm:max-w-[70%] ${entry.mine ? 'rounded-br-sm bg-stone-900 text-white' : 'rounded-bl-sm bg-stone-100 text-stone-950'} ${pending ? 'opacity-80' : ''}`}
      >
        <span className="sr-only">{entry.mine ? 'You' : otherName}: </span>
        {images.length > 0 ? (
          <ul className="mb-1 grid grid-cols-2 gap-1" aria-label="Photos">
            {images.map((img, i) => (
              <li key={img.id}>
                <a href={img.url} target="_blank" rel="noopener" className="block rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
                  <img src={img.thumbUrl} alt={`Photo ${i + 1} from ${entry.mine ? 'you' : otherName}`} width={img.width} height={img.height} loading="lazy" className="h-32 w-full rounded-lg object-cover" />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {text ? <p className="whitespace-pre-wrap break-words">{text}</p> : null}
      </div>
      <p className="mt-0.5 flex items-center gap-2 px-1 text-xs text-stone-600">
        {zone ? <time dateTime={entry.createdAt}>{timeOfDay(entry.createdAt, zone)}</time> : null}
        {delivery ? (
          <span data-testid="delivery" className={delivery === 'failed' ? 'font-medium text-red-700' : ''}>
            {delivery === 'sending' ? <Loader2 className="mr-1 inline h-3 w-3 animate-spin" aria-hidden="true" /> : null}
            {DELIVERY_LABEL[delivery]}
          </span>
        ) : null}
        {!entry.mine && entry.message ? (
          <button type="button" onClick={() => setReporting((v) => !v)} aria-expanded={reporting} className="inline-flex items-center gap-1 rounded text-stone-600 underline-offset-2 hover:text-stone-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
            <Flag className="h-3 w-3" aria-hidden="true" /> Report<span className="sr-only"> this message</span>
          </button>
        ) : null}
      </p>
      {pending?.error ? (
        <div role="alert" className="mt-1 max-w-[85%] text-right text-xs text-red-800">
          <p>{pending.error}</p>
          <span className="mt-1 inline-flex gap-3">
            <button type="button" onClick={onRetry} className="font-semibold underline">Try again</button>
            <button type="button" onClick={onDiscard} className="font-semibold underline">Delete</button>
          </span>
        </div>
      ) : null}
      {reporting && entry.message ? <ReportForm message={entry.message} onDone={() => setReporting(false)} /> : null}
    </li>
  );
}

function BlockedNotice({ conversation, onToggle, busy }: { conversation: TConversation; onToggle: () => void; busy: boolean }) {
  if (conversation.blockedByMe) {
    return (
      <div role="status" className="border-t border-stone-200 bg-stone-50 p-4 text-sm text-stone-800">
        <p>
          <strong>You blocked {conversation.other.name}.</strong> Neither of you can send messages here while they are blocked. You can still read what was written.
        </p>
        <Button variant="secondary" className="mt-2" onClick={onToggle} disabled={busy}>Unblock {conversation.other.name}</Button>
      </div>
    );
  }
  return (
    <div role="status" className="border-t border-stone-200 bg-stone-50 p-4 text-sm text-stone-800">
      <p>
        <strong>{conversation.other.name} is not taking messages from you.</strong> You can still read this conversation{conversation.bookingId ? ', and your booking is not affected' : ''}.
      </p>
    </div>
  );
}

/** Marks the conversation read while it is on screen and the tab is visible (unread messages came in). */
function useReadWhileVisible(conversation: TConversation | undefined) {
  const queryClient = useQueryClient();
  const unread = conversation?.unreadCount ?? 0;
  const inFlight = useRef(false);
  useEffect(() => {
    if (!conversation || unread === 0) return;
    const markRead = () => {
      if (document.visibilityState !== 'visible' || inFlight.current) return;
      inFlight.current = true;
      markConversationRead(queryClient, conversation)
        .catch((error: unknown) => console.warn('Could not mark the conversation read', error))
        .finally(() => {
          inFlight.current = false;
        });
    };
    markRead();
    document.addEventListener('visibilitychange', markRead);
    return () => document.removeEventListener('visibilitychange', markRead);
  }, [queryClient, conversation, unread]);
}

/** The open conversation: header, messages by day, typing, and the composer (or why there is none). */
export function Thread({ conversationId }: { conversationId: string }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const zone = useBrowserZone();
  const online = useOnlineStatus();
  const conversationQuery = useQuery(conversationOptions(conversationId));
  const messages = useInfiniteQuery(messagesOptions(queryClient, conversationId));
  const outbox = useOutbox(conversationId);
  const [blockBusy, setBlockBusy] = useState(false);
  const conversation = conversationQuery.data;
  const viewerId = user?.id ?? '';

  useEffect(() => realtime().join(conversationId), [conversationId]);
  useReadWhileVisible(conversation);

  const entries = useMemo<Entry[]>(() => {
    const sent = flattenMessages(messages.data);
    const sentIds = new Set(sent.map((m) => m.clientMessageId));
    const fromServer = sent.map((m) => ({ key: m.id, createdAt: m.createdAt, mine: m.senderId === viewerId, message: m, pending: null }));
    // A message both confirmed and still in the outbox (the reply and the socket raced) shows once.
    const waiting = outbox.filter((o) => !sentIds.has(o.clientMessageId)).map((o) => ({ key: o.clientMessageId, createdAt: o.createdAt, mine: true, message: null, pending: o }));
    return [...fromServer, ...waiting];
  }, [messages.data, outbox, viewerId]);
  // "Today" is judged when the thread changes, not on a timer (no work while idle).
  const [mountedAt] = useState(() => Date.now());
  const now = Math.max(mountedAt, messages.dataUpdatedAt);
  const rows = useMemo(() => (zone ? withDaySeparators(entries, (e) => e.createdAt, (e) => e.key, zone, now) : entries.map((e) => ({ kind: 'item' as const, key: e.key, item: e }))), [entries, zone, now]);
  const lastMineSent = [...entries].reverse().find((e) => e.mine && e.message)?.key;

  // Stay at the newest message when something arrives (if the reader was there), and keep the
  // reader's place when older messages are loaded above.
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const heightBefore = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (heightBefore.current !== null) {
      el.scrollTop += el.scrollHeight - heightBefore.current;
      heightBefore.current = null;
    } else if (atBottom.current) el.scrollTop = el.scrollHeight;
  }, [rows]);
  const loadOlder = () => {
    heightBefore.current = scroller.current?.scrollHeight ?? null;
    void messages.fetchNextPage();
  };

  if (conversationQuery.isPending) return <p role="status" className="p-8 text-center text-stone-600">Loading conversation…</p>;
  if (!conversation) {
    const notFound = conversationQuery.error instanceof ApiError && conversationQuery.error.status === 404;
    return (
      <div role="alert" className="p-8 text-center text-stone-800">
        <p className="font-medium">{notFound ? 'This conversation does not exist, or you are not part of it.' : `Could not load this conversation. ${messagingErrorText(conversationQuery.error)}`}</p>
        {notFound ? null : <Button variant="secondary" className="mt-3" onClick={() => void conversationQuery.refetch()}>Try again</Button>}
        <Link to="/messages" className="mt-3 block font-semibold text-amber-800 underline underline-offset-2">All messages</Link>
      </div>
    );
  }

  const other = conversation.other;
  const blocked = conversation.blockedByMe || conversation.blockedByOther;
  const toggleBlock = async () => {
    if (!conversation.blockedByMe && !window.confirm(`Block ${other.name}? Neither of you will be able to send messages until you unblock them.`)) return;
    setBlockBusy(true);
    try {
      await setBlocked(queryClient, conversation.id, !conversation.blockedByMe);
      toast({ title: conversation.blockedByMe ? `${other.name} is unblocked` : `${other.name} is blocked`, variant: 'success' });
    } catch (err) {
      toast({ title: 'That did not work', description: messagingErrorText(err), variant: 'error' });
    } finally {
      setBlockBusy(false);
    }
  };

  const deliveryFor = (entry: Entry): Delivery | null => {
    if (entry.pending) return entry.pending.error ? 'failed' : entry.pending.sending ? 'sending' : online ? 'sending' : 'waiting';
    if (entry.key !== lastMineSent || !entry.message) return null;
    return deliveryOf(entry.message.createdAt, conversation.otherLastReadAt);
  };

  return (
    <section aria-labelledby="thread-heading" className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-stone-200 px-3 py-2.5">
        <Link to="/messages" className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-stone-800 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 lg:hidden">
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
          <span className="sr-only">All messages</span>
        </Link>
        <Avatar id={other.userId} name={other.name} url={other.avatarUrl} size="md" decorative />
        <div className="min-w-0 flex-1">
          <h1 id="thread-heading" className="truncate text-lg font-semibold text-stone-950">
            {other.artistSlug ? <Link to={`/artists/${other.artistSlug}`} className="hover:underline">{other.name}</Link> : other.name}
          </h1>
          {conversation.booking ? (
            <Link to={`/bookings/${conversation.booking.id}`} className="flex items-center gap-1 truncate text-xs text-amber-800 underline underline-offset-2">
              <CalendarDays className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">Booking: {bookingSummary(conversation.booking, zone)}</span>
            </Link>
          ) : (
            <p className="text-xs text-stone-600">Inquiry before booking</p>
          )}
        </div>
        {conversation.blockedByOther && !conversation.blockedByMe ? null : (
          <Button variant="ghost" className="shrink-0 px-2 text-sm" onClick={() => void toggleBlock()} disabled={blockBusy}>
            <Ban className="h-4 w-4" aria-hidden="true" />
            {conversation.blockedByMe ? 'Unblock' : 'Block'}
          </Button>
        )}
      </header>
      <div className="px-3 pt-2 empty:hidden">
        <SavedNote matches={isConversationPath} />
      </div>
      <div ref={scroller} onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
      }} className="min-h-0 flex-1 overflow-y-auto px-3 py-3" tabIndex={0} aria-label={`Messages with ${other.name}`} role="region">
        {messages.hasNextPage ? (
          <div className="mb-3 text-center">
            <Button variant="secondary" onClick={loadOlder} disabled={messages.isFetchingNextPage}>{messages.isFetchingNextPage ? 'Loading…' : 'Load older messages'}</Button>
          </div>
        ) : null}
        {messages.isPending ? (
          <p role="status" className="py-8 text-center text-sm text-stone-600">Loading messages…</p>
        ) : messages.isError && entries.length === 0 ? (
          <LoadError className="my-4" onRetry={() => void messages.refetch()}>Could not load the messages. {messagingErrorText(messages.error)}</LoadError>
        ) : entries.length === 0 ? (
          <p className="py-8 text-center text-sm text-stone-600">No messages yet. Say hello to {other.name}.</p>
        ) : (
          <ol aria-label="Messages" className="space-y-2">
            {rows.map((row) =>
              row.kind === 'day' ? (
                <li key={row.key} className="py-2 text-center text-xs font-medium text-stone-600">
                  <span className="rounded-full bg-stone-100 px-3 py-1">{row.label}</span>
                </li>
              ) : (
                <Bubble
                  key={row.key}
                  entry={row.item}
                  zone={zone}
                  delivery={row.item.mine ? deliveryFor(row.item) : null}
                  otherName={other.name}
                  onRetry={() => retryMessage(queryClient, row.item.key)}
                  onDiscard={() => discardMessage(row.item.key)}
                />
              ),
            )}
          </ol>
        )}
      </div>
      <TypingIndicator conversationId={conversation.id} otherUserId={other.userId} otherName={other.name} />
      {blocked ? (
        <BlockedNotice conversation={conversation} onToggle={() => void toggleBlock()} busy={blockBusy} />
      ) : (
        <Composer conversationId={conversation.id} viewerId={viewerId} otherName={other.name} />
      )}
    </section>
  );
}
