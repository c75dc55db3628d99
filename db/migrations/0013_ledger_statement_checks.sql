-- Ledger throughput, third step (ADR 0033). The two foreign keys on ledger_postings took a
-- KEY SHARE row lock on the posting's account and entry for every posting: a heap write (and,
-- on a busy system account, a multixact) per row that cost more than the rest of a transfer.
-- Entries and accounts are append-only (migration 0003), so the same guarantees hold when
-- checked once per statement in the trigger that applies the postings: every posting's entry
-- exists on the posting's ledger and was created in this transaction, and its account exists on
-- the posting's ledger and asset. The balance guard becomes WHEN-conditioned triggers, so the
-- common case (a balance updated by that trigger) runs no PL/pgSQL at all.
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_entry_fk";
--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_account_fk";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_apply_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_updated integer;
  v_accounts integer;
BEGIN
  IF EXISTS (SELECT 1 FROM new_postings p LEFT JOIN ledger_entries e ON e.id = p.entry_id
              WHERE e.id IS NULL OR e.ledger <> p.ledger) THEN
    RAISE EXCEPTION 'ledger: a posting names an entry that does not exist on its ledger (foreign key)'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM new_postings p JOIN ledger_entries e ON e.id = p.entry_id WHERE e.created_at <> now()) THEN
    RAISE EXCEPTION 'ledger: postings can only be added in the transaction that creates their entry'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM new_postings p LEFT JOIN ledger_accounts a ON a.id = p.account_id
              WHERE a.id IS NULL OR a.ledger <> p.ledger OR a.asset <> p.asset) THEN
    RAISE EXCEPTION 'ledger: a posting names an account that does not exist on its ledger and asset (foreign key)'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  UPDATE ledger_balances b
     SET balance = b.balance + d.delta, updated_at = now()
    FROM (SELECT account_id, sum(amount)::bigint AS delta FROM new_postings GROUP BY account_id) d
   WHERE b.account_id = d.account_id;
  GET DIAGNOSTICS v_updated = ROW_COUNT;
  SELECT count(DISTINCT account_id) INTO v_accounts FROM new_postings;
  IF v_updated <> v_accounts THEN
    RAISE EXCEPTION 'ledger: a posted account has no balance row' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every lookup above is by primary key. A session's cached plan, made while a table was still
-- small, would otherwise keep scanning it whole as it grows (seen in bench/ledger-bench.ts: 388
-- million rows read in 30 s); index lookups stay cheap at any size.
ALTER FUNCTION ledger_apply_postings() SET enable_seqscan = off;
--> statement-breakpoint
DROP TRIGGER ledger_balances_guard ON ledger_balances;
--> statement-breakpoint
DROP FUNCTION ledger_guard_balance();
--> statement-breakpoint
CREATE FUNCTION ledger_reject_balance_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: a balance starts at zero' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_reject_balance_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: balances change only through postings (% rejected)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_balances_guard_insert BEFORE INSERT ON ledger_balances
  FOR EACH ROW WHEN (NEW.balance <> 0) EXECUTE FUNCTION ledger_reject_balance_start();
--> statement-breakpoint
-- Depth 0 is a statement from outside any trigger; ledger_apply_postings runs its UPDATE at depth 1.
CREATE TRIGGER ledger_balances_guard_update BEFORE UPDATE ON ledger_balances
  FOR EACH ROW WHEN (pg_trigger_depth() < 1 OR NEW.account_id <> OLD.account_id OR NEW.allow_negative <> OLD.allow_negative)
  EXECUTE FUNCTION ledger_reject_balance_change();
--> statement-breakpoint
CREATE TRIGGER ledger_balances_guard_delete BEFORE DELETE ON ledger_balances
  FOR EACH ROW EXECUTE FUNCTION ledger_reject_balance_change();
