import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Send, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_MAX_IMAGES, MESSAGE_TEXT_MAX, type TMessageImage } from '../../../shared/contracts/messaging.ts';
import { UPLOAD_ACCEPT } from '../../../shared/contracts/portfolio.ts';
import { queueMessage } from '../../lib/outbox.ts';
import { photoProblem } from '../../lib/photo-check.ts';
import { realtime } from '../../lib/realtime.ts';
import { useOnlineStatus } from '../../lib/saved-copy.ts';
import { Button } from '../../ui/button.tsx';
import { messagingErrorText, sendPhotos, uploadMessagePhoto } from './messaging-api.ts';

/** A typing notice lasts TYPING_TTL_MS (5 s) on the other side; renewed at most this often while typing. */
const TYPING_RENEW_MS = 3_000;
/** The counter shows once a message gets this close to the limit. */
const COUNTER_FROM = MESSAGE_TEXT_MAX - 500;

type Upload = { name: string; percent: number } | null;

/**
 * Writes a message. Text goes through the outbox (lib/outbox.ts): it shows at once as pending and
 * is sent when it can be, offline too. Photos need a connection for their upload; a message with
 * photos is posted directly once they are uploaded.
 */
export function Composer({ conversationId, viewerId, otherName }: { conversationId: string; viewerId: string; otherName: string }) {
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  const id = useId();
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<TMessageImage[]>([]);
  const [upload, setUpload] = useState<Upload>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);

  const trimmed = text.trim();
  const tooLong = trimmed.length > MESSAGE_TEXT_MAX;
  const canSend = !sending && !upload && !tooLong && (trimmed.length > 0 || photos.length > 0);

  const noteTyping = () => {
    const now = Date.now();
    // Only over a live socket: a typing notice queued for later would announce typing that stopped.
    if (now - lastTyping.current < TYPING_RENEW_MS || !realtime().isConnected()) return;
    lastTyping.current = now;
    realtime().send({ type: 'typing', conversationId });
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) {
      if (tooLong) setError(`Keep a message under ${MESSAGE_TEXT_MAX.toLocaleString('en-US')} characters.`);
      return;
    }
    setError(null);
    lastTyping.current = 0;
    if (photos.length === 0) {
      setText('');
      await queueMessage(queryClient, { conversationId, text: trimmed, viewerId });
      return;
    }
    setSending(true);
    try {
      await sendPhotos(queryClient, conversationId, viewerId, trimmed, photos.map((p) => p.id));
      setText('');
      setPhotos([]);
    } catch (err) {
      setError(`Not sent: ${messagingErrorText(err)}`);
    } finally {
      setSending(false);
    }
  };

  // Enter sends, Shift+Enter starts a new line (as in every chat app); composing (IME) never sends.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const onFiles = async (files: File[]) => {
    setError(null);
    const room = MESSAGE_MAX_IMAGES - photos.length;
    if (files.length > room) {
      setError(`A message can carry ${MESSAGE_MAX_IMAGES} photos${room > 0 ? `; you can add ${room} more` : ''}.`);
      return;
    }
    for (const file of files) {
      const problem = photoProblem(file);
      if (problem) {
        setError(problem);
        return;
      }
    }
    for (const file of files) {
      setUpload({ name: file.name, percent: 0 });
      try {
        const image = await uploadMessagePhoto(conversationId, file, (p) => setUpload({ name: file.name, percent: Math.round(p.fraction * 100) }));
        setPhotos((list) => [...list, image]);
      } catch (err) {
        setError(`“${file.name}” was not added: ${messagingErrorText(err)}`);
        break;
      } finally {
        setUpload(null);
      }
    }
  };

  return (
    <form method="post" onSubmit={(e) => void submit(e)} aria-label={`Message ${otherName}`} className="border-t border-stone-200 bg-white p-3">
      {photos.length > 0 ? (
        <ul aria-label="Photos to send" className="mb-2 flex flex-wrap gap-2">
          {photos.map((p, i) => (
            <li key={p.id} className="relative">
              <img src={p.thumbUrl} alt={`Photo ${i + 1} to send`} width={64} height={64} className="h-16 w-16 rounded-md object-cover" />
              <button
                type="button"
                onClick={() => setPhotos((list) => list.filter((x) => x.id !== p.id))}
                aria-label={`Remove photo ${i + 1}`}
                className="absolute -right-2 -top-2 inline-flex h-6 w-6 items-center justify-center rounded-full bg-stone-900 text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600"
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {upload ? (
        <div className="mb-2 text-xs text-stone-700">
          <label htmlFor={`${id}-progress`}>Uploading {upload.name}</label>
          <progress id={`${id}-progress`} max={100} value={upload.percent} className="ml-2 h-2 w-40 align-middle accent-amber-600">
            {upload.percent}%
          </progress>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          accept={UPLOAD_ACCEPT}
          multiple
          hidden
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            void onFiles(files);
          }}
        />
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          disabled={!online || Boolean(upload) || photos.length >= MESSAGE_MAX_IMAGES}
          title={online ? 'Add photos' : 'Photos need a connection'}
          aria-label={online ? 'Add photos' : 'Add photos (needs a connection)'}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md border border-stone-300 text-stone-800 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 disabled:cursor-not-allowed disabled:text-stone-400"
        >
          <ImagePlus className="h-5 w-5" aria-hidden="true" />
        </button>
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-text`} className="sr-only">Message</label>
          <textarea
            id={`${id}-text`}
            name="text"
            rows={1}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value.trim()) noteTyping();
            }}
            onKeyDown={onKeyDown}
            placeholder={`Message ${otherName}`}
            aria-invalid={tooLong || undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="block max-h-40 min-h-10 w-full resize-y rounded-md border border-stone-400 px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600 aria-[invalid=true]:border-red-700"
          />
        </div>
        <Button type="submit" disabled={!canSend} aria-label="Send">
          <Send className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">Send</span>
        </Button>
      </div>
      {trimmed.length >= COUNTER_FROM ? (
        <p className={`mt-1 text-xs ${tooLong ? 'text-red-700' : 'text-stone-600'}`}>
          {trimmed.length.toLocaleString('en-US')} / {MESSAGE_TEXT_MAX.toLocaleString('en-US')} characters
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">{error}</p>
      ) : !online ? (
        <p className="mt-1 text-xs text-stone-600">You are offline. Messages you write now are sent when you are back online.</p>
      ) : null}
    </form>
  );
}
