-- The portfolio tracker (issue 19, ADR 0078): watch-only wallets, transactions made elsewhere
-- (typed or imported, each once by its dedupe key), daily value snapshots (one per member and day,
-- whichever server writes first), target allocations and the FX of each day.
CREATE TABLE "fx_daily_rates" (
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"per_usd" numeric(24, 10) NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "fx_daily_rates_currency_day_pk" PRIMARY KEY("currency","day"),
	CONSTRAINT "fx_daily_rates_positive" CHECK ("fx_daily_rates"."per_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "portfolio_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portfolio_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"rows_added" integer NOT NULL,
	"rows_skipped" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_snapshots" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"value_usd_cents" bigint NOT NULL,
	"flow_usd_cents" bigint DEFAULT 0 NOT NULL,
	"income_usd_cents" bigint DEFAULT 0 NOT NULL,
	"holdings" jsonb NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_snapshots_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "portfolio_snapshots_value_check" CHECK ("portfolio_snapshots"."value_usd_cents" >= 0),
	CONSTRAINT "portfolio_snapshots_source_check" CHECK ("portfolio_snapshots"."source" in ('job', 'backfill'))
);
--> statement-breakpoint
CREATE TABLE "portfolio_targets" (
	"user_id" text NOT NULL,
	"asset" text NOT NULL,
	"target_bps" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_targets_user_id_asset_pk" PRIMARY KEY("user_id","asset"),
	CONSTRAINT "portfolio_targets_bps_check" CHECK ("portfolio_targets"."target_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "portfolio_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portfolio_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"import_id" bigint,
	"kind" text NOT NULL,
	"asset" text NOT NULL,
	"quantity_minor" bigint NOT NULL,
	"value_usd_cents" bigint,
	"fee_usd_cents" bigint DEFAULT 0 NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"note" text,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_transactions_kind_check" CHECK ("portfolio_transactions"."kind" in ('buy', 'sell', 'receive', 'send', 'reward')),
	CONSTRAINT "portfolio_transactions_quantity_positive" CHECK ("portfolio_transactions"."quantity_minor" > 0),
	CONSTRAINT "portfolio_transactions_value_check" CHECK ("portfolio_transactions"."value_usd_cents" is null or "portfolio_transactions"."value_usd_cents" >= 0),
	CONSTRAINT "portfolio_transactions_fee_check" CHECK ("portfolio_transactions"."fee_usd_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "portfolio_wallets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portfolio_wallets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"label" text NOT NULL,
	"chain" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"asset" text NOT NULL,
	"balance_minor" bigint,
	"balance_as_of" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_wallets_chain_check" CHECK ("portfolio_wallets"."chain" in ('bitcoin', 'tron')),
	CONSTRAINT "portfolio_wallets_kind_check" CHECK ("portfolio_wallets"."kind" in ('address', 'xpub')),
	CONSTRAINT "portfolio_wallets_balance_check" CHECK ("portfolio_wallets"."balance_minor" is null or "portfolio_wallets"."balance_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "portfolio_imports" ADD CONSTRAINT "portfolio_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ADD CONSTRAINT "portfolio_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_targets" ADD CONSTRAINT "portfolio_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_transactions" ADD CONSTRAINT "portfolio_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_transactions" ADD CONSTRAINT "portfolio_transactions_import_id_portfolio_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."portfolio_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_wallets" ADD CONSTRAINT "portfolio_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_imports_user_idx" ON "portfolio_imports" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_transactions_dedupe_unique" ON "portfolio_transactions" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "portfolio_transactions_user_idx" ON "portfolio_transactions" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_wallets_user_value_unique" ON "portfolio_wallets" USING btree ("user_id","chain","value");--> statement-breakpoint
CREATE INDEX "portfolio_wallets_user_idx" ON "portfolio_wallets" USING btree ("user_id");