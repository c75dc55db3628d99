CREATE TABLE "airdrop_reminders" (
	"user_id" text NOT NULL,
	"airdrop_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airdrop_reminders_user_id_airdrop_id_pk" PRIMARY KEY("user_id","airdrop_id")
);
--> statement-breakpoint
CREATE TABLE "airdrop_task_ticks" (
	"user_id" text NOT NULL,
	"task_id" bigint NOT NULL,
	"ticked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airdrop_task_ticks_user_id_task_id_pk" PRIMARY KEY("user_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "airdrop_tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "airdrop_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"airdrop_id" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"url" text,
	CONSTRAINT "airdrop_tasks_url_https" CHECK ("airdrop_tasks"."url" is null or "airdrop_tasks"."url" like 'https://%')
);
--> statement-breakpoint
CREATE TABLE "smart_money_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "smart_money_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL,
	"category" text NOT NULL,
	"source_url" text NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_money_addresses_chain_check" CHECK ("smart_money_addresses"."chain" in ('bitcoin', 'tron')),
	CONSTRAINT "smart_money_addresses_category_check" CHECK ("smart_money_addresses"."category" in ('exchange', 'fund', 'holder')),
	CONSTRAINT "smart_money_addresses_source_https" CHECK ("smart_money_addresses"."source_url" like 'https://%')
);
--> statement-breakpoint
CREATE TABLE "smart_money_annotations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "smart_money_annotations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transfer_id" bigint NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_money_balances" (
	"address_id" bigint NOT NULL,
	"day" date NOT NULL,
	"balance_minor" bigint NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_money_balances_address_id_day_pk" PRIMARY KEY("address_id","day")
);
--> statement-breakpoint
CREATE TABLE "smart_money_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "smart_money_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"address_id" bigint NOT NULL,
	"txid" text NOT NULL,
	"address" text NOT NULL,
	"asset" text NOT NULL,
	"flow" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"counterparty" text,
	"direction" text NOT NULL,
	"usd_value_cents" bigint,
	"price_source" text,
	"block_height" integer,
	"occurred_at" timestamp with time zone NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_money_transfers_amount_positive" CHECK ("smart_money_transfers"."amount_minor" > 0),
	CONSTRAINT "smart_money_transfers_flow_check" CHECK ("smart_money_transfers"."flow" in ('in', 'out')),
	CONSTRAINT "smart_money_transfers_direction_check" CHECK ("smart_money_transfers"."direction" in ('to-exchange', 'from-exchange', 'other'))
);
--> statement-breakpoint
-- Airdrops tool and smart money (issue 20, ADR 0085). An airdrop's official source becomes required
-- and https: the sample rows of earlier installs get a documentation address (example.com); a
-- row without a source is no campaign anyone can check, so it is ended and says so.
UPDATE "airdrops" SET "url" = 'https://example.com/' || "id" WHERE "is_sample" AND ("url" IS NULL OR "url" NOT LIKE 'https://%');--> statement-breakpoint
UPDATE "airdrops" SET "url" = 'https://example.com/no-official-source-recorded', "status" = 'ended' WHERE "url" IS NULL OR "url" NOT LIKE 'https://%';--> statement-breakpoint
ALTER TABLE "airdrops" ALTER COLUMN "url" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "airdrops" ADD COLUMN "chain" text DEFAULT 'Not stated' NOT NULL;--> statement-breakpoint
ALTER TABLE "airdrops" ADD COLUMN "risk_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "airdrops" ADD COLUMN "estimated_value" text;--> statement-breakpoint
ALTER TABLE "airdrops" ADD COLUMN "estimated_value_source" text;--> statement-breakpoint
ALTER TABLE "airdrops" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "airdrop_reminders" ADD CONSTRAINT "airdrop_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_reminders" ADD CONSTRAINT "airdrop_reminders_airdrop_id_airdrops_id_fk" FOREIGN KEY ("airdrop_id") REFERENCES "public"."airdrops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_task_ticks" ADD CONSTRAINT "airdrop_task_ticks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_task_ticks" ADD CONSTRAINT "airdrop_task_ticks_task_id_airdrop_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."airdrop_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_tasks" ADD CONSTRAINT "airdrop_tasks_airdrop_id_airdrops_id_fk" FOREIGN KEY ("airdrop_id") REFERENCES "public"."airdrops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_money_annotations" ADD CONSTRAINT "smart_money_annotations_transfer_id_smart_money_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."smart_money_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_money_annotations" ADD CONSTRAINT "smart_money_annotations_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_money_balances" ADD CONSTRAINT "smart_money_balances_address_id_smart_money_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."smart_money_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_money_transfers" ADD CONSTRAINT "smart_money_transfers_address_id_smart_money_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."smart_money_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "airdrop_task_ticks_task_idx" ON "airdrop_task_ticks" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "airdrop_tasks_position_key" ON "airdrop_tasks" USING btree ("airdrop_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_money_addresses_key" ON "smart_money_addresses" USING btree ("chain","address");--> statement-breakpoint
CREATE INDEX "smart_money_annotations_transfer_idx" ON "smart_money_annotations" USING btree ("transfer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_money_transfers_key" ON "smart_money_transfers" USING btree ("txid","address");--> statement-breakpoint
CREATE INDEX "smart_money_transfers_feed_idx" ON "smart_money_transfers" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "smart_money_transfers_address_idx" ON "smart_money_transfers" USING btree ("address_id","occurred_at");--> statement-breakpoint
ALTER TABLE "airdrops" ADD CONSTRAINT "airdrops_url_https" CHECK ("airdrops"."url" like 'https://%');--> statement-breakpoint
ALTER TABLE "airdrops" ADD CONSTRAINT "airdrops_estimate_with_source" CHECK (("airdrops"."estimated_value" is null) = ("airdrops"."estimated_value_source" is null) and ("airdrops"."estimated_value_source" is null or "airdrops"."estimated_value_source" like 'https://%'));