-- ledger_entries.code is one of LEDGER_CODES (app/domain/ledger/types.ts; ADR 0031 addendum).
-- Checked at once: the application has only ever written codes in the list.
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_code_check" CHECK ("ledger_entries"."code" in ('deposit', 'demo.funding', 'withdrawal.hold', 'withdrawal.complete', 'withdrawal.cancel',
        'withdrawal.reject', 'withdrawal.expire', 'hold', 'hold.post', 'hold.void', 'stake.open', 'stake.mature',
        'stake.reward', 'stake.exit', 'swap', 'rewards_pool.fund', 'treasury.fund', 'transfer', 'ledger.consolidate'));