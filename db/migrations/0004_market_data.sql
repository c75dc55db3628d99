CREATE TABLE "etf_flows" (
	"symbol" text NOT NULL,
	"day" date NOT NULL,
	"net_flow_usd_m" numeric(14, 1) NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "etf_flows_symbol_day_pk" PRIMARY KEY("symbol","day")
);
--> statement-breakpoint
CREATE TABLE "etf_quotes" (
	"symbol" text PRIMARY KEY NOT NULL,
	"price_usd" numeric(24, 6) NOT NULL,
	"previous_close_usd" numeric(24, 6),
	"aum_usd" numeric(24, 2),
	"btc_held" numeric(24, 8),
	"as_of" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"per_usd" numeric(24, 10) NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "fx_rates_positive" CHECK ("fx_rates"."per_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "market_daily_bars" (
	"kind" text NOT NULL,
	"symbol" text NOT NULL,
	"day" date NOT NULL,
	"open" numeric(38, 18),
	"high" numeric(38, 18),
	"low" numeric(38, 18),
	"close" numeric(38, 18) NOT NULL,
	"volume" numeric(38, 2),
	"source" text NOT NULL,
	CONSTRAINT "market_daily_bars_kind_symbol_day_pk" PRIMARY KEY("kind","symbol","day")
);
--> statement-breakpoint
CREATE TABLE "market_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"rank" integer,
	"price_usd" numeric(38, 18) NOT NULL,
	"market_cap_usd" numeric(38, 2),
	"volume_24h_usd" numeric(38, 2),
	"high_24h_usd" numeric(38, 18),
	"low_24h_usd" numeric(38, 18),
	"change_24h_pct" numeric(12, 4),
	"sparkline_7d" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_updated" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "market_quotes_price_positive" CHECK ("market_quotes"."price_usd" >= 0)
);
--> statement-breakpoint
CREATE TABLE "market_refresh_jobs" (
	"job" text PRIMARY KEY NOT NULL,
	"next_due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"leased_by" text,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_items" (
	"url" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"source" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"summary" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"provider" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "market_quotes_symbol_idx" ON "market_quotes" USING btree ("symbol");--> statement-breakpoint
CREATE INDEX "market_quotes_rank_idx" ON "market_quotes" USING btree ("rank");--> statement-breakpoint
CREATE INDEX "news_items_published_idx" ON "news_items" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "news_items_tags_idx" ON "news_items" USING gin ("tags");