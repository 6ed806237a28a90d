-- A send no longer NOTIFYs inside its transaction (issue 12 §4, the messaging benchmark; decision
-- 0018's addendum "announced after commit"). PostgreSQL serialises every committing transaction
-- that NOTIFYs on one lock for the whole cluster, held through the commit's WAL flush: at 200
-- messages/s the sends queued there (pg_stat_activity: Lock/object, IO/WALSync) while the server
-- sat idle. Now send_message() sets `inkhaven.announce_later` for its own statement, so
-- append_user_event() (called by it and by the notification trigger it fires) collects
-- "userId:seq" lines in `inkhaven.announced` instead of NOTIFYing; send_message() answers them as
-- `events`, and the server announces them once the statement has committed: to its own sockets at
-- once, to other processes in one batched NOTIFY without waiting for its flush. Every other caller
-- (read marks, booking and notification triggers outside a send) NOTIFYs in its transaction as before.
CREATE OR REPLACE FUNCTION append_user_event(p_user_id text, p_kind text, p_ref_id uuid, p_data jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE next_seq bigint;
BEGIN
  -- The counter row is locked until the transaction ends: a concurrent change for the same person
  -- waits, so numbers are never shared or skipped and commit in order.
  INSERT INTO user_event_counters AS c (user_id, last_seq) VALUES (p_user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET last_seq = c.last_seq + 1
    RETURNING c.last_seq INTO next_seq;
  INSERT INTO user_events (user_id, seq, kind, ref_id, data) VALUES (p_user_id, next_seq, p_kind, p_ref_id, COALESCE(p_data, '{}'::jsonb));
  IF current_setting('inkhaven.announce_later', true) = 'on' THEN
    PERFORM set_config('inkhaven.announced', current_setting('inkhaven.announced', true) || p_user_id || ':' || next_seq || E'\n', true);
  ELSE
    -- Ids only: a listener reads the row. Delivered at commit, never for a rolled-back change.
    PERFORM pg_notify('inkhaven_user_events', p_user_id || ':' || next_seq);
  END IF;
  RETURN next_seq;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION send_message(
  p_conversation uuid, p_artist uuid, p_sender text, p_recipient text, p_text text, p_client_message_id uuid,
  p_image_ids uuid[], p_preview text, p_thread_path text,
  p_job_kind text, p_job_payload jsonb, p_job_every_ms bigint, p_job_key_prefix text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  m messages%ROWTYPE;
  attached int;
  bucket bigint;
BEGIN
  -- This statement's events are announced by the server after it commits (see the top).
  PERFORM set_config('inkhaven.announce_later', 'on', true), set_config('inkhaven.announced', '', true);
  INSERT INTO messages (conversation_id, sender_id, text, client_message_id)
    VALUES (p_conversation, p_sender, p_text, p_client_message_id)
    ON CONFLICT (sender_id, client_message_id) DO NOTHING
    RETURNING * INTO m;
  IF NOT FOUND THEN
    PERFORM set_config('inkhaven.announce_later', 'off', true);
    RETURN NULL;
  END IF;
  UPDATE conversations SET last_message_at = m.created_at WHERE id = p_conversation;
  IF cardinality(p_image_ids) > 0 THEN
    UPDATE message_images SET message_id = m.id, position = array_position(p_image_ids, id)
      WHERE id = ANY (p_image_ids) AND owner_id = p_sender AND conversation_id = p_conversation AND message_id IS NULL;
    GET DIAGNOSTICS attached = ROW_COUNT;
    IF attached <> cardinality(p_image_ids) THEN
      RAISE EXCEPTION 'a photo is not the sender''s unsent upload in this conversation' USING ERRCODE = 'IH001';
    END IF;
  END IF;
  UPDATE conversation_participants
    SET last_message_at = m.created_at,
        last_read_at = CASE WHEN user_id = p_sender THEN m.created_at ELSE last_read_at END
    WHERE conversation_id = p_conversation;
  -- In user id order, as the notification and booking triggers take people (decision 0018).
  PERFORM append_user_event(LEAST(p_sender, p_recipient), 'message', m.id, '{}'::jsonb);
  PERFORM append_user_event(GREATEST(p_sender, p_recipient), 'message', m.id, '{}'::jsonb);
  -- Whoever writes in a thread has seen it: their own notice of it goes; the other person's comes
  -- (one unread notice per conversation; its trigger makes the `notification` event).
  UPDATE notifications SET read_at = now()
    WHERE user_id = p_sender AND type = 'message' AND action_url = p_thread_path AND read_at IS NULL;
  INSERT INTO notifications (user_id, type, title, message, action_url, action_label)
    SELECT p_recipient, 'message',
      'New message from ' || CASE WHEN ap.user_id = p_sender THEN ap.display_name ELSE u.name END,
      p_preview, p_thread_path, 'Open conversation'
    FROM artist_profiles ap, users u
    WHERE ap.id = p_artist AND u.id = p_sender
      AND NOT EXISTS (
        SELECT 1 FROM notifications n
        WHERE n.user_id = p_recipient AND n.type = 'message' AND n.action_url = p_thread_path AND n.read_at IS NULL
      );
  -- The unread e-mail check: one per conversation, recipient and period of sending (by the message's
  -- own time), due one period after that period ends; so no worker needs waking.
  bucket := floor(extract(epoch FROM m.created_at) * 1000 / p_job_every_ms)::bigint;
  INSERT INTO jobs (kind, payload, run_at, dedupe_key)
    VALUES (p_job_kind, p_job_payload, to_timestamp((bucket + 2) * p_job_every_ms / 1000.0), p_job_key_prefix || ':' || bucket)
    ON CONFLICT (dedupe_key) DO NOTHING;
  PERFORM set_config('inkhaven.announce_later', 'off', true);
  RETURN jsonb_build_object(
    'events', current_setting('inkhaven.announced'),
    'id', m.id,
    'conversationId', m.conversation_id,
    'senderId', m.sender_id,
    'text', m.text,
    'clientMessageId', m.client_message_id,
    'createdAt', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'images', COALESCE((
      SELECT jsonb_agg(jsonb_build_object('id', i.id, 'width', i.width, 'height', i.height) ORDER BY i.position)
      FROM message_images i WHERE i.message_id = m.id
    ), '[]'::jsonb)
  );
END
$$;
