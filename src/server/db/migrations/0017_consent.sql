-- Consent forms (issue 13 §1, §4; decision 0021). Templates are versioned and signed forms sealed:
-- a trigger refuses UPDATE on both (and on the audit trail), so a stored version or form changes
-- only by someone bypassing the database's rules, which GET /api/consent-forms/{id}/verify detects.
-- Platform default templates have no artist (the server keeps them in step with its code at start).
-- A booking keeps the template in force when it became confirmed: a trigger on booking_events (the
-- one path every confirmation takes: acceptance, instant booking, deposit, Stripe) records it with
-- the audit trail's "created" row.
CREATE TABLE "consent_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_id" uuid,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_templates_kind_check" CHECK ("consent_templates"."kind" IN ('tattoo', 'piercing'))
);
--> statement-breakpoint
CREATE TABLE "consent_requests" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"template_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"sealed_data" bytea NOT NULL,
	"pdf" bytea NOT NULL,
	"pdf_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"client_id_image_id" uuid,
	"guardian_id_image_id" uuid,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"event" text NOT NULL,
	"actor_id" text,
	"ip" text,
	"user_agent" text,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_templates" ADD CONSTRAINT "consent_templates_artist_id_artist_profiles_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD CONSTRAINT "consent_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD CONSTRAINT "consent_requests_template_id_consent_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."consent_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_uploads" ADD CONSTRAINT "consent_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_forms" ADD CONSTRAINT "consent_forms_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_forms" ADD CONSTRAINT "consent_forms_template_id_consent_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."consent_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_forms" ADD CONSTRAINT "consent_forms_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_forms" ADD CONSTRAINT "consent_forms_client_id_image_id_consent_uploads_id_fk" FOREIGN KEY ("client_id_image_id") REFERENCES "public"."consent_uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_forms" ADD CONSTRAINT "consent_forms_guardian_id_image_id_consent_uploads_id_fk" FOREIGN KEY ("guardian_id_image_id") REFERENCES "public"."consent_uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_audit" ADD CONSTRAINT "consent_audit_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_audit" ADD CONSTRAINT "consent_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_templates_version_idx" ON "consent_templates" USING btree ("artist_id","kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_templates_platform_version_idx" ON "consent_templates" USING btree ("kind","version") WHERE "consent_templates"."artist_id" IS NULL;--> statement-breakpoint
CREATE INDEX "consent_uploads_owner_idx" ON "consent_uploads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_forms_booking_idx" ON "consent_forms" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "consent_audit_booking_idx" ON "consent_audit" USING btree ("booking_id","at");--> statement-breakpoint
CREATE FUNCTION consent_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are immutable', TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER consent_templates_immutable BEFORE UPDATE ON "consent_templates" FOR EACH ROW EXECUTE FUNCTION consent_refuse_update();--> statement-breakpoint
CREATE TRIGGER consent_forms_immutable BEFORE UPDATE ON "consent_forms" FOR EACH ROW EXECUTE FUNCTION consent_refuse_update();--> statement-breakpoint
CREATE TRIGGER consent_audit_immutable BEFORE UPDATE ON "consent_audit" FOR EACH ROW EXECUTE FUNCTION consent_refuse_update();
;--> statement-breakpoint
CREATE FUNCTION consent_request_on_confirm() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH req AS (
    INSERT INTO consent_requests (booking_id, template_id)
    SELECT b.id, t.id
    FROM bookings b
    JOIN services s ON s.id = b.service_id
    CROSS JOIN LATERAL (
      SELECT ct.id FROM consent_templates ct
      WHERE ct.kind = s.kind::text AND (ct.artist_id = b.artist_id OR ct.artist_id IS NULL)
      ORDER BY (ct.artist_id IS NULL), ct.version DESC
      LIMIT 1
    ) t
    WHERE b.id = NEW.booking_id AND s.kind IN ('tattoo', 'piercing')
    ON CONFLICT (booking_id) DO NOTHING
    RETURNING booking_id
  )
  INSERT INTO consent_audit (booking_id, event, actor_id)
  SELECT booking_id, 'created', NEW.actor_id FROM req;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER booking_events_consent_request AFTER INSERT ON "booking_events" FOR EACH ROW WHEN (NEW.to_status = 'confirmed') EXECUTE FUNCTION consent_request_on_confirm();