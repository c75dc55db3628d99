CREATE TABLE "leaderboard_entrants" (
	"user_id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"name_key" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_entrants_name_length" CHECK (char_length("leaderboard_entrants"."display_name") between 3 and 24)
);
--> statement-breakpoint
CREATE TABLE "leaderboard_standings" (
	"period" text NOT NULL,
	"user_id" text NOT NULL,
	"rank" integer NOT NULL,
	"return_bps" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leaderboard_standings_period_user_id_pk" PRIMARY KEY("period","user_id"),
	CONSTRAINT "leaderboard_standings_period_check" CHECK ("leaderboard_standings"."period" in ('week', 'month', 'all')),
	CONSTRAINT "leaderboard_standings_rank_check" CHECK ("leaderboard_standings"."rank" >= 1)
);
--> statement-breakpoint
ALTER TABLE "leaderboard_entrants" ADD CONSTRAINT "leaderboard_entrants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_standings" ADD CONSTRAINT "leaderboard_standings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leaderboard_entrants_name_key_unique" ON "leaderboard_entrants" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "leaderboard_standings_rank_idx" ON "leaderboard_standings" USING btree ("period","rank");