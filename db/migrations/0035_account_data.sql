CREATE TABLE "data_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"file_name" text,
	"size" integer,
	"sha256" text,
	"bytes" "bytea",
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "data_exports_status_check" CHECK ("data_exports"."status" in ('queued', 'ready', 'failed', 'expired')),
	CONSTRAINT "data_exports_ready_check" CHECK (("data_exports"."status" = 'ready') = ("data_exports"."bytes" is not null) and ("data_exports"."status" <> 'ready' or ("data_exports"."expires_at" is not null and "data_exports"."file_name" is not null)))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anonymise_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "data_exports_queued_idx" ON "data_exports" USING btree ("requested_at") WHERE "data_exports"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "users_anonymise_due_idx" ON "users" USING btree ("anonymise_after") WHERE "users"."closed_at" is not null and "users"."anonymised_at" is null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_closure_check" CHECK (("users"."closed_at" is null) = ("users"."anonymise_after" is null) and ("users"."anonymised_at" is null or "users"."closed_at" is not null));