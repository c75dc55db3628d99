CREATE TABLE "brokers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brokers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"url" text NOT NULL,
	"image_url" text NOT NULL,
	"price_text" text NOT NULL,
	"affiliate" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brokers_url_check" CHECK ("brokers"."url" ~ '^https://')
);
--> statement-breakpoint
CREATE TABLE "staking_positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staking_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ledger" text NOT NULL,
	"user_id" text NOT NULL,
	"product_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"duration_days" integer NOT NULL,
	"apr_bps" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reward" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"idempotency_key" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"matures_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"open_entry_id" bigint,
	"settle_entry_id" bigint,
	"operation_id" bigint,
	"reward_operation_id" bigint,
	CONSTRAINT "staking_positions_ledger_check" CHECK ("staking_positions"."ledger" in ('real', 'demo')),
	CONSTRAINT "staking_positions_asset_check" CHECK ("staking_positions"."asset" in ('BTC', 'ETH', 'SOL', 'BNB', 'BCH', 'TRX', 'USDT')),
	CONSTRAINT "staking_positions_duration_check" CHECK ("staking_positions"."duration_days" in (3, 7, 14, 30, 90, 180)),
	CONSTRAINT "staking_positions_amount_check" CHECK ("staking_positions"."amount" > 0 and "staking_positions"."reward" >= 0),
	CONSTRAINT "staking_positions_status_check" CHECK ("staking_positions"."status" in ('open', 'matured', 'exited')),
	CONSTRAINT "staking_positions_dates_check" CHECK ("staking_positions"."matures_at" > "staking_positions"."opened_at"),
	CONSTRAINT "staking_positions_settled_check" CHECK (("staking_positions"."status" = 'open') = ("staking_positions"."settled_at" is null) and ("staking_positions"."status" = 'open') = ("staking_positions"."settle_entry_id" is null))
);
--> statement-breakpoint
CREATE TABLE "staking_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staking_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"asset" text NOT NULL,
	"duration_days" integer NOT NULL,
	"apr_bps" integer NOT NULL,
	"minimum_usd_minor" bigint NOT NULL,
	"per_member_maximum_minor" bigint NOT NULL,
	"total_capacity_minor" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staking_products_asset_duration_unique" UNIQUE("asset","duration_days"),
	CONSTRAINT "staking_products_asset_check" CHECK ("staking_products"."asset" in ('BTC', 'ETH', 'SOL', 'BNB', 'BCH', 'TRX', 'USDT')),
	CONSTRAINT "staking_products_duration_check" CHECK ("staking_products"."duration_days" in (3, 7, 14, 30, 90, 180)),
	CONSTRAINT "staking_products_apr_check" CHECK ("staking_products"."apr_bps" between 0 and 10000),
	CONSTRAINT "staking_products_limits_check" CHECK ("staking_products"."minimum_usd_minor" >= 0 and "staking_products"."per_member_maximum_minor" > 0 and "staking_products"."total_capacity_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "swap_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"ledger" text NOT NULL,
	"user_id" text NOT NULL,
	"from_asset" text NOT NULL,
	"to_asset" text NOT NULL,
	"from_amount" bigint NOT NULL,
	"to_amount" bigint NOT NULL,
	"fee_amount" bigint NOT NULL,
	"from_price_usd" numeric NOT NULL,
	"to_price_usd" numeric NOT NULL,
	"prices_as_of" timestamp with time zone NOT NULL,
	"spread_bps" integer NOT NULL,
	"fee_bps" integer NOT NULL,
	"rate" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"executed_at" timestamp with time zone,
	"entry_id" bigint,
	"operation_id" bigint,
	CONSTRAINT "swap_quotes_ledger_check" CHECK ("swap_quotes"."ledger" in ('real', 'demo')),
	CONSTRAINT "swap_quotes_from_asset_check" CHECK ("swap_quotes"."from_asset" in ('USD', 'BTC', 'ETH', 'SOL', 'BNB', 'BCH', 'TRX', 'USDT')),
	CONSTRAINT "swap_quotes_to_asset_check" CHECK ("swap_quotes"."to_asset" in ('USD', 'BTC', 'ETH', 'SOL', 'BNB', 'BCH', 'TRX', 'USDT')),
	CONSTRAINT "swap_quotes_pair_check" CHECK ("swap_quotes"."from_asset" <> "swap_quotes"."to_asset"),
	CONSTRAINT "swap_quotes_amounts_check" CHECK ("swap_quotes"."from_amount" > 0 and "swap_quotes"."to_amount" > 0 and "swap_quotes"."fee_amount" >= 0),
	CONSTRAINT "swap_quotes_status_check" CHECK ("swap_quotes"."status" in ('open', 'executed')),
	CONSTRAINT "swap_quotes_executed_check" CHECK (("swap_quotes"."status" = 'executed') = ("swap_quotes"."entry_id" is not null) and ("swap_quotes"."status" = 'executed') = ("swap_quotes"."executed_at" is not null)),
	CONSTRAINT "swap_quotes_expiry_check" CHECK ("swap_quotes"."expires_at" > "swap_quotes"."created_at")
);
--> statement-breakpoint
ALTER TABLE "staking_positions" ADD CONSTRAINT "staking_positions_product_id_staking_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."staking_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staking_positions_idempotency_key_unique" ON "staking_positions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "staking_positions_user_idx" ON "staking_positions" USING btree ("user_id","ledger","opened_at");--> statement-breakpoint
CREATE INDEX "staking_positions_due_idx" ON "staking_positions" USING btree ("status","matures_at");--> statement-breakpoint
CREATE INDEX "staking_positions_product_idx" ON "staking_positions" USING btree ("product_id","ledger","status");--> statement-breakpoint
CREATE INDEX "swap_quotes_user_idx" ON "swap_quotes" USING btree ("user_id","created_at");