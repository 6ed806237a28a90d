-- A reply's checks and its store in one statement (issue 12 §6, the messaging benchmark). A send
-- was two round trips: a read of the conversation, the clientMessageId and the blocks, then
-- send_message(). On PostgreSQL over TCP each statement costs the server a socket write
-- (`writev`, 35% of its busy time at 1,000 messages/s in a V8 profile), and on PGlite a statement's
-- fixed cost in the app's own thread. send_checked_message() runs the same checks, in the same
-- order, and stores the message with send_message() when they pass; it answers what the server
-- must do: `not_found` (no such conversation, or the sender is not in it), `used` (this
-- clientMessageId was sent before: the server answers that message, or a conflict if it is in
-- another conversation), `blocked_by_me` / `blocked_by_other`, `raced` (an identical send stored it
-- first) or `sent` with the message and its events, exactly as send_message() answers them.
CREATE OR REPLACE FUNCTION send_checked_message(
  p_conversation uuid, p_sender text, p_text text, p_client_message_id uuid, p_image_ids uuid[],
  p_preview text, p_thread_path text, p_job_kind text, p_job_every_ms bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  c record;
  recipient text;
  stored jsonb;
BEGIN
  SELECT cv.id, cv.client_id, cv.artist_id, ap.user_id AS artist_user_id INTO c
    FROM conversations cv JOIN artist_profiles ap ON ap.id = cv.artist_id
    WHERE cv.id = p_conversation;
  IF NOT FOUND OR (c.client_id <> p_sender AND c.artist_user_id <> p_sender) THEN
    RETURN jsonb_build_object('status', 'not_found');
  END IF;
  IF EXISTS (SELECT 1 FROM messages m WHERE m.sender_id = p_sender AND m.client_message_id = p_client_message_id) THEN
    RETURN jsonb_build_object('status', 'used');
  END IF;
  recipient := CASE WHEN c.client_id = p_sender THEN c.artist_user_id ELSE c.client_id END;
  IF EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = p_sender AND ub.blocked_id = recipient) THEN
    RETURN jsonb_build_object('status', 'blocked_by_me');
  END IF;
  IF EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = recipient AND ub.blocked_id = p_sender) THEN
    RETURN jsonb_build_object('status', 'blocked_by_other');
  END IF;
  -- The unread e-mail check is per conversation and recipient (jobs/handlers.ts reads this payload).
  stored := send_message(
    p_conversation, c.artist_id, p_sender, recipient, p_text, p_client_message_id, p_image_ids, p_preview, p_thread_path,
    p_job_kind, jsonb_build_object('conversationId', p_conversation, 'userId', recipient), p_job_every_ms,
    p_job_kind || ':' || p_conversation || ':' || recipient
  );
  IF stored IS NULL THEN
    RETURN jsonb_build_object('status', 'raced');
  END IF;
  RETURN jsonb_build_object('status', 'sent', 'message', stored);
END
$$;
