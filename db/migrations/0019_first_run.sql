-- First-run experience: member_preferences keeps the account mode a member last used and the
-- first-run guidance they dismissed, across devices; saved withdrawal addresses get a label.
CREATE TABLE "member_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_account_mode" text,
	"checklist_dismissed_at" timestamp with time zone,
	"email_reminder_dismissed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_preferences_mode_check" CHECK ("member_preferences"."last_account_mode" is null or "member_preferences"."last_account_mode" in ('real', 'demo'))
);
--> statement-breakpoint
ALTER TABLE "withdrawal_addresses" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "member_preferences" ADD CONSTRAINT "member_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_addresses" ADD CONSTRAINT "withdrawal_addresses_label_check" CHECK ("withdrawal_addresses"."label" is null or char_length("withdrawal_addresses"."label") between 1 and 60);