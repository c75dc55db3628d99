// What a withdrawal is, as the domain hands it out (pure: the pages and views.ts import the types).
// The states and how each is shown are in status.ts; the rows are read in records.server.ts.
import type { WithdrawalDestination } from "../../../db/schema/withdrawals.ts";
import type { WithdrawalStatus } from "./status.ts";

export type { WithdrawalDestination, WithdrawalStatus };
export type ConfirmationMethod = "totp" | "email";
export type WithdrawalMethod = "btc" | "usdt" | "bank";
export type WithdrawalAsset = "BTC" | "USDT" | "USD";

export interface Withdrawal {
  id: bigint;
  userId: string;
  method: WithdrawalMethod;
  asset: WithdrawalAsset;
  amount: bigint;
  destination: WithdrawalDestination;
  status: WithdrawalStatus;
  holdId: bigint;
  operationId: bigint | null;
  /** USD minor units at request time; null when no fresh price was known. */
  usdValueMinor: bigint | null;
  approvalsRequired: number;
  firstApprovedBy: string | null;
  approvedBy: string | null;
  sentReference: string | null;
  rejectReason: string | null;
  confirmationMethod: ConfirmationMethod | null;
  /** When an e-mail-confirmed request lapses if its link was not opened. */
  confirmExpiresAt: Date | null;
  confirmedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Two different admins must approve once a member's withdrawals within a rolling window are worth
 * more than the threshold: counted over the window, not one request at a time, so splitting a
 * large sum into small requests does not avoid it (ADR 0053 addendum).
 */
export interface TwoAdminRule {
  thresholdUsdMinor: bigint;
  windowHours: number;
}
