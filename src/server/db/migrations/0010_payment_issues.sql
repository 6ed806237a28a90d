-- Card payments whose amount or currency was not the booking's deposit (decision 0006): kept out of
-- the ledger, refunded by a job, listed for admins. (0008 and 0009 were written by hand without
-- snapshots; this snapshot is the first to hold their tables, so the next generate diffs correctly.)
CREATE TYPE "public"."payment_issue_reason" AS ENUM('amount_mismatch', 'currency_mismatch');--> statement-breakpoint
CREATE TYPE "public"."payment_issue_status" AS ENUM('refund_pending', 'refunded', 'needs_reconciliation');--> statement-breakpoint
CREATE TABLE "payment_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"artist_id" uuid NOT NULL,
	"reason" "payment_issue_reason" NOT NULL,
	"status" "payment_issue_status" DEFAULT 'refund_pending' NOT NULL,
	"expected_cents" integer NOT NULL,
	"expected_currency" text NOT NULL,
	"received_cents" integer NOT NULL,
	"received_currency" text NOT NULL,
	"stripe_event_id" text NOT NULL,
	"checkout_session_id" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"refund_id" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_issues" ADD CONSTRAINT "payment_issues_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_issues" ADD CONSTRAINT "payment_issues_artist_id_artist_profiles_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artist_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_issues_checkout_session_idx" ON "payment_issues" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_issues_payment_intent_idx" ON "payment_issues" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "payment_issues_created_idx" ON "payment_issues" USING btree ("created_at");
