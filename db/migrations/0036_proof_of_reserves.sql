CREATE TABLE "reserve_bank_balances" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reserve_bank_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"asset" text NOT NULL,
	"amount" bigint NOT NULL,
	"bank" text NOT NULL,
	"as_of" date NOT NULL,
	"entered_by" text NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "reserve_bank_balances_amount_check" CHECK ("reserve_bank_balances"."amount" >= 0),
	CONSTRAINT "reserve_bank_balances_status_check" CHECK ("reserve_bank_balances"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "reserve_bank_balances_four_eyes" CHECK ("reserve_bank_balances"."decided_by" is null or "reserve_bank_balances"."decided_by" <> "reserve_bank_balances"."entered_by")
);
--> statement-breakpoint
CREATE TABLE "reserve_leaves" (
	"snapshot_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"user_id" text NOT NULL,
	"salt" text NOT NULL,
	"balances" jsonb NOT NULL,
	CONSTRAINT "reserve_leaves_snapshot_id_position_pk" PRIMARY KEY("snapshot_id","position"),
	CONSTRAINT "reserve_leaves_member_unique" UNIQUE("snapshot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reserve_snapshots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reserve_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"root_hash" text NOT NULL,
	"totals" jsonb NOT NULL,
	"reserves" jsonb NOT NULL,
	"reserves_source" text NOT NULL,
	"leaf_count" integer NOT NULL,
	CONSTRAINT "reserve_snapshots_day_unique" UNIQUE("day")
);
--> statement-breakpoint
ALTER TABLE "reserve_bank_balances" ADD CONSTRAINT "reserve_bank_balances_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_bank_balances" ADD CONSTRAINT "reserve_bank_balances_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_leaves" ADD CONSTRAINT "reserve_leaves_snapshot_id_reserve_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."reserve_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reserve_bank_balances_status_idx" ON "reserve_bank_balances" USING btree ("status","asset");