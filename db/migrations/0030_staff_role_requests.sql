-- Two admins for the admin role (issue 20, ADR 0081): a request to grant or revoke admin waits for a
-- second admin; one pending request per member; the decider is never the requester.
CREATE TABLE "staff_role_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_role_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" text NOT NULL,
	"from_role" text NOT NULL,
	"to_role" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "staff_role_requests_status_check" CHECK ("staff_role_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "staff_role_requests_roles_check" CHECK ("staff_role_requests"."from_role" in ('member', 'support', 'analyst', 'admin') and "staff_role_requests"."to_role" in ('member', 'support', 'analyst', 'admin') and "staff_role_requests"."from_role" <> "staff_role_requests"."to_role" and 'admin' in ("staff_role_requests"."from_role", "staff_role_requests"."to_role")),
	CONSTRAINT "staff_role_requests_four_eyes" CHECK ("staff_role_requests"."decided_by" is null or "staff_role_requests"."decided_by" <> "staff_role_requests"."requested_by")
);
--> statement-breakpoint
ALTER TABLE "staff_role_requests" ADD CONSTRAINT "staff_role_requests_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_role_requests" ADD CONSTRAINT "staff_role_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_role_requests" ADD CONSTRAINT "staff_role_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_role_requests_one_pending" ON "staff_role_requests" USING btree ("member_id") WHERE "staff_role_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "staff_role_requests_status_idx" ON "staff_role_requests" USING btree ("status");