CREATE TABLE "artist_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artist_time_off_order" CHECK ("artist_time_off"."ends_on" >= "artist_time_off"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "guest_spots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_id" uuid NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"timezone" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"venue" text DEFAULT '' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_spots_order" CHECK ("guest_spots"."ends_on" >= "guest_spots"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "artist_profiles" ADD COLUMN "buffer_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "artist_profiles" ADD COLUMN "min_notice_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "artist_profiles" ADD COLUMN "max_advance_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "artist_time_off" ADD CONSTRAINT "artist_time_off_artist_id_artist_profiles_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_spots" ADD CONSTRAINT "guest_spots_artist_id_artist_profiles_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artist_time_off_artist_idx" ON "artist_time_off" USING btree ("artist_id","starts_on");--> statement-breakpoint
CREATE INDEX "guest_spots_artist_idx" ON "guest_spots" USING btree ("artist_id","starts_on");