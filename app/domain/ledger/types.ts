// Ledger vocabulary shared by the server and the screens (pure; browser-importable).
import type { Asset } from "../money/assets.ts";

/** Real money and demo (virtual) money live on separate ledgers that never meet. */
export const LEDGERS = Object.freeze(["real", "demo"] as const);
export type Ledger = (typeof LEDGERS)[number];

export const MEMBER_ACCOUNT_KINDS = Object.freeze(["available", "held", "staked"] as const);
export type MemberAccountKind = (typeof MEMBER_ACCOUNT_KINDS)[number];

export const SYSTEM_ACCOUNT_KINDS = Object.freeze([
  "deposits",
  "withdrawals",
  "treasury",
  "rewards_pool",
  "reserved_rewards",
  "fees",
  "demo_funding",
  // Membership fees paid from a member's balance (real ledger only).
  "membership_revenue",
] as const);
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

/**
 * The external world's side of the books: money that came in from outside (deposits) or was
 * created as virtual demo money (demo_funding). Only these accounts may go below zero; every
 * other account, member or system, is kept at zero or above by a database CHECK (ADR 0031).
 */
export const NEGATIVE_ALLOWED_KINDS: readonly SystemAccountKind[] = Object.freeze([
  "deposits",
  "demo_funding",
]);

/**
 * What kind of movement a ledger entry is (`ledger_entries.code`). A closed list: the ledger's API
 * takes only these, so a typo cannot invent a kind of movement that no report, audit or person
 * reading the journal knows about. A new flow that moves money adds its code here.
 */
export const LEDGER_CODES = Object.freeze([
  // Money in: a confirmed chain deposit or an approved bank credit; a demo account's virtual USD.
  "deposit",
  "demo.funding",
  // Withdrawals (ADR 0053): held when requested, then completed, or released to the member.
  "withdrawal.hold",
  "withdrawal.complete",
  "withdrawal.cancel",
  "withdrawal.reject",
  "withdrawal.expire",
  // holdFunds, postHold and voidHold when the caller names no code of its own.
  "hold",
  "hold.post",
  "hold.void",
  // Staking (ADR 0060) and swaps against the treasury (ADR 0061).
  "stake.open",
  "stake.mature",
  "stake.reward",
  "stake.exit",
  "swap",
  // The operator funds the rewards pool and the treasury (four eyes, ADR 0055).
  "rewards_pool.fund",
  "treasury.fund",
  // Member to member. No screen offers it yet; the ledger's own tests and bench/ledger-bench.ts
  // use it as the plainest movement between two accounts that both must stay at or above zero.
  "transfer",
  // Written only by ledger_post_entry itself, when it gathers a hot account's shards (db/ledger.sql).
  "ledger.consolidate",
  // A demo account's balance put back to its starting virtual USD (demo ledger only).
  "demo.reset",
  // Membership paid from the member's balance, and an admin's refund of it (ADR 0070).
  "membership.payment",
  "membership.refund",
] as const);
export type LedgerCode = (typeof LEDGER_CODES)[number];

export function isLedgerCode(value: unknown): value is LedgerCode {
  return (LEDGER_CODES as readonly unknown[]).includes(value);
}

export const OPERATION_TYPES = Object.freeze([
  "deposit",
  "withdrawal",
  "stake",
  "reward",
  "swap",
  "membership",
] as const);
export type OperationType = (typeof OPERATION_TYPES)[number];

export const OPERATION_STATUSES = Object.freeze(["pending", "completed", "failed"] as const);
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

export const OPERATION_TYPE_LABELS: Readonly<Record<OperationType, string>> = Object.freeze({
  deposit: "Deposit",
  withdrawal: "Withdrawal",
  stake: "Stake",
  reward: "Reward",
  swap: "Swap",
  membership: "Membership",
});

export const OPERATION_STATUS_LABELS: Readonly<Record<OperationStatus, string>> = Object.freeze({
  pending: "Pending",
  completed: "Completed",
  failed: "Failed",
});

export const LEDGER_LABELS: Readonly<Record<Ledger, string>> = Object.freeze({ real: "Real", demo: "Demo" });

export type HoldStatus = "pending" | "posted" | "voided";

/** A member's balances in one asset, in minor units. */
export interface AssetBalance {
  available: bigint;
  held: bigint;
  staked: bigint;
}

export type Balances = Record<Asset, AssetBalance>;

/** New demo accounts receive 10,000 virtual USD (product brief). */
export const DEMO_FUNDING_USD_MINOR = 1_000_000n;

/**
 * The `method` reference of the Deposit a demo balance reset records (ADR 0071): the history says
 * "Demo balance reset" beside it, so it never reads as money paid in.
 */
export const DEMO_RESET_METHOD = "Demo balance reset";

export function isLedger(value: unknown): value is Ledger {
  return value === "real" || value === "demo";
}
