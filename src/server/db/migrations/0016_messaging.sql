-- Messaging and realtime (issue 12, decision 0018). Tables from the schema (drizzle-kit), then by hand:
-- append_user_event() gives each event a user's next sequence number in the caller's transaction and
-- NOTIFYs its ids; triggers make every booking open its conversation, and every notification and
-- booking change an event, whichever code path writes them; existing bookings get their conversation.
CREATE TYPE "public"."message_report_reason" AS ENUM('spam', 'harassment', 'inappropriate', 'scam', 'other');--> statement-breakpoint
CREATE TABLE "conversation_participants" (
	"conversation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"last_read_at" timestamp with time zone,
	"last_emailed_at" timestamp with time zone,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_participants_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid,
	"client_id" text NOT NULL,
	"artist_id" uuid NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	"message_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" "message_report_reason" NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"client_message_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_relay" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "realtime_relay_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"frame" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "user_event_counters" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_events" (
	"user_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"ref_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_events_user_id_seq_pk" PRIMARY KEY("user_id","seq"),
	CONSTRAINT "user_events_seq_positive" CHECK ("user_events"."seq" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_unread_messages" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "artist_profiles" ADD COLUMN "accept_inquiries" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_artist_id_artist_profiles_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_images" ADD CONSTRAINT "message_images_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_images" ADD CONSTRAINT "message_images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_images" ADD CONSTRAINT "message_images_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_event_counters" ADD CONSTRAINT "user_event_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_events" ADD CONSTRAINT "user_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_participants_user_idx" ON "conversation_participants" USING btree ("user_id","last_message_at","conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_booking_idx" ON "conversations" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_inquiry_pair_idx" ON "conversations" USING btree ("client_id","artist_id") WHERE "conversations"."booking_id" IS NULL;--> statement-breakpoint
CREATE INDEX "message_images_message_idx" ON "message_images" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "message_images_owner_idx" ON "message_images" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_reports_message_reporter_idx" ON "message_reports" USING btree ("message_id","reporter_id");--> statement-breakpoint
CREATE INDEX "message_reports_created_idx" ON "message_reports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_id_idx" ON "messages" USING btree ("sender_id","client_message_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "realtime_relay_created_idx" ON "realtime_relay" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "user_events_created_idx" ON "user_events" USING btree ("created_at");--> statement-breakpoint
CREATE FUNCTION append_user_event(p_user_id text, p_kind text, p_ref_id uuid, p_data jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE next_seq bigint;
BEGIN
  -- The counter row is locked until the transaction ends: a concurrent change for the same person
  -- waits, so numbers are never shared or skipped and commit in order.
  INSERT INTO user_event_counters AS c (user_id, last_seq) VALUES (p_user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET last_seq = c.last_seq + 1
    RETURNING c.last_seq INTO next_seq;
  INSERT INTO user_events (user_id, seq, kind, ref_id, data) VALUES (p_user_id, next_seq, p_kind, p_ref_id, COALESCE(p_data, '{}'::jsonb));
  -- Ids only: a listener reads the row. Delivered at commit, never for a rolled-back change.
  PERFORM pg_notify('inkhaven_user_events', p_user_id || ':' || next_seq);
  RETURN next_seq;
END
$$;--> statement-breakpoint
CREATE FUNCTION open_booking_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE conversation uuid;
BEGIN
  INSERT INTO conversations (booking_id, client_id, artist_id, last_message_at)
    VALUES (NEW.id, NEW.client_id, NEW.artist_id, NEW.created_at)
    ON CONFLICT DO NOTHING RETURNING id INTO conversation;
  IF conversation IS NOT NULL THEN
    INSERT INTO conversation_participants (conversation_id, user_id, last_message_at)
      SELECT conversation, p.user_id, NEW.created_at
      FROM (SELECT NEW.client_id AS user_id UNION SELECT a.user_id FROM artist_profiles a WHERE a.id = NEW.artist_id) p
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER bookings_open_conversation AFTER INSERT ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION open_booking_conversation();--> statement-breakpoint
-- One booking.updated per booking, client and artist and statement (a new instant booking writes three events at once).
CREATE FUNCTION booking_events_to_user_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE target record;
BEGIN
  -- In user id order, so two transactions never take two people's counters in opposite orders.
  FOR target IN
    SELECT DISTINCT people.user_id, people.booking_id FROM (
      SELECT b.client_id AS user_id, b.id AS booking_id FROM new_events e JOIN bookings b ON b.id = e.booking_id
      UNION
      SELECT a.user_id, b.id FROM new_events e JOIN bookings b ON b.id = e.booking_id JOIN artist_profiles a ON a.id = b.artist_id
    ) people ORDER BY people.user_id, people.booking_id
  LOOP
    PERFORM append_user_event(target.user_id, 'booking.updated', target.booking_id, '{}'::jsonb);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER booking_events_user_events AFTER INSERT ON "booking_events"
  REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION booking_events_to_user_events();--> statement-breakpoint
-- Per statement, in user id order like above: one statement notifies several people (a booking's two).
CREATE FUNCTION notifications_to_user_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE target record;
BEGIN
  FOR target IN SELECT n.user_id, n.id FROM new_notifications n ORDER BY n.user_id, n.created_at, n.id LOOP
    PERFORM append_user_event(target.user_id, 'notification', target.id, '{}'::jsonb);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER notifications_user_events AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS new_notifications
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_to_user_events();--> statement-breakpoint
INSERT INTO conversations (booking_id, client_id, artist_id, last_message_at)
  SELECT b.id, b.client_id, b.artist_id, b.created_at FROM bookings b;--> statement-breakpoint
INSERT INTO conversation_participants (conversation_id, user_id, last_message_at)
  SELECT c.id, c.client_id, c.last_message_at FROM conversations c
  UNION
  SELECT c.id, a.user_id, c.last_message_at FROM conversations c JOIN artist_profiles a ON a.id = c.artist_id;
