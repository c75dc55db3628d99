ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_identity_unique";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_identity_unique" UNIQUE NULLS NOT DISTINCT("ledger","asset","kind","user_id","shard");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_shard_check" CHECK ("ledger_accounts"."shard" between 0 and 7 and ("ledger_accounts"."shard" = 0 or "ledger_accounts"."user_id" is null));