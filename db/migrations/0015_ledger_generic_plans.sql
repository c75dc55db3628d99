-- Ledger throughput, fourth step (ADR 0033 addendum). PL/pgSQL caches each statement's plan, but
-- PostgreSQL's plan cache keeps re-planning a statement whenever its generic plan looks dearer
-- than the custom plans it has made so far, and several of ledger_post_entry's statements look
-- dearer generically than they are (generate_series(1, n) and unnest over parameter arrays are
-- estimated at 1000 rows without n). So every call planned most of them again: 13 % of the
-- server's CPU per transfer (perf, bench/ledger-bench.ts). Every statement here is a lookup by a
-- unique index over a handful of postings, for which the generic plan is the right one; forcing
-- it, with sequential scans off so a plan first made while the tables were small still uses the
-- indexes as they grow (as for ledger_apply_postings in 0013), raises transfers per second by
-- about a fifth.
ALTER FUNCTION ledger_post_entry(text, text, text, text, bigint, jsonb) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION ledger_post_entry(text, text, text, text, bigint, jsonb) SET enable_seqscan = off;
