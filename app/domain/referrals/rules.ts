// Referrals (ADR 0084): the words and the pure rules shared by the page and the server. Pure.
import { CRYPTO_ASSETS, type CryptoAsset } from "../money/assets.ts";

/** The operator's reward: paid from the real ledger's rewards pool of `asset`. */
export interface ReferralReward {
  asset: CryptoAsset;
  amountMinor: bigint;
}

export function isRewardAsset(value: unknown): value is CryptoAsset {
  return typeof value === "string" && (CRYPTO_ASSETS as readonly string[]).includes(value);
}

/** The invitation link of a referral code. */
export function referralLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/signup?ref=${encodeURIComponent(code)}`;
}

/**
 * An address as one mailbox: lower case, and for the part before the @ without a "+tag" (and
 * without dots at Gmail), so "ann+2@example.com" is Ann's own address when she signs up again.
 */
export function mailboxOf(email: string): string {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  const plain = local.split("+")[0] ?? "";
  const gmail = domain === "gmail.com" || domain === "googlemail.com";
  return `${gmail ? plain.replace(/\./g, "") : plain}@${gmail ? "gmail.com" : domain}`;
}

export const referralMessages = Object.freeze({
  unfundedTitle: "A referral reward could not be paid",
  unfundedBody: (amount: string) =>
    `A referred member's first deposit was credited, but the rewards pool does not hold ${amount}. Fund the pool to pay future rewards.`,
  paidTitle: (amount: string) => `Referral reward of ${amount} paid`,
});
