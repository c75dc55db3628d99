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
CREATE TABLE "referral_rewards" (
	"referred_user_id" text PRIMARY KEY NOT NULL,
	"referrer_id" text NOT NULL,
	"deposit_id" bigint NOT NULL,
	"status" text NOT NULL,
	"asset" text,
	"amount" bigint,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_status_check" CHECK ("referral_rewards"."status" in ('paid', 'unfunded', 'none', 'refused')),
	CONSTRAINT "referral_rewards_paid_check" CHECK (("referral_rewards"."status" = 'paid') = ("referral_rewards"."entry_id" is not null) and ("referral_rewards"."status" <> 'paid' or "referral_rewards"."amount" > 0)),
	CONSTRAINT "referral_rewards_not_self" CHECK ("referral_rewards"."referrer_id" <> "referral_rewards"."referred_user_id")
);
--> statement-breakpoint
ALTER TABLE "leaderboard_entrants" ADD CONSTRAINT "leaderboard_entrants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_standings" ADD CONSTRAINT "leaderboard_standings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leaderboard_entrants_name_key_unique" ON "leaderboard_entrants" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "leaderboard_standings_rank_idx" ON "leaderboard_standings" USING btree ("period","rank");--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_idx" ON "referral_rewards" USING btree ("referrer_id");