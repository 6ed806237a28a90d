-- The tattoo design generator (issue 15 §1): a generation is one request (prompt and choices) run as
-- a durable job; it makes four designs. Stencil sketches are redrawn from their seed (no file);
-- pictures from an image service are stored re-encoded as private images (storage keys).
CREATE TABLE "design_generations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"prompt" text NOT NULL,
	"style" text NOT NULL,
	"placement" text NOT NULL,
	"size" text NOT NULL,
	"colour" text NOT NULL,
	"mode" text NOT NULL,
	"seed" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "design_generations_status_check" CHECK ("status" IN ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "design_generations_mode_check" CHECK ("mode" IN ('stencil', 'ai')),
	CONSTRAINT "design_generations_progress_check" CHECK ("progress" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "generated_designs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"generation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	"format" text NOT NULL,
	"storage_key" text,
	"thumb_key" text,
	"favourited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generated_designs_format_check" CHECK ("format" IN ('svg', 'png')),
	CONSTRAINT "generated_designs_generation_position_unique" UNIQUE ("generation_id", "position")
);
--> statement-breakpoint
ALTER TABLE "design_generations" ADD CONSTRAINT "design_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_designs" ADD CONSTRAINT "generated_designs_generation_id_design_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."design_generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_designs" ADD CONSTRAINT "generated_designs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_generations_user_created_idx" ON "design_generations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "generated_designs_user_favourite_idx" ON "generated_designs" USING btree ("user_id","favourited_at") WHERE "favourited_at" IS NOT NULL;
