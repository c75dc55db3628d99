-- One round trip per ledger entry (ADR 0031): the steps postEntry used to send one by one, run
-- inside the database. The TypeScript side still validates the entry first (zero-sum, kinds,
-- ledgers); every invariant stays enforced by the constraints and triggers of 0003_ledger_rules.
--
-- p_postings: jsonb array of {"asset","kind","user_id" (null for system accounts),"amount" (text)}.
-- Returns the entry; replayed = true when the key already existed (then nothing was written and
-- request_hash is the stored one, for the caller to compare).
-- Raises SQLSTATE 'LD001' with message 'ledger_insufficient_funds:<posting index>:<balance>' when a
-- non-negative account would go below zero.
CREATE FUNCTION ledger_post_entry(
  p_ledger text, p_code text, p_key text, p_hash text, p_operation_id bigint, p_postings jsonb
) RETURNS TABLE (entry_id bigint, created_at timestamptz, replayed boolean, request_hash text, operation_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_entry bigint;
  v_created timestamptz;
  v_assets text[];
  v_kinds text[];
  v_users text[];
  v_amounts bigint[];
  v_ids bigint[];
  v_negative boolean[];
  v_order integer[];
  v_id bigint;
  v_allow boolean;
  n integer;
  i integer;
  r record;
BEGIN
  -- Claim the key. A concurrent twin waits on the unique index, then finds the winner's row.
  INSERT INTO ledger_entries AS e (ledger, code, idempotency_key, request_hash, operation_id)
  VALUES (p_ledger, p_code, p_key, p_hash, p_operation_id)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING e.id, e.created_at INTO v_entry, v_created;
  IF v_entry IS NULL THEN
    RETURN QUERY SELECT e.id, e.created_at, true, e.request_hash, e.operation_id
      FROM ledger_entries e WHERE e.idempotency_key = p_key;
    RETURN;
  END IF;

  SELECT array_agg(p.value->>'asset' ORDER BY p.ord), array_agg(p.value->>'kind' ORDER BY p.ord),
         array_agg(p.value->>'user_id' ORDER BY p.ord), array_agg((p.value->>'amount')::bigint ORDER BY p.ord)
    INTO v_assets, v_kinds, v_users, v_amounts
    FROM jsonb_array_elements(p_postings) WITH ORDINALITY AS p(value, ord);
  n := coalesce(array_length(v_assets, 1), 0);
  v_ids := array_fill(NULL::bigint, ARRAY[n]);
  v_negative := array_fill(NULL::boolean, ARRAY[n]);

  FOR i IN 1..n LOOP
    v_id := NULL;
    v_allow := NULL;
    IF v_users[i] IS NULL THEN
      SELECT a.id, a.allow_negative INTO v_id, v_allow FROM ledger_accounts a
       WHERE a.ledger = p_ledger AND a.asset = v_assets[i] AND a.kind = v_kinds[i] AND a.user_id IS NULL;
    ELSE
      SELECT a.id, a.allow_negative INTO v_id, v_allow FROM ledger_accounts a
       WHERE a.ledger = p_ledger AND a.asset = v_assets[i] AND a.kind = v_kinds[i] AND a.user_id = v_users[i];
    END IF;
    v_ids[i] := v_id;
    v_negative[i] := v_allow;
  END LOOP;

  -- Create missing accounts in a fixed order so concurrent creators queue instead of deadlocking.
  SELECT array_agg(g ORDER BY v_assets[g], v_kinds[g], v_users[g]) INTO v_order
    FROM generate_series(1, n) g WHERE v_ids[g] IS NULL;
  IF v_order IS NOT NULL THEN
    FOREACH i IN ARRAY v_order LOOP
      v_id := NULL;
      INSERT INTO ledger_accounts AS a (ledger, asset, kind, user_id, allow_negative)
      VALUES (p_ledger, v_assets[i], v_kinds[i], v_users[i], v_kinds[i] IN ('deposits', 'demo_funding'))
      ON CONFLICT ON CONSTRAINT ledger_accounts_identity_unique DO NOTHING
      RETURNING a.id, a.allow_negative INTO v_id, v_allow;
      IF v_id IS NOT NULL THEN
        INSERT INTO ledger_balances (account_id, allow_negative) VALUES (v_id, v_allow);
      ELSE
        SELECT a.id, a.allow_negative INTO v_id, v_allow FROM ledger_accounts a
         WHERE a.ledger = p_ledger AND a.asset = v_assets[i] AND a.kind = v_kinds[i]
           AND a.user_id IS NOT DISTINCT FROM v_users[i];
      END IF;
      v_ids[i] := v_id;
      v_negative[i] := v_allow;
    END LOOP;
  END IF;

  -- Lock every balance row in ascending account id order and check funds on the locked values.
  FOR r IN SELECT b.account_id, b.balance FROM ledger_balances b WHERE b.account_id = ANY (v_ids)
            ORDER BY b.account_id FOR UPDATE LOOP
    i := array_position(v_ids, r.account_id);
    IF v_amounts[i] < 0 AND NOT v_negative[i] AND r.balance + v_amounts[i] < 0 THEN
      RAISE EXCEPTION 'ledger_insufficient_funds:%:%', i - 1, r.balance USING ERRCODE = 'LD001';
    END IF;
  END LOOP;

  INSERT INTO ledger_postings (entry_id, account_id, ledger, asset, amount)
  SELECT v_entry, v_ids[g], p_ledger, v_assets[g], v_amounts[g] FROM generate_series(1, n) g;

  RETURN QUERY SELECT v_entry, v_created, false, p_hash, p_operation_id;
END $$;
--> statement-breakpoint

-- Less work while the balance rows are locked (the hot-account benchmark): one statement-level
-- trigger now both refuses postings added outside their entry's transaction and applies them to
-- the balances, replacing the per-row check of 0003; the commit-time entry check is one query.
DROP TRIGGER ledger_postings_same_transaction ON ledger_postings;
--> statement-breakpoint
DROP FUNCTION ledger_posting_same_transaction();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_apply_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_updated integer;
  v_accounts integer;
BEGIN
  IF EXISTS (SELECT 1 FROM new_postings p JOIN ledger_entries e ON e.id = p.entry_id WHERE e.created_at <> now()) THEN
    RAISE EXCEPTION 'ledger: postings can only be added in the transaction that creates their entry'
      USING ERRCODE = 'integrity_constraint_violation';
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
