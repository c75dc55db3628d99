// The refusals of the withdrawal operations (ADR 0066: operations throw named errors, the
// workflows in member.server.ts and review.server.ts turn them into results). Pure.

export class WithdrawalStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WithdrawalStateError";
  }
}

/** The same admin approving twice: refused like any other state error, and named for the audit log. */
export class SecondApprovalError extends WithdrawalStateError {
  constructor() {
    super("A second, different admin must approve this withdrawal.");
    this.name = "SecondApprovalError";
  }
}

/** A new destination address must wait before its first use (an e-mail tells the member). */
export class AddressCoolingOffError extends Error {
  readonly usableFrom: Date;
  readonly isNew: boolean;
  constructor(usableFrom: Date, isNew: boolean) {
    super(
      `For your safety, a new withdrawal address can be used from ${usableFrom.toUTCString()}. We have e-mailed you about it.`,
    );
    this.name = "AddressCoolingOffError";
    this.usableFrom = usableFrom;
    this.isNew = isNew;
  }
}
