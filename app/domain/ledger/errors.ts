// Errors the ledger reports; pure so routes and screens can recognise them.
import type { Asset } from "../money/assets.ts";
import type { HoldStatus, OperationStatus } from "./types.ts";

export class LedgerError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = "LedgerError";
    this.code = code;
  }
}

/** The entry itself is malformed (unbalanced, one posting, zero amount, two ledgers …). */
export class InvalidEntryError extends LedgerError {
  constructor(message: string) {
    super("invalid_entry", message);
    this.name = "InvalidEntryError";
  }
}

export class InsufficientFundsError extends LedgerError {
  readonly asset: Asset;
  readonly account: string;
  readonly balance: bigint;
  readonly required: bigint;
  constructor(args: { asset: Asset; account: string; balance: bigint; required: bigint }) {
    super("insufficient_funds", `Insufficient ${args.asset} in ${args.account}.`);
    this.name = "InsufficientFundsError";
    this.asset = args.asset;
    this.account = args.account;
    this.balance = args.balance;
    this.required = args.required;
  }
}

/** The idempotency key was already used for an entry with different content. */
export class IdempotencyConflictError extends LedgerError {
  readonly idempotencyKey: string;
  constructor(idempotencyKey: string) {
    super(
      "idempotency_conflict",
      `The idempotency key "${idempotencyKey}" was already used for a different entry.`,
    );
    this.name = "IdempotencyConflictError";
    this.idempotencyKey = idempotencyKey;
  }
}

export class HoldNotFoundError extends LedgerError {
  constructor(holdId: bigint) {
    super("hold_not_found", `Hold ${holdId} does not exist.`);
    this.name = "HoldNotFoundError";
  }
}

/** A hold resolves exactly once: the second post or void fails with this. */
export class HoldAlreadyResolvedError extends LedgerError {
  readonly status: HoldStatus;
  constructor(holdId: bigint, status: HoldStatus) {
    super("hold_already_resolved", `Hold ${holdId} is already ${status}.`);
    this.name = "HoldAlreadyResolvedError";
    this.status = status;
  }
}

export class OperationNotPendingError extends LedgerError {
  readonly status: OperationStatus | null;
  constructor(operationId: bigint, status: OperationStatus | null) {
    super(
      "operation_not_pending",
      status
        ? `Operation ${operationId} is already ${status}.`
        : `Operation ${operationId} does not exist here.`,
    );
    this.name = "OperationNotPendingError";
    this.status = status;
  }
}
