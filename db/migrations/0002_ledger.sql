CREATE TABLE "ledger_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ledger" text NOT NULL,
	"asset" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"allow_negative" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_identity_unique" UNIQUE NULLS NOT DISTINCT("ledger","asset","kind","user_id"),
	CONSTRAINT "ledger_accounts_id_ledger_asset_unique" UNIQUE("id","ledger","asset"),
	CONSTRAINT "ledger_accounts_id_allow_negative_unique" UNIQUE("id","allow_negative"),
	CONSTRAINT "ledger_accounts_ledger_check" CHECK ("ledger_accounts"."ledger" in ('real', 'demo')),
	CONSTRAINT "ledger_accounts_asset_check" CHECK ("ledger_accounts"."asset" in ('USD', 'BTC', 'ETH', 'SOL', 'BNB', 'BCH', 'TRX', 'USDT')),
	CONSTRAINT "ledger_accounts_kind_check" CHECK (("ledger_accounts"."user_id" is not null and "ledger_accounts"."kind" in ('available', 'held', 'staked'))
        or ("ledger_accounts"."user_id" is null and "ledger_accounts"."kind" in ('deposits', 'withdrawals', 'treasury', 'rewards_pool', 'reserved_rewards', 'fees', 'demo_funding'))),
	CONSTRAINT "ledger_accounts_allow_negative_check" CHECK ("ledger_accounts"."allow_negative" = ("ledger_accounts"."kind" in ('deposits', 'demo_funding'))),
	CONSTRAINT "ledger_accounts_demo_funding_check" CHECK ("ledger_accounts"."kind" <> 'demo_funding' or "ledger_accounts"."ledger" = 'demo')
);
--> statement-breakpoint
CREATE TABLE "ledger_balances" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"allow_negative" boolean NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_balances_non_negative" CHECK ("ledger_balances"."allow_negative" or "ledger_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ledger" text NOT NULL,
	"code" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"operation_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_id_ledger_unique" UNIQUE("id","ledger"),
	CONSTRAINT "ledger_entries_ledger_check" CHECK ("ledger_entries"."ledger" in ('real', 'demo')),
	CONSTRAINT "ledger_entries_key_check" CHECK (length("ledger_entries"."idempotency_key") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "ledger_holds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ledger" text NOT NULL,
	"user_id" text NOT NULL,
	"asset" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"hold_entry_id" bigint NOT NULL,
	"resolution_entry_id" bigint,
	"operation_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "ledger_holds_amount_check" CHECK ("ledger_holds"."amount" > 0),
	CONSTRAINT "ledger_holds_status_check" CHECK ("ledger_holds"."status" in ('pending', 'posted', 'voided')),
	CONSTRAINT "ledger_holds_resolution_check" CHECK (("ledger_holds"."status" = 'pending') = ("ledger_holds"."resolution_entry_id" is null) and ("ledger_holds"."status" = 'pending') = ("ledger_holds"."resolved_at" is null))
);
--> statement-breakpoint
CREATE TABLE "ledger_operations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ledger" text NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"asset" text NOT NULL,
	"amount" bigint NOT NULL,
	"counter_asset" text,
	"counter_amount" bigint,
	"references" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_operations_ledger_check" CHECK ("ledger_operations"."ledger" in ('real', 'demo')),
	CONSTRAINT "ledger_operations_asset_check" CHECK ("ledger_operations"."asset" in ('USD', 'BTC', 'ETH', 'SOL', 'BNB', 'BCH', 'TRX', 'USDT')),
	CONSTRAINT "ledger_operations_counter_asset_check" CHECK ("ledger_operations"."counter_asset" is null or "ledger_operations"."counter_asset" in ('USD', 'BTC', 'ETH', 'SOL', 'BNB', 'BCH', 'TRX', 'USDT')),
	CONSTRAINT "ledger_operations_amount_check" CHECK ("ledger_operations"."amount" > 0),
	CONSTRAINT "ledger_operations_counter_check" CHECK (("ledger_operations"."counter_asset" is null) = ("ledger_operations"."counter_amount" is null) and ("ledger_operations"."counter_amount" is null or "ledger_operations"."counter_amount" > 0)),
	CONSTRAINT "ledger_operations_type_check" CHECK ("ledger_operations"."type" in ('deposit', 'withdrawal', 'stake', 'reward', 'swap', 'membership')),
	CONSTRAINT "ledger_operations_status_check" CHECK ("ledger_operations"."status" in ('pending', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"ledger" text NOT NULL,
	"asset" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_postings_entry_account_unique" UNIQUE("entry_id","account_id"),
	CONSTRAINT "ledger_postings_amount_check" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_account_fk" FOREIGN KEY ("account_id","allow_negative") REFERENCES "public"."ledger_accounts"("id","allow_negative") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_operation_id_ledger_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."ledger_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_hold_entry_id_ledger_entries_id_fk" FOREIGN KEY ("hold_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_resolution_entry_id_ledger_entries_id_fk" FOREIGN KEY ("resolution_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_operation_id_ledger_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."ledger_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_fk" FOREIGN KEY ("entry_id","ledger") REFERENCES "public"."ledger_entries"("id","ledger") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_fk" FOREIGN KEY ("account_id","ledger","asset") REFERENCES "public"."ledger_accounts"("id","ledger","asset") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_accounts_user_idx" ON "ledger_accounts" USING btree ("user_id","ledger");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_key_unique" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_operation_idx" ON "ledger_entries" USING btree ("operation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_holds_hold_entry_unique" ON "ledger_holds" USING btree ("hold_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_holds_resolution_entry_unique" ON "ledger_holds" USING btree ("resolution_entry_id");--> statement-breakpoint
CREATE INDEX "ledger_holds_user_idx" ON "ledger_holds" USING btree ("user_id","ledger","status");--> statement-breakpoint
CREATE INDEX "ledger_operations_user_idx" ON "ledger_operations" USING btree ("user_id","ledger","created_at");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id");