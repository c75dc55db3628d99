-- Portfolio tools (issue 19): watchlists, price alerts (each crossing fired once: the alert is
-- disarmed by a conditional update and the notification keyed by alert and crossing), the
-- notification centre (one row per event, by key), Web Push subscriptions, and recurring buys
-- with one run per plan and date (the run's unique key is its swap's idempotency key).
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"threshold" numeric(38, 18) NOT NULL,
	"repeating" boolean DEFAULT false NOT NULL,
	"cooldown_minutes" integer DEFAULT 60 NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"push" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"armed" boolean DEFAULT true NOT NULL,
	"fired_count" integer DEFAULT 0 NOT NULL,
	"last_fired_at" timestamp with time zone,
	"last_fired_price" numeric(38, 18),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_alerts_kind_check" CHECK ("price_alerts"."kind" in ('above', 'below', 'move24h')),
	CONSTRAINT "price_alerts_status_check" CHECK ("price_alerts"."status" in ('active', 'paused', 'done')),
	CONSTRAINT "price_alerts_threshold_positive" CHECK ("price_alerts"."threshold" > 0),
	CONSTRAINT "price_alerts_cooldown_check" CHECK ("price_alerts"."cooldown_minutes" between 0 and 10080)
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"gone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recurring_buy_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recurring_buy_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"plan_id" bigint NOT NULL,
	"run_on" date NOT NULL,
	"status" text NOT NULL,
	"operation_id" bigint,
	"paid" bigint,
	"received" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_buy_runs_status_check" CHECK ("recurring_buy_runs"."status" in ('bought', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "recurring_buys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recurring_buys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"ledger" text NOT NULL,
	"asset" text NOT NULL,
	"pay_asset" text NOT NULL,
	"amount" bigint NOT NULL,
	"frequency" text NOT NULL,
	"run_day" integer,
	"next_run_on" date NOT NULL,
	"end_on" date,
	"max_runs" integer,
	"runs_done" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_buys_amount_positive" CHECK ("recurring_buys"."amount" > 0),
	CONSTRAINT "recurring_buys_ledger_check" CHECK ("recurring_buys"."ledger" in ('real', 'demo')),
	CONSTRAINT "recurring_buys_pay_asset_check" CHECK ("recurring_buys"."pay_asset" in ('USD', 'USDT')),
	CONSTRAINT "recurring_buys_frequency_check" CHECK ("recurring_buys"."frequency" in ('daily', 'weekly', 'monthly')),
	CONSTRAINT "recurring_buys_status_check" CHECK ("recurring_buys"."status" in ('active', 'paused', 'cancelled', 'finished')),
	CONSTRAINT "recurring_buys_max_runs_check" CHECK ("recurring_buys"."max_runs" is null or "recurring_buys"."max_runs" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "watchlist_items" (
	"watchlist_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_items_watchlist_id_symbol_pk" PRIMARY KEY("watchlist_id","symbol")
);
--> statement-breakpoint
CREATE TABLE "watchlists" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "watchlists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_buy_runs" ADD CONSTRAINT "recurring_buy_runs_plan_id_recurring_buys_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recurring_buys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_buys" ADD CONSTRAINT "recurring_buys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_watchlist_id_watchlists_id_fk" FOREIGN KEY ("watchlist_id") REFERENCES "public"."watchlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlists" ADD CONSTRAINT "watchlists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_key_unique" ON "notifications" USING btree ("key");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "price_alerts_live_idx" ON "price_alerts" USING btree ("symbol") WHERE "price_alerts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_unique" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_buy_runs_once" ON "recurring_buy_runs" USING btree ("plan_id","run_on");--> statement-breakpoint
CREATE INDEX "recurring_buys_due_idx" ON "recurring_buys" USING btree ("next_run_on") WHERE "recurring_buys"."status" = 'active';--> statement-breakpoint
CREATE INDEX "recurring_buys_user_idx" ON "recurring_buys" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlists_user_name_unique" ON "watchlists" USING btree ("user_id",lower("name"));