-- Hot system accounts, second step (ADR 0031). A posting that needs no funds check on a system
-- account (a credit, or a debit of deposits / demo_funding) no longer waits for the shard picked
-- by pg_backend_pid() % 8: after the ordered locks, it takes the first shard nobody holds
-- (FOR UPDATE SKIP LOCKED, starting at its own), which never waits and so cannot deadlock. Only
-- when every shard is busy does it wait for its own shard; the rare deadlock that wait can cause
-- is detected by PostgreSQL and postEntry retries (40P01).
CREATE OR REPLACE FUNCTION ledger_post_entry(
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
  v_shards smallint[];
  v_whole boolean[];
  v_floating boolean[];
  v_ids bigint[];
  v_negative boolean[];
  v_lock bigint[];
  v_order integer[];
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

  SELECT array_agg(p.value->>'asset' ORDER BY p.ord), array_agg(p.value->>'kind' ORDER BY p.ord),
         array_agg(p.value->>'user_id' ORDER BY p.ord), array_agg((p.value->>'amount')::bigint ORDER BY p.ord)
    INTO v_assets, v_kinds, v_users, v_amounts
    FROM jsonb_array_elements(p_postings) WITH ORDINALITY AS p(value, ord);
  n := coalesce(array_length(v_assets, 1), 0);
  v_ids := array_fill(NULL::bigint, ARRAY[n]);
  v_negative := array_fill(NULL::boolean, ARRAY[n]);
  v_shards := array_fill(0::smallint, ARRAY[n]);
  v_whole := array_fill(false, ARRAY[n]);
  v_floating := array_fill(false, ARRAY[n]);

  FOR i IN 1..n LOOP
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
  END LOOP;

  -- Create missing accounts in a fixed order so concurrent creators queue instead of deadlocking.
  SELECT array_agg(g ORDER BY v_assets[g], v_kinds[g], v_users[g], v_shards[g]) INTO v_order
    FROM generate_series(1, n) g WHERE v_ids[g] IS NULL;
  IF v_order IS NOT NULL THEN
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
  v_lock := ARRAY(SELECT v_ids[g] FROM generate_series(1, n) g WHERE NOT v_floating[g]);
  FOR i IN 1..n LOOP
    IF v_whole[i] THEN
      v_lock := v_lock || ARRAY(SELECT a.id FROM ledger_accounts a
        WHERE a.ledger = p_ledger AND a.asset = v_assets[i] AND a.kind = v_kinds[i] AND a.user_id IS NULL AND a.shard > 0);
    END IF;
  END LOOP;
  PERFORM 1 FROM ledger_balances b WHERE b.account_id = ANY (v_lock) ORDER BY b.account_id FOR UPDATE;

  FOR i IN 1..n LOOP
    IF v_amounts[i] < 0 AND NOT v_negative[i] THEN
      SELECT b.balance INTO v_balance FROM ledger_balances b WHERE b.account_id = v_ids[i];
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

  RETURN QUERY SELECT v_entry, v_created, false, p_hash, p_operation_id;
END $$;
