-- Research picks (issue 18): the track record counts every pick ever published, so a published
-- pick is a record the database keeps: never deleted or truncated, its asset, analyst, prices and
-- publishing time never edited, closed once (with the exit prices) and never reopened, and only
-- sample content may carry a past publishing time.
CREATE TABLE "research_picks" (
	"id" text PRIMARY KEY NOT NULL,
	"asset" text NOT NULL,
	"analyst_id" text NOT NULL,
	"title" text NOT NULL,
	"thesis" text NOT NULL,
	"risk" text NOT NULL,
	"horizon" text NOT NULL,
	"entry_price" numeric(38, 18) NOT NULL,
	"btc_entry_price" numeric(38, 18) NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"exit_price" numeric(38, 18),
	"btc_exit_price" numeric(38, 18),
	"sample" boolean DEFAULT false NOT NULL,
	CONSTRAINT "research_picks_risk_check" CHECK ("research_picks"."risk" in ('low', 'medium', 'high')),
	CONSTRAINT "research_picks_horizon_check" CHECK ("research_picks"."horizon" in ('short', 'medium', 'long')),
	CONSTRAINT "research_picks_prices_positive" CHECK ("research_picks"."entry_price" > 0 and "research_picks"."btc_entry_price" > 0),
	CONSTRAINT "research_picks_closed_whole" CHECK (("research_picks"."closed_at" is null and "research_picks"."exit_price" is null and "research_picks"."btc_exit_price" is null)
          or ("research_picks"."closed_at" is not null and "research_picks"."exit_price" > 0 and "research_picks"."btc_exit_price" > 0))
);
--> statement-breakpoint
ALTER TABLE "research_picks" ADD CONSTRAINT "research_picks_analyst_id_users_id_fk" FOREIGN KEY ("analyst_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "research_picks_published_idx" ON "research_picks" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "research_picks_asset_idx" ON "research_picks" USING btree ("asset","published_at");--> statement-breakpoint
CREATE FUNCTION research_picks_rules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'research: a published pick is never deleted; close it instead'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.sample AND NEW.analyst_id <> 'sample-analyst' THEN
      RAISE EXCEPTION 'research: only the shipped sample analyst''s picks are sample content'
        USING ERRCODE = 'check_violation';
    END IF;
    IF NOT NEW.sample AND (NEW.published_at < now() - interval '5 minutes'
                           OR NEW.published_at > now() + interval '5 minutes') THEN
      RAISE EXCEPTION 'research: a pick is published now, never back- or forward-dated'
        USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.closed_at IS NOT NULL AND NOT NEW.sample THEN
      RAISE EXCEPTION 'research: a pick is published open' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  -- UPDATE: what was published stays; the only change is closing it, once.
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.asset IS DISTINCT FROM OLD.asset
     OR NEW.analyst_id IS DISTINCT FROM OLD.analyst_id
     OR NEW.entry_price IS DISTINCT FROM OLD.entry_price
     OR NEW.btc_entry_price IS DISTINCT FROM OLD.btc_entry_price
     OR NEW.published_at IS DISTINCT FROM OLD.published_at
     OR NEW.sample IS DISTINCT FROM OLD.sample THEN
    RAISE EXCEPTION 'research: a published pick''s asset, analyst, prices and date never change'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.closed_at IS NOT NULL AND (NEW.closed_at IS DISTINCT FROM OLD.closed_at
     OR NEW.exit_price IS DISTINCT FROM OLD.exit_price
     OR NEW.btc_exit_price IS DISTINCT FROM OLD.btc_exit_price) THEN
    RAISE EXCEPTION 'research: a closed pick stays closed at its exit prices'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.closed_at IS NULL AND NEW.closed_at IS NOT NULL AND NOT NEW.sample
     AND (NEW.closed_at < now() - interval '5 minutes' OR NEW.closed_at > now() + interval '5 minutes') THEN
    RAISE EXCEPTION 'research: a pick is closed now, never back- or forward-dated'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER research_picks_rules BEFORE INSERT OR UPDATE OR DELETE ON research_picks
  FOR EACH ROW EXECUTE FUNCTION research_picks_rules();
--> statement-breakpoint
CREATE TRIGGER research_picks_no_truncate BEFORE TRUNCATE ON research_picks
  FOR EACH STATEMENT EXECUTE FUNCTION research_picks_rules();
