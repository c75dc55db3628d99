-- Ledger invariants enforced by the database itself (ADR 0031). Hand-written: drizzle-kit does
-- not model triggers. Every rule here is also checked in app/domain/ledger for a clear error;
-- these are the backstop that no code path (or psql session) can skip.

-- 1. Postings are only ever added together with their entry, in the entry's transaction.
CREATE FUNCTION ledger_posting_same_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.id = NEW.entry_id AND e.created_at = now()) THEN
    RAISE EXCEPTION 'ledger: postings can only be added in the transaction that creates their entry (entry %)', NEW.entry_id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_same_transaction BEFORE INSERT ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_posting_same_transaction();
--> statement-breakpoint

-- 2. Balances are the running sum of postings, kept here so they can never drift.
CREATE FUNCTION ledger_apply_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing bigint;
BEGIN
  UPDATE ledger_balances b
     SET balance = b.balance + d.delta, updated_at = now()
    FROM (SELECT account_id, sum(amount)::bigint AS delta FROM new_postings GROUP BY account_id) d
   WHERE b.account_id = d.account_id;
  SELECT p.account_id INTO missing FROM new_postings p
   WHERE NOT EXISTS (SELECT 1 FROM ledger_balances b WHERE b.account_id = p.account_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'ledger: account % has no balance row', missing USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_apply AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_postings();
--> statement-breakpoint

-- 3. Every entry has at least two postings and sums to zero per asset, checked at commit.
CREATE FUNCTION ledger_check_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  postings_count integer;
  unbalanced text;
BEGIN
  SELECT count(*) INTO postings_count FROM ledger_postings WHERE entry_id = NEW.id;
  IF postings_count < 2 THEN
    RAISE EXCEPTION 'ledger: entry % has % posting(s); at least two are required', NEW.id, postings_count
      USING ERRCODE = 'check_violation';
  END IF;
  SELECT asset INTO unbalanced FROM ledger_postings WHERE entry_id = NEW.id
   GROUP BY asset HAVING sum(amount) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger: entry % does not sum to zero in %', NEW.id, unbalanced USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_balanced();
--> statement-breakpoint

-- 4. Append-only: entries, postings and accounts are never updated, deleted or truncated.
CREATE FUNCTION ledger_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: % is append-only (% rejected); correct with a new entry', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_reject_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_reject_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_append_only BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_reject_change();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();
--> statement-breakpoint

-- 5. A balance row starts at zero and changes only through postings (trigger 2), never directly.
CREATE FUNCTION ledger_guard_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.balance <> 0 THEN
      RAISE EXCEPTION 'ledger: a balance starts at zero' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 AND NEW.account_id = OLD.account_id
     AND NEW.allow_negative = OLD.allow_negative THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger: balances change only through postings (% rejected)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_balances_guard BEFORE INSERT OR UPDATE OR DELETE ON ledger_balances
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_balance();
--> statement-breakpoint
CREATE TRIGGER ledger_balances_no_truncate BEFORE TRUNCATE ON ledger_balances
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();
--> statement-breakpoint

-- 6. A hold resolves exactly once: pending → posted | voided, then never changes again.
CREATE FUNCTION ledger_guard_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger: holds are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'ledger: hold % is already %', OLD.id, OLD.status USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.id <> OLD.id OR NEW.ledger <> OLD.ledger OR NEW.user_id <> OLD.user_id OR NEW.asset <> OLD.asset
     OR NEW.amount <> OLD.amount OR NEW.hold_entry_id <> OLD.hold_entry_id
     OR NEW.operation_id IS DISTINCT FROM OLD.operation_id OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'ledger: only a hold''s resolution may change' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_holds_guard BEFORE UPDATE OR DELETE ON ledger_holds
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_hold();
--> statement-breakpoint

-- 7. An operation's status moves once, from pending to completed or failed; history is never deleted.
CREATE FUNCTION ledger_guard_operation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger: operations are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.status <> OLD.status AND OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'ledger: operation % is already %', OLD.id, OLD.status USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.id <> OLD.id OR NEW.ledger <> OLD.ledger OR NEW.user_id <> OLD.user_id OR NEW.type <> OLD.type
     OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'ledger: an operation''s owner, ledger and type never change' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_operations_guard BEFORE UPDATE OR DELETE ON ledger_operations
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_operation();
--> statement-breakpoint
CREATE TRIGGER ledger_operations_no_truncate BEFORE TRUNCATE ON ledger_operations
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();
--> statement-breakpoint
CREATE TRIGGER ledger_holds_no_truncate BEFORE TRUNCATE ON ledger_holds
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();
