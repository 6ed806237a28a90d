import { MessagesSquare } from 'lucide-react';
import { MessagesLayout } from './messages-layout.tsx';

/** /messages: the conversation list (and, on wide screens, room for the thread). */
export default function MessagesPage() {
  return (
    <MessagesLayout>
      <div className="flex flex-1 flex-col items-center justify-center p-8 text-center text-stone-600">
        <MessagesSquare className="h-10 w-10 text-stone-400" aria-hidden="true" />
        <p className="mt-3">Choose a conversation to read it.</p>
      </div>
    </MessagesLayout>
  );
}
