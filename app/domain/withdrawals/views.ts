// What the member's withdrawal pages show of a withdrawal: plain data for the page, built from the
// domain's rows. Pure (no database): the pages import the types.
import { formatAmount } from "../money/amount.ts";
import { isCancellable, type StatusLabel, withdrawalStatusLabel } from "./status.ts";
import type { Withdrawal, WithdrawalAsset, WithdrawalMethod } from "./types.ts";

/** The asset each withdrawal method pays out. */
export const WITHDRAWAL_ASSET: Readonly<Record<WithdrawalMethod, WithdrawalAsset>> = Object.freeze({
  btc: "BTC",
  usdt: "USDT",
  bank: "USD",
});

/** One line of the member's recent withdrawals. */
export interface WithdrawalRow {
  id: string;
  amount: string;
  to: string;
  status: StatusLabel;
  cancellable: boolean;
  date: string;
  reference: string | null;
  reason: string | null;
}

/** The page an e-mailed confirmation link (?confirm=token) opens. */
export type ConfirmPanelData =
  | { state: "invalid" }
  | {
      state: "ready" | "expired" | "done";
      id: string;
      token: string;
      amount: string;
      asset: string;
      to: string;
      expiresAt: string | null;
      status: StatusLabel;
    };

/** The address, or the bank and the account's last four digits (never the whole number). */
export function destinationText(w: Pick<Withdrawal, "destination">): string {
  return (
    w.destination.address ??
    `${w.destination.bankName ?? ""} · ${w.destination.account?.slice(-4).padStart(8, "•") ?? ""}`
  );
}

export function withdrawalRow(w: Withdrawal): WithdrawalRow {
  return {
    id: w.id.toString(),
    amount: formatAmount(w.amount, w.asset, { grouping: true }),
    to: destinationText(w),
    status: withdrawalStatusLabel(w.status, "member"),
    cancellable: isCancellable(w.status),
    date: w.createdAt.toISOString(),
    reference: w.sentReference,
    reason: w.rejectReason,
  };
}

/** What the member is about to confirm; `w` undefined when the token is not theirs (or not valid). */
export function confirmPanel(w: Withdrawal | undefined, token: string, now: Date): ConfirmPanelData {
  if (!w) return { state: "invalid" };
  const lapsed = w.confirmExpiresAt !== null && w.confirmExpiresAt.getTime() <= now.getTime();
  return {
    state: w.status !== "unconfirmed" ? "done" : lapsed ? "expired" : "ready",
    id: w.id.toString(),
    token,
    amount: formatAmount(w.amount, w.asset, { grouping: true }),
    asset: w.asset,
    to: destinationText(w),
    expiresAt: w.confirmExpiresAt?.toISOString() ?? null,
    status: withdrawalStatusLabel(w.status, "member"),
  };
}
