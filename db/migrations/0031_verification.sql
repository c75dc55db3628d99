CREATE TABLE "verification_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "verification_documents_kind_check" CHECK ("verification_documents"."kind" in ('identity', 'selfie')),
	CONSTRAINT "verification_documents_size_check" CHECK ("verification_documents"."size" > 0 and "verification_documents"."size" <= 5242880),
	CONSTRAINT "verification_documents_deleted_check" CHECK (("verification_documents"."bytes" is null) = ("verification_documents"."deleted_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "verification_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"tier" integer DEFAULT 0 NOT NULL,
	"full_name" text,
	"date_of_birth" date,
	"address_line" text,
	"city" text,
	"postal_code" text,
	"country" text,
	"tier1_at" timestamp with time zone,
	"tier2_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_profiles_tier_check" CHECK ("verification_profiles"."tier" between 0 and 2),
	CONSTRAINT "verification_profiles_tier1_check" CHECK ("verification_profiles"."tier" < 1 or ("verification_profiles"."full_name" is not null and "verification_profiles"."date_of_birth" is not null and "verification_profiles"."country" is not null and "verification_profiles"."tier1_at" is not null)),
	CONSTRAINT "verification_profiles_tier2_check" CHECK ("verification_profiles"."tier" < 2 or "verification_profiles"."tier2_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "verification_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"tier" integer NOT NULL,
	"provider" text DEFAULT 'manual' NOT NULL,
	"external_ref" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"approvals_required" integer DEFAULT 2 NOT NULL,
	"first_approved_by" text,
	"first_approved_at" timestamp with time zone,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_requests_tier_check" CHECK ("verification_requests"."tier" between 1 and 2),
	CONSTRAINT "verification_requests_status_check" CHECK ("verification_requests"."status" in ('pending', 'approved', 'rejected', 'resubmit')),
	CONSTRAINT "verification_requests_four_eyes_check" CHECK ("verification_requests"."status" <> 'approved' or "verification_requests"."approvals_required" < 2 or ("verification_requests"."first_approved_by" is not null and "verification_requests"."first_approved_by" <> "verification_requests"."decided_by")),
	CONSTRAINT "verification_requests_not_own_check" CHECK ("verification_requests"."user_id" <> coalesce("verification_requests"."first_approved_by", '') and "verification_requests"."user_id" <> coalesce("verification_requests"."decided_by", '')),
	CONSTRAINT "verification_requests_reason_check" CHECK ("verification_requests"."status" not in ('rejected', 'resubmit') or length(coalesce("verification_requests"."reason", '')) > 0)
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "limit_value" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "limit_value" bigint;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_request_id_verification_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."verification_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_profiles" ADD CONSTRAINT "verification_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_documents_request_idx" ON "verification_documents" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_requests_one_pending" ON "verification_requests" USING btree ("user_id") WHERE "verification_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "verification_requests_queue_idx" ON "verification_requests" USING btree ("status","created_at");