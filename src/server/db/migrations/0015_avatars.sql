-- Avatars and review photos (issue 11 §5). users.avatar_key is the uploaded picture (a square WebP
-- under avatars/); without one the apps draw a monogram, so nothing is stored per user. Search
-- result cards show the artist's avatar and search pages are reused while the catalogue version
-- holds (decision 0008), so changing an avatar bumps that version like a profile edit does.
-- review_images: up to four photos per review, owned by their uploader until attached.
CREATE TABLE "review_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"review_id" uuid,
	"storage_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "review_images" ADD CONSTRAINT "review_images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_images" ADD CONSTRAINT "review_images_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_images_review_idx" ON "review_images" USING btree ("review_id","position");--> statement-breakpoint
CREATE INDEX "review_images_owner_idx" ON "review_images" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE TRIGGER users_avatar_catalogue AFTER UPDATE OF "avatar_key" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
