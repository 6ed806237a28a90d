import type { ReactNode } from 'react';
import { ConversationList } from './conversation-list.tsx';

/**
 * The list beside the open thread on wide screens; on phones they are two screens: `/messages` shows
 * the list, `/messages/{id}` the thread with a way back.
 */
export function MessagesLayout({ activeId, children }: { activeId?: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-6xl border-stone-200 lg:border-x">
      <div className={`${activeId ? 'hidden lg:flex' : 'flex'} w-full flex-col lg:w-96 lg:shrink-0 lg:border-r lg:border-stone-200`}>
        <ConversationList {...(activeId ? { activeId } : {})} />
      </div>
      <div className={`${activeId ? 'flex' : 'hidden lg:flex'} min-w-0 flex-1 flex-col`}>{children}</div>
    </div>
  );
}
