// The USD value a withdrawal counts for under the two-admin rule (ADR 0053 addendum). Pure.
import { valueInUsdMinor } from "../money/conversion.ts";
import type { WithdrawalAsset } from "./types.ts";

/**
 * US cents of `amountMinor` at the latest price, rounded up: the value decides whether a second
 * admin must approve, so a withdrawal worth $1,000.001 counts as more than $1,000.00 (rounding
 * down would let a fraction of a cent slip under the threshold). Null when no fresh price is
 * known: the rule then asks for two admins.
 */
export function usdValueForApproval(
  amountMinor: bigint,
  asset: WithdrawalAsset,
  price: { priceUsd: string; stale: boolean } | null,
): bigint | null {
  if (asset === "USD") return amountMinor;
  if (!price?.priceUsd || price.stale) return null;
  return valueInUsdMinor(amountMinor, asset, price.priceUsd, "up");
}
