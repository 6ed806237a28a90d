-- Aftercare (issue 13 §2, decision 0022): the spec's search metadata on services, the plan a completed
-- session gets (a snapshot, so later edits of the service do not move messages already scheduled),
-- healing check-ins with their photos (booking photos of a new kind, tied to the check-in), and a
-- healed-result follow-up note on the review.
ALTER TYPE "public"."booking_image_kind" ADD VALUE IF NOT EXISTS 'healing';--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "healing_time" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "aftercare_required" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "safety_protocols" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "piercing_style" text;--> statement-breakpoint
UPDATE "services" SET "aftercare_required" = false WHERE "kind" = 'consultation';--> statement-breakpoint
UPDATE "services" SET "healing_time" = '2-4 weeks' WHERE "kind" = 'tattoo';--> statement-breakpoint
CREATE TABLE "aftercare_plans" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"timezone" text NOT NULL,
	"day_one" date NOT NULL,
	"healing_min" integer NOT NULL,
	"healing_max" integer NOT NULL,
	"healing_unit" text NOT NULL,
	"style_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aftercare_plans_kind" CHECK ("kind" in ('tattoo', 'piercing')),
	CONSTRAINT "aftercare_plans_unit" CHECK ("healing_unit" in ('weeks', 'months')),
	CONSTRAINT "aftercare_plans_range" CHECK ("healing_min" > 0 and "healing_max" >= "healing_min")
);
--> statement-breakpoint
CREATE TABLE "healing_check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"client_check_in_id" uuid NOT NULL,
	"feeling" smallint NOT NULL,
	"symptoms" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"warning" boolean NOT NULL,
	"day" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "healing_check_ins_feeling" CHECK ("feeling" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "aftercare_plans" ADD CONSTRAINT "aftercare_plans_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "healing_check_ins" ADD CONSTRAINT "healing_check_ins_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "healing_check_ins" ADD CONSTRAINT "healing_check_ins_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "healing_check_ins_client_id_idx" ON "healing_check_ins" USING btree ("booking_id","client_check_in_id");--> statement-breakpoint
CREATE INDEX "healing_check_ins_booking_idx" ON "healing_check_ins" USING btree ("booking_id","created_at");--> statement-breakpoint
ALTER TABLE "booking_images" ADD COLUMN "check_in_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_images" ADD CONSTRAINT "booking_images_check_in_id_healing_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."healing_check_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_images_check_in_idx" ON "booking_images" USING btree ("check_in_id");--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "healed_note" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "healed_at" timestamp with time zone;
