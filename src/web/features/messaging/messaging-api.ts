import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { REPORT_REASONS, TConversation, TConversationList, TInquiryResult, TMessage, TMessageImage } from '../../../shared/contracts/messaging.ts';
import { ApiError, apiRequest, isNetworkError } from '../../lib/api.ts';
import { applyMessage, CONVERSATIONS_PATH, conversationPath, refreshConversations, updateInList } from '../../lib/conversations.ts';
import { errorMessage } from '../../lib/errors.ts';
import { uploadWithProgress, type UploadProgress } from '../../lib/upload.ts';

/** Words for a failed messaging call; the server's own message when it has one (blocked, limits). */
export function messagingErrorText(error: unknown): string {
  if (isNetworkError(error)) return error.message;
  if (!(error instanceof ApiError)) return errorMessage(error);
  const message = error.body?.message;
  if (error.status === 401) return 'Your session has ended. Sign in again to continue.';
  if (error.status === 404) return message ?? 'We could not find this conversation.';
  if (error.status === 429) return message ?? 'Too many messages in a short time. Wait a minute and try again.';
  if (error.status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  return message ?? errorMessage(error);
}

/** The viewer read the conversation: the server tells the other person (read receipt); the lists drop its unread count. */
export async function markConversationRead(queryClient: QueryClient, conversation: TConversation): Promise<void> {
  await apiRequest('POST', `${conversationPath(conversation.id)}/read`);
  const clear = (c: TConversation) => (c.unreadCount === 0 ? c : { ...c, unreadCount: 0 });
  queryClient.setQueryData<TConversation>([conversationPath(conversation.id)], (c) => (c ? clear(c) : c));
  for (const query of queryClient.getQueryCache().findAll({ predicate: (q) => typeof q.queryKey[0] === 'string' && (q.queryKey[0] === CONVERSATIONS_PATH || q.queryKey[0].startsWith(`${CONVERSATIONS_PATH}?`)) })) {
    const data = query.state.data as InfiniteData<TConversationList> | undefined;
    const next = data && updateInList(data, conversation.id, clear, false);
    if (next && next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}

/** Block or unblock the other person of a conversation; everything about the conversation is fetched again. */
export async function setBlocked(queryClient: QueryClient, conversationId: string, blocked: boolean): Promise<void> {
  await apiRequest(blocked ? 'POST' : 'DELETE', `${conversationPath(conversationId)}/block`);
  await refreshConversations(queryClient);
}

export type TReport = { reason: (typeof REPORT_REASONS)[number]; note?: string };

export async function reportMessage(messageId: string, report: TReport): Promise<void> {
  await apiRequest('POST', `/api/messages/${encodeURIComponent(messageId)}/report`, report);
}

/** One photo for a message, with progress; re-encoded and stripped of EXIF/GPS by the server. */
export function uploadMessagePhoto(conversationId: string, file: File, onProgress: (p: UploadProgress) => void): Promise<TMessageImage> {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<TMessageImage>(`${conversationPath(conversationId)}/photos`, form, onProgress);
}

/** Photos (with optional words) are sent at once rather than through the outbox: their upload needs a connection anyway. */
export async function sendPhotos(queryClient: QueryClient, conversationId: string, viewerId: string, text: string, imageIds: string[]): Promise<TMessage> {
  const res = await apiRequest('POST', `${conversationPath(conversationId)}/messages`, { text, clientMessageId: crypto.randomUUID(), imageIds });
  const message = (await res.json()) as TMessage;
  applyMessage(queryClient, message, viewerId);
  return message;
}

/** POST /api/artists/{idOrSlug}/inquiries: opens (or reuses) the conversation and answers it. */
export async function openInquiry(artistIdOrSlug: string, text: string): Promise<TInquiryResult> {
  const res = await apiRequest('POST', `/api/artists/${encodeURIComponent(artistIdOrSlug)}/inquiries`, { text, clientMessageId: crypto.randomUUID() });
  return (await res.json()) as TInquiryResult;
}
