CREATE TABLE "live_event_registrations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_event_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"reminded_24h_at" timestamp with time zone,
	"reminded_15m_at" timestamp with time zone,
	CONSTRAINT "live_event_registrations_status_check" CHECK ("live_event_registrations"."status" in ('registered', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"host" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"registered_count" integer DEFAULT 0 NOT NULL,
	"premium" boolean DEFAULT false NOT NULL,
	"join_url" text NOT NULL,
	"replay_url" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"cancel_reason" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_events_kind_check" CHECK ("live_events"."kind" in ('ama', 'webinar')),
	CONSTRAINT "live_events_status_check" CHECK ("live_events"."status" in ('scheduled', 'cancelled')),
	CONSTRAINT "live_events_capacity_check" CHECK ("live_events"."capacity" between 1 and 100000),
	CONSTRAINT "live_events_registered_check" CHECK ("live_events"."registered_count" >= 0 and "live_events"."registered_count" <= "live_events"."capacity"),
	CONSTRAINT "live_events_duration_check" CHECK ("live_events"."duration_minutes" between 5 and 1440)
);
--> statement-breakpoint
CREATE TABLE "research_comment_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "research_comment_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"comment_id" bigint NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "research_comment_reports_reason_check" CHECK ("research_comment_reports"."reason" in ('spam', 'abuse', 'scam', 'other'))
);
--> statement-breakpoint
CREATE TABLE "research_comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "research_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"piece_id" text NOT NULL,
	"author_id" text NOT NULL,
	"parent_id" bigint,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" text,
	"hidden_reason" text,
	CONSTRAINT "research_comments_body_check" CHECK (length("research_comments"."body") between 1 and 2000),
	CONSTRAINT "research_comments_hidden_check" CHECK (("research_comments"."hidden_at" is null) = ("research_comments"."hidden_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "live_event_registrations" ADD CONSTRAINT "live_event_registrations_event_id_live_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."live_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_event_registrations" ADD CONSTRAINT "live_event_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_comment_reports" ADD CONSTRAINT "research_comment_reports_comment_id_research_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."research_comments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_comment_reports" ADD CONSTRAINT "research_comment_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_comments" ADD CONSTRAINT "research_comments_piece_id_research_pieces_id_fk" FOREIGN KEY ("piece_id") REFERENCES "public"."research_pieces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_comments" ADD CONSTRAINT "research_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_comments" ADD CONSTRAINT "research_comments_parent_id_research_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."research_comments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_comments" ADD CONSTRAINT "research_comments_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_event_registrations_unique" ON "live_event_registrations" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "live_event_registrations_user_idx" ON "live_event_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_events_starts_idx" ON "live_events" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "research_comment_reports_unique" ON "research_comment_reports" USING btree ("comment_id","reporter_id");--> statement-breakpoint
CREATE INDEX "research_comments_piece_idx" ON "research_comments" USING btree ("piece_id","created_at");--> statement-breakpoint
-- Replies are one level deep and stay on their parent's piece (ADR 0083): the domain checks the
-- same, this makes it true whatever writes the row.
CREATE FUNCTION research_comments_one_level() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM research_comments p
     WHERE p.id = NEW.parent_id AND p.parent_id IS NULL AND p.piece_id = NEW.piece_id
  ) THEN
    RAISE EXCEPTION 'a reply must answer a top-level comment on the same piece'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER research_comments_one_level BEFORE INSERT OR UPDATE OF parent_id, piece_id ON research_comments
  FOR EACH ROW EXECUTE FUNCTION research_comments_one_level();
