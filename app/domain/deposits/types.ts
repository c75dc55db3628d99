// What a deposit is, as the domain hands it out, and the notices its state changes produce (pure:
// the pages import the types). The state machine is described in deposits.server.ts.
import type { WatchedAsset } from "../chain/watcher.ts";

export type DepositStatus = "awaiting" | "detected" | "confirming" | "credited" | "rejected" | "expired";
export type DepositAsset = WatchedAsset | "USD";
export type DepositMethod = "btc" | "usdt" | "bank";

export interface Deposit {
  id: bigint;
  userId: string;
  method: DepositMethod;
  asset: DepositAsset;
  expectedAmount: bigint | null;
  amount: bigint | null;
  status: DepositStatus;
  confirmations: number;
  requiredConfirmations: number;
  address: string | null;
  txid: string | null;
  outputIndex: number | null;
  bankReference: string | null;
  operationId: bigint | null;
  note: string | null;
  createdAt: Date;
  creditedAt: Date | null;
}

/** How each asset is paid in. */
export function depositMethodOf(asset: DepositAsset): DepositMethod {
  return asset === "BTC" ? "btc" : asset === "USDT" ? "usdt" : "bank";
}

export interface CreditNotice {
  depositId: bigint;
  userId: string;
  asset: DepositAsset;
  amount: bigint;
  reference: string;
}

export interface DetectedNotice {
  depositId: bigint;
  userId: string;
  asset: WatchedAsset;
  amount: bigint;
  confirmations: number;
  requiredConfirmations: number;
  reference: string;
}

export interface RejectNotice {
  depositId: bigint;
  userId: string;
  asset: DepositAsset;
  /** What arrived on chain; null for an announced deposit nothing was seen for yet. */
  amount: bigint | null;
  reference: string;
  reason: string;
}

export interface ObservationResult {
  depositId: bigint;
  status: DepositStatus;
  confirmations: number;
  /** Set when this call credited the deposit (and nobody else did). */
  credited?: CreditNotice;
  /**
   * Set when this call first linked the output to a deposit and it still waits for confirmations:
   * the member hears once that it was seen, not at every block (confirming n of N is progress).
   */
  detected?: DetectedNotice;
}

/** A back-office decision the deposit's state does not allow (already credited, no note …). */
export class DepositStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DepositStateError";
  }
}
