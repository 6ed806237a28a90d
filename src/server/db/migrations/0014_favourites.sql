-- Favourites (issue 11 §2): the artists and flash designs a signed-in person saved. One row per
-- (user, thing), so saving twice changes nothing; rows go with their user, artist or design.
CREATE TABLE "favourite_artists" (
	"user_id" text NOT NULL,
	"artist_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_artists_user_id_artist_id_pk" PRIMARY KEY("user_id","artist_id")
);
--> statement-breakpoint
CREATE TABLE "favourite_flash_designs" (
	"user_id" text NOT NULL,
	"flash_design_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_flash_designs_user_id_flash_design_id_pk" PRIMARY KEY("user_id","flash_design_id")
);
--> statement-breakpoint
ALTER TABLE "favourite_artists" ADD CONSTRAINT "favourite_artists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_artists" ADD CONSTRAINT "favourite_artists_artist_id_artist_profiles_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_flash_designs" ADD CONSTRAINT "favourite_flash_designs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_flash_designs" ADD CONSTRAINT "favourite_flash_designs_flash_design_id_flash_designs_id_fk" FOREIGN KEY ("flash_design_id") REFERENCES "public"."flash_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourite_artists_user_created_idx" ON "favourite_artists" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "favourite_artists_artist_idx" ON "favourite_artists" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "favourite_flash_designs_user_created_idx" ON "favourite_flash_designs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "favourite_flash_designs_design_idx" ON "favourite_flash_designs" USING btree ("flash_design_id");
