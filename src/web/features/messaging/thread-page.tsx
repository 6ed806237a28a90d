import { useParams } from 'react-router';
import { MessagesLayout } from './messages-layout.tsx';
import { Thread } from './thread.tsx';

/** /messages/{id}: one conversation. */
export default function ThreadPage() {
  const { id = '' } = useParams();
  return (
    <MessagesLayout activeId={id}>
      <Thread key={id} conversationId={id} />
    </MessagesLayout>
  );
}
