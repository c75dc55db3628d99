-- The research desk (issue 18, ADR 0073): written pieces with their review workflow and published
-- versions, uploaded images, trading setups whose status follows the price feed, the desk's market
-- stances, follows, and (development only) hand-set sample prices. A published setup is a record
-- like a pick: its levels never change and it is never deleted; each status it reaches is
-- recorded once; published versions and stances are history, never rewritten.
CREATE TABLE "market_stances" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_stances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"horizon" text NOT NULL,
	"stance" text NOT NULL,
	"rationale" text NOT NULL,
	"author_id" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	CONSTRAINT "market_stances_horizon_check" CHECK ("market_stances"."horizon" in ('short', 'medium', 'long')),
	CONSTRAINT "market_stances_stance_check" CHECK ("market_stances"."stance" in ('bullish', 'neutral', 'bearish'))
);
--> statement-breakpoint
CREATE TABLE "research_follows" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "research_follows_user_id_kind_target_pk" PRIMARY KEY("user_id","kind","target"),
	CONSTRAINT "research_follows_kind_check" CHECK ("research_follows"."kind" in ('asset', 'analyst'))
);
--> statement-breakpoint
CREATE TABLE "research_images" (
	"id" text PRIMARY KEY NOT NULL,
	"uploader_id" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_pieces" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"author_id" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body_md" text DEFAULT '' NOT NULL,
	"premium" boolean DEFAULT false NOT NULL,
	"holdings" text DEFAULT '' NOT NULL,
	"assets" text[] DEFAULT '{}'::text[] NOT NULL,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewer_id" text,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"pick_id" text,
	"setup_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(summary, '')), 'B') || setweight(to_tsvector('english', coalesce(body_md, '')), 'C')) STORED NOT NULL,
	CONSTRAINT "research_pieces_kind_check" CHECK ("research_pieces"."kind" in ('report', 'pick', 'setup', 'update')),
	CONSTRAINT "research_pieces_status_check" CHECK ("research_pieces"."status" in ('draft', 'in_review', 'scheduled', 'published')),
	CONSTRAINT "research_pieces_published_whole" CHECK (("research_pieces"."status" = 'published') = ("research_pieces"."published_at" is not null and "research_pieces"."version" >= 1)),
	CONSTRAINT "research_pieces_scheduled_time" CHECK ("research_pieces"."status" <> 'scheduled' or "research_pieces"."publish_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "research_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "research_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"piece_id" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body_md" text NOT NULL,
	"holdings" text NOT NULL,
	"change_note" text,
	"editor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_price_overrides" (
	"symbol" text PRIMARY KEY NOT NULL,
	"price_usd" numeric(38, 18) NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_setup_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_setup_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"setup_id" text NOT NULL,
	"status" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_setups" (
	"id" text PRIMARY KEY NOT NULL,
	"piece_id" text NOT NULL,
	"asset" text NOT NULL,
	"side" text NOT NULL,
	"entry_low" numeric(38, 18) NOT NULL,
	"entry_high" numeric(38, 18) NOT NULL,
	"stop" numeric(38, 18) NOT NULL,
	"targets" numeric(38, 18)[] NOT NULL,
	"timeframe" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"published_price" numeric(38, 18) NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	CONSTRAINT "trading_setups_side_check" CHECK ("trading_setups"."side" in ('long', 'short')),
	CONSTRAINT "trading_setups_status_check" CHECK ("trading_setups"."status" in ('waiting', 'triggered', 'target_1', 'target_2', 'target_3', 'stopped', 'expired')),
	CONSTRAINT "trading_setups_levels_check" CHECK ("trading_setups"."entry_low" > 0 and "trading_setups"."entry_low" <= "trading_setups"."entry_high" and "trading_setups"."stop" > 0
          and cardinality("trading_setups"."targets") between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "market_stances" ADD CONSTRAINT "market_stances_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_follows" ADD CONSTRAINT "research_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_images" ADD CONSTRAINT "research_images_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_pieces" ADD CONSTRAINT "research_pieces_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_pieces" ADD CONSTRAINT "research_pieces_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_pieces" ADD CONSTRAINT "research_pieces_pick_id_research_picks_id_fk" FOREIGN KEY ("pick_id") REFERENCES "public"."research_picks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_versions" ADD CONSTRAINT "research_versions_piece_id_research_pieces_id_fk" FOREIGN KEY ("piece_id") REFERENCES "public"."research_pieces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_versions" ADD CONSTRAINT "research_versions_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_setup_events" ADD CONSTRAINT "trading_setup_events_setup_id_trading_setups_id_fk" FOREIGN KEY ("setup_id") REFERENCES "public"."trading_setups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_setups" ADD CONSTRAINT "trading_setups_piece_id_research_pieces_id_fk" FOREIGN KEY ("piece_id") REFERENCES "public"."research_pieces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_stances_horizon_idx" ON "market_stances" USING btree ("horizon","set_at");--> statement-breakpoint
CREATE INDEX "research_follows_target_idx" ON "research_follows" USING btree ("kind","target");--> statement-breakpoint
CREATE UNIQUE INDEX "research_pieces_slug_unique" ON "research_pieces" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "research_pieces_published_idx" ON "research_pieces" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "research_pieces_author_idx" ON "research_pieces" USING btree ("author_id","updated_at");--> statement-breakpoint
CREATE INDEX "research_pieces_search_idx" ON "research_pieces" USING gin ("search");--> statement-breakpoint
CREATE INDEX "research_pieces_assets_idx" ON "research_pieces" USING gin ("assets");--> statement-breakpoint
CREATE INDEX "research_pieces_scheduled_idx" ON "research_pieces" USING btree ("publish_at") WHERE "research_pieces"."status" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "research_versions_piece_version_unique" ON "research_versions" USING btree ("piece_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_setup_events_once" ON "trading_setup_events" USING btree ("setup_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_setups_piece_unique" ON "trading_setups" USING btree ("piece_id");--> statement-breakpoint
CREATE INDEX "trading_setups_live_idx" ON "trading_setups" USING btree ("asset") WHERE "trading_setups"."status" in ('waiting', 'triggered', 'target_1', 'target_2');

--> statement-breakpoint
CREATE FUNCTION research_history_rules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'research: % is history; it is never changed or deleted', TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER research_versions_history BEFORE UPDATE OR DELETE ON research_versions
  FOR EACH ROW EXECUTE FUNCTION research_history_rules();
--> statement-breakpoint
CREATE TRIGGER trading_setup_events_history BEFORE UPDATE OR DELETE ON trading_setup_events
  FOR EACH ROW EXECUTE FUNCTION research_history_rules();
--> statement-breakpoint
CREATE TRIGGER market_stances_history BEFORE UPDATE OR DELETE ON market_stances
  FOR EACH ROW EXECUTE FUNCTION research_history_rules();
--> statement-breakpoint
CREATE FUNCTION trading_setups_rules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'research: a published setup is never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.asset IS DISTINCT FROM OLD.asset OR NEW.side IS DISTINCT FROM OLD.side
     OR NEW.entry_low IS DISTINCT FROM OLD.entry_low OR NEW.entry_high IS DISTINCT FROM OLD.entry_high
     OR NEW.stop IS DISTINCT FROM OLD.stop OR NEW.targets IS DISTINCT FROM OLD.targets
     OR NEW.published_price IS DISTINCT FROM OLD.published_price
     OR NEW.published_at IS DISTINCT FROM OLD.published_at OR NEW.expires_at IS DISTINCT FROM OLD.expires_at
     OR NEW.piece_id IS DISTINCT FROM OLD.piece_id OR NEW.sample IS DISTINCT FROM OLD.sample THEN
    RAISE EXCEPTION 'research: a published setup''s levels and dates never change'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER trading_setups_rules BEFORE UPDATE OR DELETE ON trading_setups
  FOR EACH ROW EXECUTE FUNCTION trading_setups_rules();
--> statement-breakpoint
CREATE TRIGGER research_no_truncate BEFORE TRUNCATE ON research_versions
  FOR EACH STATEMENT EXECUTE FUNCTION research_history_rules();
--> statement-breakpoint
CREATE TRIGGER trading_setups_no_truncate BEFORE TRUNCATE ON trading_setups
  FOR EACH STATEMENT EXECUTE FUNCTION research_history_rules();
--> statement-breakpoint
CREATE TRIGGER trading_setup_events_no_truncate BEFORE TRUNCATE ON trading_setup_events
  FOR EACH STATEMENT EXECUTE FUNCTION research_history_rules();
