// The one way the operator's capital enters a rewards pool (staking, ADR 0060) or a treasury
// (swaps, ADR 0061): an entry from outside the books — operator money on the real ledger, whose
// outside-world side is the deposits account, virtual money on the demo ledger. A person reaches
// it only through the four-eyes approval (approvals/manual-entries.server.ts, ADR 0055 addendum);
// the sample installation's seed calls it directly with fixed idempotency keys.
import type { Db } from "../../db/client.server.ts";
import { deepFreeze } from "../freeze.ts";
import { type Asset, isCryptoAsset } from "../money/assets.ts";
import type { PostedEntry } from "./entries.ts";
import { postEntry } from "./ledger.server.ts";
import type { Ledger, LedgerCode, SystemAccountKind } from "./types.ts";

/** The system accounts an operator funds, by the names the approvals queue uses for them. */
export type FundedAccount = "rewards-pool" | "treasury";

const FUNDED_ACCOUNTS: Readonly<Record<FundedAccount, { kind: SystemAccountKind; code: LedgerCode }>> =
  deepFreeze({
    "rewards-pool": { kind: "rewards_pool", code: "rewards_pool.fund" },
    treasury: { kind: "treasury", code: "treasury.fund" },
  });

export interface FundingInput {
  account: FundedAccount;
  ledger: Ledger;
  asset: Asset;
  amountMinor: bigint;
  idempotencyKey: string;
}

/**
 * Posts a funding entry (outside → the pool or the treasury); a retry with the same key posts
 * nothing more. Throws RangeError for what a caller must have refused already: an amount of zero
 * or less, or a rewards pool in a currency nobody can stake.
 */
export async function fundSystemAccount(db: Db, input: FundingInput): Promise<PostedEntry> {
  if (input.amountMinor <= 0n) throw new RangeError("The funding amount must be above zero.");
  if (input.account === "rewards-pool" && !isCryptoAsset(input.asset))
    throw new RangeError("Rewards pools hold crypto assets only.");
  const { kind, code } = FUNDED_ACCOUNTS[input.account];
  const source = input.ledger === "demo" ? "demo_funding" : "deposits";
  return postEntry(db, {
    idempotencyKey: input.idempotencyKey,
    code,
    ledger: input.ledger,
    postings: [
      { account: { system: source, asset: input.asset }, amount: -input.amountMinor },
      { account: { system: kind, asset: input.asset }, amount: input.amountMinor },
    ],
  });
}
