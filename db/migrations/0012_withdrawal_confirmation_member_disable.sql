ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "confirmation_method" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_event_at_idx" ON "audit_log" USING btree ("event","at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_confirm_token_unique" ON "withdrawals" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "withdrawals_unconfirmed_expiry_idx" ON "withdrawals" USING btree ("confirm_expires_at") WHERE "withdrawals"."status" = 'unconfirmed';--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_unconfirmed_check" CHECK ("withdrawals"."status" <> 'unconfirmed' or ("withdrawals"."confirm_token_hash" is not null and "withdrawals"."confirm_expires_at" is not null));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('unconfirmed', 'pending', 'approved', 'completed', 'rejected', 'cancelled', 'expired'));