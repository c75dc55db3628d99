-- Membership (ADR 0070): plans as operator data, subscriptions, checkouts by card or crypto,
-- provider events applied once, invoices with gap-free numbers, refunds. The ledger learns the
-- membership revenue account and the codes for membership payments, refunds and a demo reset.
CREATE TABLE "billing_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"period" text NOT NULL,
	"method" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"credit_minor" bigint DEFAULT 0 NOT NULL,
	"replaces_subscription_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"provider" text,
	"provider_session_id" text,
	"crypto_asset" text,
	"crypto_amount" bigint,
	"price_usd" numeric,
	"prices_as_of" timestamp with time zone,
	"failure_reason" text,
	"subscription_id" text,
	"operation_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "billing_checkouts_period_check" CHECK ("billing_checkouts"."period" in ('monthly', 'yearly')),
	CONSTRAINT "billing_checkouts_method_check" CHECK ("billing_checkouts"."method" in ('card', 'crypto')),
	CONSTRAINT "billing_checkouts_status_check" CHECK ("billing_checkouts"."status" in ('open', 'completed', 'expired', 'failed')),
	CONSTRAINT "billing_checkouts_amount_check" CHECK ("billing_checkouts"."amount_minor" > 0 and "billing_checkouts"."credit_minor" >= 0),
	CONSTRAINT "billing_checkouts_crypto_asset_check" CHECK ("billing_checkouts"."crypto_asset" is null or "billing_checkouts"."crypto_asset" in ('USD', 'USDT', 'BTC')),
	CONSTRAINT "billing_checkouts_crypto_quote_check" CHECK ("billing_checkouts"."method" <> 'crypto' or ("billing_checkouts"."crypto_asset" is not null and "billing_checkouts"."crypto_amount" > 0 and "billing_checkouts"."price_usd" is not null)),
	CONSTRAINT "billing_checkouts_expiry_check" CHECK ("billing_checkouts"."expires_at" > "billing_checkouts"."created_at")
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "billing_events_provider_event_unique" UNIQUE("provider","event_id"),
	CONSTRAINT "billing_events_provider_check" CHECK ("billing_events"."provider" in ('sample', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "billing_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"proposed_by" text NOT NULL,
	"decided_by" text,
	"provider_refund_id" text,
	"operation_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "billing_refunds_amount_check" CHECK ("billing_refunds"."amount_minor" > 0),
	CONSTRAINT "billing_refunds_status_check" CHECK ("billing_refunds"."status" in ('proposed', 'completed', 'declined')),
	CONSTRAINT "billing_refunds_reason_check" CHECK (char_length("billing_refunds"."reason") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "invoice_counter" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"next" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "invoice_counter_one_row_check" CHECK ("invoice_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"number" bigint NOT NULL,
	"user_id" text NOT NULL,
	"subscription_id" text,
	"plan_id" text NOT NULL,
	"period" text NOT NULL,
	"method" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"credit_minor" bigint DEFAULT 0 NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"crypto_asset" text,
	"crypto_amount" bigint,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider" text,
	"provider_invoice_id" text,
	"operation_id" bigint,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_number_check" CHECK ("invoices"."number" > 0),
	CONSTRAINT "invoices_period_check" CHECK ("invoices"."period" in ('monthly', 'yearly')),
	CONSTRAINT "invoices_method_check" CHECK ("invoices"."method" in ('card', 'crypto')),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."amount_minor" > 0 and "invoices"."credit_minor" >= 0 and "invoices"."refunded_minor" between 0 and "invoices"."amount_minor"),
	CONSTRAINT "invoices_crypto_asset_check" CHECK ("invoices"."crypto_asset" is null or "invoices"."crypto_asset" in ('USD', 'USDT', 'BTC'))
);
--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"monthly_price_minor" bigint DEFAULT 0 NOT NULL,
	"yearly_price_minor" bigint DEFAULT 0 NOT NULL,
	"next_monthly_price_minor" bigint,
	"next_yearly_price_minor" bigint,
	"next_prices_from" timestamp with time zone,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entitlements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "membership_plans_id_check" CHECK ("membership_plans"."id" ~ '^[a-z][a-z0-9-]{1,39}$'),
	CONSTRAINT "membership_plans_prices_check" CHECK ("membership_plans"."monthly_price_minor" >= 0 and "membership_plans"."yearly_price_minor" >= 0
        and coalesce("membership_plans"."next_monthly_price_minor", 0) >= 0 and coalesce("membership_plans"."next_yearly_price_minor", 0) >= 0),
	CONSTRAINT "membership_plans_next_prices_check" CHECK (("membership_plans"."next_prices_from" is null) = ("membership_plans"."next_monthly_price_minor" is null and "membership_plans"."next_yearly_price_minor" is null)),
	CONSTRAINT "membership_plans_default_free_check" CHECK (not "membership_plans"."is_default" or ("membership_plans"."monthly_price_minor" = 0 and "membership_plans"."yearly_price_minor" = 0))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"period" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"grace_until" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"provider" text,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"provider_event_at" timestamp with time zone,
	"crypto_asset" text,
	"reminder_sent_for" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_period_check" CHECK ("subscriptions"."period" in ('monthly', 'yearly')),
	CONSTRAINT "subscriptions_method_check" CHECK ("subscriptions"."method" in ('card', 'crypto')),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'past_due', 'expired')),
	CONSTRAINT "subscriptions_price_check" CHECK ("subscriptions"."price_minor" > 0),
	CONSTRAINT "subscriptions_period_order_check" CHECK ("subscriptions"."current_period_end" > "subscriptions"."current_period_start"),
	CONSTRAINT "subscriptions_provider_check" CHECK ("subscriptions"."provider" is null or "subscriptions"."provider" in ('sample', 'stripe')),
	CONSTRAINT "subscriptions_method_fields_check" CHECK (("subscriptions"."method" = 'card' and "subscriptions"."provider" is not null) or ("subscriptions"."method" = 'crypto' and "subscriptions"."crypto_asset" is not null)),
	CONSTRAINT "subscriptions_crypto_asset_check" CHECK ("subscriptions"."crypto_asset" is null or "subscriptions"."crypto_asset" in ('USD', 'USDT', 'BTC')),
	CONSTRAINT "subscriptions_grace_check" CHECK ("subscriptions"."status" <> 'past_due' or "subscriptions"."grace_until" is not null)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_code_check";--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD CONSTRAINT "billing_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD CONSTRAINT "billing_checkouts_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_refunds" ADD CONSTRAINT "billing_refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_refunds" ADD CONSTRAINT "billing_refunds_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_refunds" ADD CONSTRAINT "billing_refunds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_plans" ADD CONSTRAINT "membership_plans_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_checkouts_user_idx" ON "billing_checkouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_checkouts_provider_session_unique" ON "billing_checkouts" USING btree ("provider","provider_session_id") WHERE "billing_checkouts"."provider_session_id" is not null;--> statement-breakpoint
