-- "Report a problem" on the support page (issue 15 §3): every report is kept here with a short
-- reference the reporter sees; when GITHUB_REPO is configured it also becomes a GitHub issue, whose
-- number and link are recorded. The reporter is kept for admins (never sent to GitHub).
CREATE TABLE "problem_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"reporter_id" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"page" text,
	"browser" text,
	"github_issue_number" integer,
	"github_issue_url" text,
	"github_problem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "problem_reports_reference_unique" UNIQUE ("reference")
);
--> statement-breakpoint
ALTER TABLE "problem_reports" ADD CONSTRAINT "problem_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "problem_reports_created_idx" ON "problem_reports" USING btree ("created_at");
