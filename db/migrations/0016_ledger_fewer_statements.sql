-- Ledger throughput, fifth step (ADR 0033 addendum). With plans cached (0015), what a transfer
-- costs the server is mostly starting each statement's executor, so ledger_post_entry and the
-- posting trigger run fewer statements for the same checks: the postings are read with PL/pgSQL
-- expressions instead of an aggregate query; the account-creation query runs only when an
-- account is missing; the lock list is built without a query; one statement locks the balance
-- rows in id order and reads the balances the funds check needs (instead of a lock and a read
-- per debit); the result is returned without a query; and ledger_apply_postings checks entries,
-- accounts and the number of accounts in one statement instead of four. Same rules, same errors.
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
  v_my_shard smallint := (pg_backend_pid() % 8)::smallint;
  v_id bigint;
  v_allow boolean;
  v_balance bigint;
  v_sum bigint;
  v_consolidation bigint;
  n integer;
  i integer;
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

  -- Read the postings with PL/pgSQL expressions, not a query: a handful of elements.
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

  -- Lock every balance row involved in ascending account id order: the postings' own rows plus,
  -- for a debited non-negative system account, all of its shards.
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

  -- Postings that need no funds check take any free shard, never waiting while others are free.
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

  INSERT INTO ledger_postings (entry_id, account_id, ledger, asset, amount)
  SELECT v_entry, v_ids[g], p_ledger, v_assets[g], v_amounts[g] FROM generate_series(1, n) g;

  entry_id := v_entry;
  created_at := v_created;
  replayed := false;
  request_hash := p_hash;
  operation_id := p_operation_id;
  RETURN NEXT;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_apply_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_bad_entry boolean;
  v_late boolean;
  v_bad_account boolean;
  v_accounts integer;
  v_updated integer;
BEGIN
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
--> statement-breakpoint
-- CREATE OR REPLACE drops a function's SET clauses: 0013's enable_seqscan = off is set again, and
-- plans are generic as in the function above.
ALTER FUNCTION ledger_apply_postings() SET enable_seqscan = off;
--> statement-breakpoint
ALTER FUNCTION ledger_apply_postings() SET plan_cache_mode = force_generic_plan;
