CREATE TYPE "public"."flash_size" AS ENUM('small', 'medium', 'large');--> statement-breakpoint
CREATE TYPE "public"."flash_status" AS ENUM('available', 'reserved', 'gone');--> statement-breakpoint
CREATE TABLE "artist_drafts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flash_designs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"style" text,
	"size" "flash_size" NOT NULL,
	"size_label" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"repeatable" boolean DEFAULT false NOT NULL,
	"status" "flash_status" DEFAULT 'available' NOT NULL,
	"storage_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flash_designs_price_nonnegative" CHECK ("flash_designs"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "flash_design_id" uuid;--> statement-breakpoint
ALTER TABLE "artist_drafts" ADD CONSTRAINT "artist_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_designs" ADD CONSTRAINT "flash_designs_artist_id_artist_profiles_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flash_designs_artist_idx" ON "flash_designs" USING btree ("artist_id","position");--> statement-breakpoint
CREATE INDEX "flash_designs_status_idx" ON "flash_designs" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_flash_design_id_flash_designs_id_fk" FOREIGN KEY ("flash_design_id") REFERENCES "public"."flash_designs"("id") ON DELETE set null ON UPDATE no action;