CREATE INDEX "billing_refunds_invoice_idx" ON "billing_refunds" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_invoice_unique" ON "invoices" USING btree ("provider","provider_invoice_id") WHERE "invoices"."provider_invoice_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_operation_unique" ON "invoices" USING btree ("operation_id") WHERE "invoices"."operation_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_plans_one_default" ON "membership_plans" USING btree ("is_default") WHERE "membership_plans"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_per_member" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" in ('active', 'past_due');--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_subscription_unique" ON "subscriptions" USING btree ("provider","provider_subscription_id") WHERE "subscriptions"."provider_subscription_id" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK (("ledger_accounts"."user_id" is not null and "ledger_accounts"."kind" in ('available', 'held', 'staked'))
        or ("ledger_accounts"."user_id" is null and "ledger_accounts"."kind" in ('deposits', 'withdrawals', 'treasury', 'rewards_pool', 'reserved_rewards', 'fees', 'demo_funding', 'membership_revenue')));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_code_check" CHECK ("ledger_entries"."code" in ('deposit', 'demo.funding', 'withdrawal.hold', 'withdrawal.complete', 'withdrawal.cancel',
        'withdrawal.reject', 'withdrawal.expire', 'hold', 'hold.post', 'hold.void', 'stake.open', 'stake.mature',
        'stake.reward', 'stake.exit', 'swap', 'rewards_pool.fund', 'treasury.fund', 'transfer', 'ledger.consolidate',
        'demo.reset', 'membership.payment', 'membership.refund'));--> statement-breakpoint
INSERT INTO "invoice_counter" ("id", "next") VALUES (1, 1);--> statement-breakpoint
-- The seed's two plans. Premium takes the prices the operator already set for the pricing block.
INSERT INTO "membership_plans" ("id", "name", "monthly_price_minor", "yearly_price_minor", "features", "entitlements", "is_default", "active", "sort_order")
VALUES
  ('standard', 'Standard', 0, 0,
   '["Wallets, deposits, withdrawals, staking and swaps", "Market data, news and the ETF tracker", "Free research and market updates"]'::jsonb,
   '["research:free"]'::jsonb, true, true, 0),
  ('premium', 'Premium',
   coalesce((SELECT ("value"->>'monthlyCents')::bigint FROM "settings" WHERE "key" = 'membership-prices'), 25000),
   coalesce((SELECT ("value"->>'yearlyCents')::bigint FROM "settings" WHERE "key" = 'membership-prices'), 300000),
   '["Research: a curated list of token picks and investments.", "Analysis: trading setups for informed decisions.", "Community: real-time feedback and live events.", "Tools: portfolio optimisation and data-driven insights."]'::jsonb,
   '["research:free", "research:premium", "alerts:50", "events:live"]'::jsonb, false, true, 1);
