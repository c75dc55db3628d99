-- =============================================================================================
-- The ledger in the database, as it stands after every migration (ADR 0031, ADR 0033).
--
-- This file is for reading: it is never run by the app. Migrations in db/migrations remain the
-- only way the schema changes; they are history, this is the present. Later migrations replace
-- earlier functions (CREATE OR REPLACE), so the rules that hold today are scattered over
-- 0003, 0007, 0013, 0015 and 0016; here each appears once, in its current form, with why.
--
-- Kept true by db/ledger-sql.db.test.ts: it migrates a fresh database, then, in a transaction it
-- rolls back, drops every ledger_* function and every trigger on a ledger_* table, runs this file
-- in their place and compares pg_get_functiondef, pg_get_triggerdef, per-function settings
-- (proconfig) and privileges before and after. Comments and layout may differ; nothing else may,
-- and the file must leave every table's constraints and indexes as the migrations made them.
-- To change a rule: write a migration (copy the CREATE OR REPLACE FUNCTION from here), then make
-- the same change here. The test fails until both agree.
--
-- The tables are defined by Drizzle in db/schema/ledger.ts (migrations 0002, 0009, 0013), not
-- here. The constraints that carry the ledger's invariants, for reference:
--
--   ledger_accounts    immutable (append-only trigger below); created lazily by ledger_post_entry
--     identity_unique        UNIQUE NULLS NOT DISTINCT (ledger, asset, kind, user_id, shard)
--     kind_check             member kinds available|held|staked have a user; system kinds
--                            deposits|withdrawals|treasury|rewards_pool|reserved_rewards|fees|
--                            demo_funding have none
--     allow_negative_check   allow_negative = (kind IN ('deposits', 'demo_funding'))
--     shard_check            shard 0..7, and only system accounts have shards above 0
--     demo_funding_check     demo_funding exists only on the demo ledger
--     ledger_check, asset_check; UNIQUE (id, ledger, asset) and UNIQUE (id, allow_negative) are
--                            the targets of the composite keys that copy those columns
--   ledger_balances    one row per account, changed only by ledger_apply_postings
--     account_fk             (account_id, allow_negative) -> ledger_accounts: the flag cannot
--                            differ from the account's
--     non_negative           CHECK (allow_negative OR balance >= 0): the last word on overdrafts
--   ledger_entries     append-only journal
--     idempotency_key_unique UNIQUE (idempotency_key): a retry finds the first entry
--     key_check              length(idempotency_key) between 1 and 200
--     id_ledger_unique       UNIQUE (id, ledger); ledger_check; operation_id -> ledger_operations
--     code                   text NOT NULL: one of LEDGER_CODES (app/domain/ledger/types.ts),
--                            CHECK ledger_entries_code_check (migration 0018)
--   ledger_postings    append-only; entry and account checked per statement (ADR 0033), not by
--                      foreign keys
--     entry_account_unique   UNIQUE (entry_id, account_id): one posting per account per entry
--     amount_check           amount <> 0
--   ledger_holds       pending -> posted | voided, once
--     status_check, amount_check (> 0), resolution_check (resolution entry and time set exactly
--     when not pending); hold_entry_unique and resolution_entry_unique (one hold per entry)
--   ledger_operations  the member's history; pending -> completed | failed, once
--     type_check, status_check, ledger_check, asset_check, amount_check (> 0),
--     counter_check (a swap's other side: both or neither, positive)
--
-- Errors the app maps (app/domain/ledger/ledger.server.ts): SQLSTATE LD001 (insufficient funds,
-- raised by ledger_post_entry), 23514 on ledger_balances_non_negative (the same, caught by the
-- CHECK), 40P01 (a rare deadlock between shard waits; postEntry retries).
-- =============================================================================================


-- ---------------------------------------------------------------------------------------------
-- 1. Writing an entry: one round trip (ADR 0031, migrations 0007, 0010, 0011, 0016)
--
-- postEntry (TypeScript) validates the entry and hashes it, then calls this once. Everything it
-- does is also enforced by the constraints and triggers further down; doing it here gives clear
-- errors, and one round trip instead of one per step.
--
-- p_postings: jsonb array of {"asset", "kind", "user_id" (null for system accounts), "amount"
-- (text, signed minor units)}. Returns the entry; replayed = true when the key already existed
-- (then nothing was written and request_hash is the stored one, for the caller to compare).
-- Raises SQLSTATE 'LD001', message 'ledger_insufficient_funds:<posting index>:<balance>', when a
-- non-negative account would go below zero.
--
-- Hot system accounts (treasury, fees, withdrawals …) are split into up to 8 shards so concurrent
-- credits do not queue on one row lock. A system-account posting that needs no funds check (a
-- credit, or a debit of deposits / demo_funding, which may go negative) "floats" to whichever
-- shard nobody holds. A debit of a non-negative system account is "whole": it locks every shard
-- and, when shard 0 alone is short, first moves the others into shard 0 with an ordinary balanced
-- entry of its own (code 'ledger.consolidate'), so the journal stays the only way a balance
-- changes. Member accounts have shard 0 only.
--
-- The settings (migrations 0015, 0016, ADR 0033 addendum): every statement here is a lookup by a
-- unique index over a handful of postings, but generate_series and arrays are estimated at 1000
-- rows, so the plan cache kept re-planning them on every call (13 % of the server's CPU). Generic
-- plans are forced, and sequential scans are off so a plan first made while the tables were small
-- keeps using the indexes as they grow.
-- ---------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION ledger_post_entry(
  p_ledger text, p_code text, p_key text, p_hash text, p_operation_id bigint, p_postings jsonb
) RETURNS TABLE (entry_id bigint, created_at timestamptz, replayed boolean, request_hash text, operation_id bigint)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $$
DECLARE
  v_entry bigint;
  v_created timestamptz;
  v_assets text[];
  v_kinds text[];
  v_users text[];
  v_amounts bigint[];
  v_shards smallint[];
  v_whole boolean[];
  v_floating boolean[];
  v_ids bigint[];
  v_negative boolean[];
  v_lock bigint[];
  v_order integer[];
  v_locked bigint[];
  v_balances bigint[];
  v_missing boolean := false;
  v_posting jsonb;
  -- Where this connection's floating postings start looking, so connections spread over shards.
  v_my_shard smallint := (pg_backend_pid() % 8)::smallint;
  v_id bigint;
  v_allow boolean;
  v_balance bigint;
  v_sum bigint;
  v_consolidation bigint;
  n integer;
  i integer;
BEGIN
  -- Claim the key first. A concurrent twin waits on the unique index, then finds the winner's row
  -- and returns it as a replay; the caller compares request_hash to tell a retry from a conflict.
  INSERT INTO ledger_entries AS e (ledger, code, idempotency_key, request_hash, operation_id)
  VALUES (p_ledger, p_code, p_key, p_hash, p_operation_id)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING e.id, e.created_at INTO v_entry, v_created;
  IF v_entry IS NULL THEN
    RETURN QUERY SELECT e.id, e.created_at, true, e.request_hash, e.operation_id
      FROM ledger_entries e WHERE e.idempotency_key = p_key;
    RETURN;
  END IF;

  -- Read the postings with PL/pgSQL expressions, not a query: a handful of elements, and each
  -- statement's executor start-up is what a transfer costs (0016).
  n := jsonb_array_length(p_postings);
  v_assets := array_fill(NULL::text, ARRAY[n]);
  v_kinds := array_fill(NULL::text, ARRAY[n]);
  v_users := array_fill(NULL::text, ARRAY[n]);
  v_amounts := array_fill(NULL::bigint, ARRAY[n]);
  v_ids := array_fill(NULL::bigint, ARRAY[n]);
  v_negative := array_fill(NULL::boolean, ARRAY[n]);
  v_shards := array_fill(0::smallint, ARRAY[n]);
  v_whole := array_fill(false, ARRAY[n]);
  v_floating := array_fill(false, ARRAY[n]);

  FOR i IN 1..n LOOP
    v_posting := p_postings->(i - 1);
    v_assets[i] := v_posting->>'asset';
    v_kinds[i] := v_posting->>'kind';
    v_users[i] := v_posting->>'user_id';
    v_amounts[i] := (v_posting->>'amount')::bigint;
    -- A system account: whole when its funds must be checked, floating otherwise.
    IF v_users[i] IS NULL THEN
      IF v_amounts[i] < 0 AND v_kinds[i] NOT IN ('deposits', 'demo_funding') THEN
        v_whole[i] := true;
      ELSE
        v_shards[i] := v_my_shard;
        v_floating[i] := true;
      END IF;
    END IF;
    v_id := NULL;
    v_allow := NULL;
    IF v_users[i] IS NULL THEN
      SELECT a.id, a.allow_negative INTO v_id, v_allow FROM ledger_accounts a
       WHERE a.ledger = p_ledger AND a.asset = v_assets[i] AND a.kind = v_kinds[i] AND a.user_id IS NULL
         AND a.shard = v_shards[i];
    ELSE
      SELECT a.id, a.allow_negative INTO v_id, v_allow FROM ledger_accounts a
       WHERE a.ledger = p_ledger AND a.asset = v_assets[i] AND a.kind = v_kinds[i] AND a.user_id = v_users[i]
         AND a.shard = 0;
    END IF;
    v_ids[i] := v_id;
    v_negative[i] := v_allow;
    IF v_id IS NULL THEN
      v_missing := true;
    END IF;
  END LOOP;

  -- Create missing accounts in a fixed order so concurrent creators queue instead of deadlocking.
  -- allow_negative follows from the kind (the CHECK on ledger_accounts insists on it).
  IF v_missing THEN
    SELECT array_agg(g ORDER BY v_assets[g], v_kinds[g], v_users[g], v_shards[g]) INTO v_order
      FROM generate_series(1, n) g WHERE v_ids[g] IS NULL;
    FOREACH i IN ARRAY v_order LOOP
      v_id := NULL;
      INSERT INTO ledger_accounts AS a (ledger, asset, kind, user_id, shard, allow_negative)
      VALUES (p_ledger, v_assets[i], v_kinds[i], v_users[i], v_shards[i], v_kinds[i] IN ('deposits', 'demo_funding'))
      ON CONFLICT ON CONSTRAINT ledger_accounts_identity_unique DO NOTHING
      RETURNING a.id, a.allow_negative INTO v_id, v_allow;
      IF v_id IS NOT NULL THEN
        INSERT INTO ledger_balances (account_id, allow_negative) VALUES (v_id, v_allow);
      ELSE
        SELECT a.id, a.allow_negative INTO v_id, v_allow FROM ledger_accounts a
         WHERE a.ledger = p_ledger AND a.asset = v_assets[i] AND a.kind = v_kinds[i]
           AND a.user_id IS NOT DISTINCT FROM v_users[i] AND a.shard = v_shards[i];
      END IF;
      v_ids[i] := v_id;
      v_negative[i] := v_allow;
    END LOOP;
  END IF;

  -- Lock every balance row involved in ascending account id order (two entries touching the same
  -- accounts then queue instead of deadlocking): the postings' own rows plus, for a debited
  -- non-negative system account, all of its shards. Floating postings are locked later.
  v_lock := '{}';
  FOR i IN 1..n LOOP
    IF NOT v_floating[i] THEN
      v_lock := v_lock || v_ids[i];
    END IF;
    IF v_whole[i] THEN
      v_lock := v_lock || ARRAY(SELECT a.id FROM ledger_accounts a
        WHERE a.ledger = p_ledger AND a.asset = v_assets[i] AND a.kind = v_kinds[i] AND a.user_id IS NULL AND a.shard > 0);
    END IF;
  END LOOP;
  -- One statement locks them (in that order) and reads the balances the funds check needs; a row
  -- another entry changed while we waited is returned as it is now (READ COMMITTED re-check).
  SELECT array_agg(l.account_id), array_agg(l.balance) INTO v_locked, v_balances
    FROM (SELECT b.account_id, b.balance FROM ledger_balances b
           WHERE b.account_id = ANY (v_lock) ORDER BY b.account_id FOR UPDATE) l;

  -- The funds check, on the locked balances: nothing can change them before we commit.
  FOR i IN 1..n LOOP
    IF v_amounts[i] < 0 AND NOT v_negative[i] THEN
      v_balance := v_balances[array_position(v_locked, v_ids[i])];
      IF v_whole[i] AND v_balance + v_amounts[i] < 0 THEN
        -- Gather the other shards into shard 0 with a balanced entry of its own.
        SELECT coalesce(sum(b.balance), 0) INTO v_sum FROM ledger_accounts a JOIN ledger_balances b ON b.account_id = a.id
         WHERE a.ledger = p_ledger AND a.asset = v_assets[i] AND a.kind = v_kinds[i] AND a.user_id IS NULL
           AND a.shard > 0 AND b.balance <> 0;
        IF v_sum <> 0 THEN
          INSERT INTO ledger_entries AS e (ledger, code, idempotency_key, request_hash)
          VALUES (p_ledger, 'ledger.consolidate', 'consolidate:' || v_entry || ':' || i, 'consolidation')
          RETURNING e.id INTO v_consolidation;
          INSERT INTO ledger_postings (entry_id, account_id, ledger, asset, amount)
          SELECT v_consolidation, a.id, p_ledger, v_assets[i], -b.balance
            FROM ledger_accounts a JOIN ledger_balances b ON b.account_id = a.id
           WHERE a.ledger = p_ledger AND a.asset = v_assets[i] AND a.kind = v_kinds[i] AND a.user_id IS NULL
             AND a.shard > 0 AND b.balance <> 0
          UNION ALL
          SELECT v_consolidation, v_ids[i], p_ledger, v_assets[i], v_sum;
          v_balance := v_balance + v_sum;
        END IF;
      END IF;
      IF v_balance + v_amounts[i] < 0 THEN
        RAISE EXCEPTION 'ledger_insufficient_funds:%:%', i - 1, v_balance USING ERRCODE = 'LD001';
      END IF;
    END IF;
  END LOOP;

  -- Postings that need no funds check take any free shard, never waiting while others are free
  -- (SKIP LOCKED cannot deadlock). Only when every shard is busy does one wait for its own, out of
  -- order; PostgreSQL detects the rare deadlock that allows (40P01) and postEntry retries (0011).
  FOR i IN 1..n LOOP
    IF v_floating[i] THEN
      v_id := NULL;
      SELECT b.account_id INTO v_id
        FROM ledger_accounts a JOIN ledger_balances b ON b.account_id = a.id
       WHERE a.ledger = p_ledger AND a.asset = v_assets[i] AND a.kind = v_kinds[i] AND a.user_id IS NULL
       ORDER BY (a.shard - v_my_shard + 8) % 8
       LIMIT 1
         FOR UPDATE OF b SKIP LOCKED;
      IF v_id IS NULL THEN
        PERFORM 1 FROM ledger_balances b WHERE b.account_id = v_ids[i] FOR UPDATE;
      ELSE
        v_ids[i] := v_id;
      END IF;
    END IF;
  END LOOP;

  -- One statement, so ledger_apply_postings (section 2) runs once for the whole entry.
  INSERT INTO ledger_postings (entry_id, account_id, ledger, asset, amount)
  SELECT v_entry, v_ids[g], p_ledger, v_assets[g], v_amounts[g] FROM generate_series(1, n) g;

  -- Returned through the OUT parameters, not a query (0016).
  entry_id := v_entry;
  created_at := v_created;
  replayed := false;
  request_hash := p_hash;
  operation_id := p_operation_id;
  RETURN NEXT;
END $$;


-- ---------------------------------------------------------------------------------------------
-- 2. Balances are the running sum of postings (ADR 0031; checks per statement, ADR 0033)
--
-- A statement trigger applies all of an INSERT's postings at once and is the only writer of
-- ledger_balances (section 5 refuses any other). It also does what foreign keys on
-- ledger_postings used to: every posting's entry exists on the posting's ledger and was created
-- in this transaction (so postings cannot be added to an old entry later), and its account exists
-- on the posting's ledger and asset (so real and demo money never meet). Foreign keys took a row
-- lock on the account for every posting and halved throughput (0013); entries and accounts are
-- append-only and cannot be truncated (section 4), so a row found once stays there.
-- Settings: as for ledger_post_entry. Every lookup is by primary key.
-- ---------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION ledger_apply_postings() RETURNS trigger
LANGUAGE plpgsql
SET enable_seqscan = off
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_bad_entry boolean;
  v_late boolean;
  v_bad_account boolean;
  v_accounts integer;
  v_updated integer;
BEGIN
  -- All the checks in one statement (0016): each statement's start-up is what costs.
  SELECT coalesce(bool_or(e.id IS NULL OR e.ledger <> p.ledger), false),
         coalesce(bool_or(e.created_at <> now()), false),
         coalesce(bool_or(a.id IS NULL OR a.ledger <> p.ledger OR a.asset <> p.asset), false),
         count(DISTINCT p.account_id)
    INTO v_bad_entry, v_late, v_bad_account, v_accounts
    FROM new_postings p
    LEFT JOIN ledger_entries e ON e.id = p.entry_id
    LEFT JOIN ledger_accounts a ON a.id = p.account_id;
  IF v_bad_entry THEN
    RAISE EXCEPTION 'ledger: a posting names an entry that does not exist on its ledger (foreign key)'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF v_late THEN
    RAISE EXCEPTION 'ledger: postings can only be added in the transaction that creates their entry'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF v_bad_account THEN
    RAISE EXCEPTION 'ledger: a posting names an account that does not exist on its ledger and asset (foreign key)'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  -- The CHECK ledger_balances_non_negative refuses an overdraft here even if the funds check in
  -- ledger_post_entry were skipped (a raw INSERT into ledger_postings).
  UPDATE ledger_balances b
     SET balance = b.balance + d.delta, updated_at = now()
    FROM (SELECT account_id, sum(amount)::bigint AS delta FROM new_postings GROUP BY account_id) d
   WHERE b.account_id = d.account_id;
  GET DIAGNOSTICS v_updated = ROW_COUNT;
  IF v_updated <> v_accounts THEN
    RAISE EXCEPTION 'ledger: a posted account has no balance row' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_postings_apply AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_postings();


-- ---------------------------------------------------------------------------------------------
-- 3. Every entry has at least two postings and sums to zero per asset (ADR 0031)
--
-- Checked at commit (a deferred constraint trigger), because the entry row is inserted before its
-- postings: at that moment it has none. One query for both checks (0007).
-- ---------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION ledger_check_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_postings bigint;
  v_unbalanced text;
BEGIN
  SELECT sum(s.n), min(s.asset) FILTER (WHERE s.total <> 0) INTO v_postings, v_unbalanced
    FROM (SELECT asset, count(*) AS n, sum(amount) AS total FROM ledger_postings WHERE entry_id = NEW.id GROUP BY asset) s;
  IF coalesce(v_postings, 0) < 2 THEN
    RAISE EXCEPTION 'ledger: entry % has % posting(s); at least two are required', NEW.id, coalesce(v_postings, 0)
      USING ERRCODE = 'check_violation';
  END IF;
  IF v_unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger: entry % does not sum to zero in %', NEW.id, v_unbalanced USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_balanced();


-- ---------------------------------------------------------------------------------------------
-- 4. Append-only: the journal and the accounts are never updated, deleted or truncated
--
-- A mistake is corrected with a new entry, so the journal always explains every balance.
-- TRUNCATE skips row triggers, hence a statement trigger for it on every ledger table (holds and
-- operations may change state, sections 6 and 7, but never disappear).
-- ---------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION ledger_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: % is append-only (% rejected); correct with a new entry', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_reject_change();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();

CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_reject_change();
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();

CREATE TRIGGER ledger_accounts_append_only BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_reject_change();
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();

CREATE TRIGGER ledger_balances_no_truncate BEFORE TRUNCATE ON ledger_balances
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();
CREATE TRIGGER ledger_holds_no_truncate BEFORE TRUNCATE ON ledger_holds
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();
CREATE TRIGGER ledger_operations_no_truncate BEFORE TRUNCATE ON ledger_operations
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();


-- ---------------------------------------------------------------------------------------------
-- 5. A balance starts at zero and changes only through postings (ADR 0031, ADR 0033)
--
-- WHEN conditions decide, so the common case (ledger_apply_postings updating a balance) runs no
-- PL/pgSQL at all (0013). pg_trigger_depth() is 0 for a statement from outside any trigger and 1
-- inside ledger_apply_postings: an UPDATE at depth 0 is someone editing a balance by hand.
-- ---------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION ledger_reject_balance_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: a balance starts at zero' USING ERRCODE = 'check_violation';
END $$;

CREATE OR REPLACE FUNCTION ledger_reject_balance_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: balances change only through postings (% rejected)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER ledger_balances_guard_insert BEFORE INSERT ON ledger_balances
  FOR EACH ROW WHEN (NEW.balance <> 0) EXECUTE FUNCTION ledger_reject_balance_start();
CREATE TRIGGER ledger_balances_guard_update BEFORE UPDATE ON ledger_balances
  FOR EACH ROW WHEN (pg_trigger_depth() < 1 OR NEW.account_id <> OLD.account_id OR NEW.allow_negative <> OLD.allow_negative)
  EXECUTE FUNCTION ledger_reject_balance_change();
CREATE TRIGGER ledger_balances_guard_delete BEFORE DELETE ON ledger_balances
  FOR EACH ROW EXECUTE FUNCTION ledger_reject_balance_change();


-- ---------------------------------------------------------------------------------------------
-- 6. A hold resolves exactly once: pending -> posted | voided, then never changes (ADR 0031)
--
-- postHold and voidHold lock the hold and update it conditionally; this is the backstop for any
-- other path. Only the resolution columns may change, and only while pending.
-- ---------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION ledger_guard_hold() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER ledger_holds_guard BEFORE UPDATE OR DELETE ON ledger_holds
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_hold();


-- ---------------------------------------------------------------------------------------------
-- 7. An operation's status moves once, pending -> completed | failed; history is never deleted
--
-- The member's history must not be rewritten: an operation's owner, ledger and type never change,
-- and a finished one never changes status again. setOperationStatus and postEntry move it on with
-- a conditional update; this is the backstop.
-- ---------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION ledger_guard_operation() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER ledger_operations_guard BEFORE UPDATE OR DELETE ON ledger_operations
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_operation();
