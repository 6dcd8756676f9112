CREATE TYPE "public"."consent_action" AS ENUM('given', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."consent_purpose" AS ENUM('marketing_emails', 'newsletter');--> statement-breakpoint
CREATE TYPE "public"."consent_source" AS ENUM('registration', 'profile', 'newsletter_confirmation', 'unsubscribe_link', 'account_deletion');--> statement-breakpoint
CREATE TABLE "consent_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consent_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"user_id" text,
	"purpose" "consent_purpose" NOT NULL,
	"action" "consent_action" NOT NULL,
	"source" "consent_source" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_email_created_idx" ON "consent_events" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "consent_events_user_idx" ON "consent_events" USING btree ("user_id");