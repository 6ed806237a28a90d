import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MESSAGE_TEXT_MAX } from '../../../shared/contracts/messaging.ts';
import { flattenMessages, messagesOptions } from '../../lib/conversations.ts';
import { queueMessage, useOutbox } from '../../lib/outbox.ts';
import { Button } from '../../ui/button.tsx';
import { formatClock } from './call-time.ts';

/** How many of the latest messages show beside the video; the full thread is one link away. */
const SHOWN = 30;

/**
 * The booking's conversation beside the call: the latest messages (kept live by the tab's realtime
 * client, which writes incoming messages into this cache) and a one-line box that sends through the
 * outbox like the thread page does.
 */
export function CallChat({ conversationId, viewerId, otherName, zone }: { conversationId: string; viewerId: string; otherName: string; zone: string }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [text, setText] = useState('');
  const { data, error, isPending } = useInfiniteQuery(messagesOptions(queryClient, conversationId));
  const pending = useOutbox(conversationId);
  const messages = flattenMessages(data).slice(-SHOWN);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || trimmed.length > MESSAGE_TEXT_MAX) return;
    setText('');
    await queueMessage(queryClient, { conversationId, text: trimmed, viewerId });
  };
  return (
    <section aria-labelledby="call-chat-h" className="flex flex-col rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="call-chat-h" className="font-semibold text-stone-900">
        Messages with {otherName}
      </h2>
      <ol aria-live="polite" className="mt-2 max-h-64 space-y-2 overflow-y-auto text-sm">
        {isPending ? <li className="text-stone-700">Loading messages…</li> : null}
        {error ? <li className="text-red-800">Messages could not be loaded.</li> : null}
        {!isPending && !error && messages.length === 0 && pending.length === 0 ? <li className="text-stone-700">No messages yet.</li> : null}
        {messages.map((m) => (
          <li key={m.id} className={m.senderId === viewerId ? 'text-right' : ''}>
            <span className={`inline-block rounded-lg px-3 py-1.5 ${m.senderId === viewerId ? 'bg-stone-900 text-white' : 'bg-stone-100 text-stone-900'}`}>{m.text || `${m.images.length} photo(s)`}</span>
            <span className="block text-xs text-stone-600">
              <span className="sr-only">{m.senderId === viewerId ? 'You' : otherName}, </span>
              <time dateTime={m.createdAt}>{formatClock(m.createdAt, zone)}</time>
            </span>
          </li>
        ))}
        {pending.map((p) => (
          <li key={p.clientMessageId} className="text-right">
            <span className="inline-block rounded-lg bg-stone-300 px-3 py-1.5 text-stone-900">{p.text}</span>
            <span className="block text-xs text-stone-600">{p.error ? 'Not sent' : 'Sending…'}</span>
          </li>
        ))}
      </ol>
      <form method="post" onSubmit={(e) => void submit(e)} className="mt-3 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Message to {otherName}
        </label>
        <input id={inputId} value={text} maxLength={MESSAGE_TEXT_MAX} onChange={(e) => setText(e.target.value)} className="min-w-0 flex-1 rounded-md border border-stone-400 px-3 py-2" />
        <Button type="submit" aria-label={`Send to ${otherName}`} disabled={!text.trim()}>
          <Send className="h-4 w-4" aria-hidden="true" />
        </Button>
      </form>
      <Link to={`/messages/${conversationId}`} className="mt-2 text-sm font-medium text-stone-900 underline underline-offset-2">
        Open the whole conversation
      </Link>
    </section>
  );
}
