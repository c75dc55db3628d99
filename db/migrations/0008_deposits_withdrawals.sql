CREATE TABLE "chain_outputs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chain_outputs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain" text NOT NULL,
	"asset" text NOT NULL,
	"txid" text NOT NULL,
	"output_index" integer NOT NULL,
	"deposit_address_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"block_height" integer,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_outputs_chain_txid_output_unique" UNIQUE("chain","txid","output_index"),
	CONSTRAINT "chain_outputs_amount_check" CHECK ("chain_outputs"."amount" > 0),
	CONSTRAINT "chain_outputs_output_index_check" CHECK ("chain_outputs"."output_index" >= 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"asset" text NOT NULL,
	"chain" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_addresses_asset_index_unique" UNIQUE("asset","derivation_index"),
	CONSTRAINT "deposit_addresses_address_unique" UNIQUE("address"),
	CONSTRAINT "deposit_addresses_user_asset_unique" UNIQUE("user_id","asset"),
	CONSTRAINT "deposit_addresses_index_check" CHECK ("deposit_addresses"."derivation_index" >= 0),
	CONSTRAINT "deposit_addresses_chain_check" CHECK (("deposit_addresses"."asset" = 'BTC' and "deposit_addresses"."chain" = 'bitcoin') or ("deposit_addresses"."asset" = 'USDT' and "deposit_addresses"."chain" = 'tron'))
);
--> statement-breakpoint
CREATE TABLE "deposit_bank_references" (
	"user_id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_bank_references_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"asset" text NOT NULL,
	"expected_amount" bigint,
	"amount" bigint,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required_confirmations" integer DEFAULT 0 NOT NULL,
	"deposit_address_id" bigint,
	"chain_output_id" bigint,
	"bank_reference" text,
	"operation_id" bigint,
	"entry_id" bigint,
	"note" text,
	"decided_by" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in ('awaiting', 'detected', 'confirming', 'credited', 'rejected')),
	CONSTRAINT "deposits_credited_check" CHECK ("deposits"."status" <> 'credited' or ("deposits"."amount" is not null and "deposits"."entry_id" is not null and "deposits"."credited_at" is not null)),
	CONSTRAINT "deposits_amount_check" CHECK (("deposits"."amount" is null or "deposits"."amount" > 0) and ("deposits"."expected_amount" is null or "deposits"."expected_amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "simulated_chain_outputs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "simulated_chain_outputs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain" text NOT NULL,
	"txid" text NOT NULL,
	"output_index" integer NOT NULL,
	"address" text NOT NULL,
	"amount" bigint NOT NULL,
	"block_height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_chain_outputs_unique" UNIQUE("chain","txid","output_index")
);
--> statement-breakpoint
CREATE TABLE "simulated_chain_tips" (
	"chain" text PRIMARY KEY NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"asset" text NOT NULL,
	"address" text NOT NULL,
	"usable_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_addresses_user_asset_address_unique" UNIQUE("user_id","asset","address")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"asset" text NOT NULL,
	"amount" bigint NOT NULL,
	"destination" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"hold_id" bigint NOT NULL,
	"operation_id" bigint,
	"usd_value" bigint,
	"approvals_required" bigint DEFAULT 1 NOT NULL,
	"first_approved_by" text,
	"first_approved_at" timestamp with time zone,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"sent_reference" text,
	"completed_by" text,
	"completed_at" timestamp with time zone,
	"rejected_by" text,
	"reject_reason" text,
	"rejected_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('pending', 'approved', 'completed', 'rejected', 'cancelled')),
	CONSTRAINT "withdrawals_two_admins_check" CHECK ("withdrawals"."first_approved_by" is null or "withdrawals"."approved_by" is null or "withdrawals"."first_approved_by" <> "withdrawals"."approved_by"),
	CONSTRAINT "withdrawals_completed_check" CHECK ("withdrawals"."status" <> 'completed' or "withdrawals"."sent_reference" is not null)
);
--> statement-breakpoint
ALTER TABLE "chain_outputs" ADD CONSTRAINT "chain_outputs_deposit_address_id_deposit_addresses_id_fk" FOREIGN KEY ("deposit_address_id") REFERENCES "public"."deposit_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_bank_references" ADD CONSTRAINT "deposit_bank_references_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_deposit_address_id_deposit_addresses_id_fk" FOREIGN KEY ("deposit_address_id") REFERENCES "public"."deposit_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_chain_output_id_chain_outputs_id_fk" FOREIGN KEY ("chain_output_id") REFERENCES "public"."chain_outputs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_operation_id_ledger_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."ledger_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_addresses" ADD CONSTRAINT "withdrawal_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_operation_id_ledger_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."ledger_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_chain_output_unique" ON "deposits" USING btree ("chain_output_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_entry_unique" ON "deposits" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_user_idempotency_unique" ON "deposits" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "simulated_chain_outputs_address_idx" ON "simulated_chain_outputs" USING btree ("chain","address");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_hold_unique" ON "withdrawals" USING btree ("hold_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_user_idempotency_unique" ON "withdrawals" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");