// Four eyes on money (ADR 0055 addendum): the rules every back-office decision about money obeys.
// Pure, so the pages can say in advance what the server will refuse.

/** Who is acting, for the audit log. */
export interface StaffActor {
  adminId: string;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export const fourEyesMessages = Object.freeze({
  ownMoney: "You cannot act on your own account. Another admin must handle it.",
  sameAdmin: "A second, different admin must approve this.",
});

/** A staff member tried to decide on a deposit, withdrawal or credit whose member is themselves. */
export class OwnMoneyError extends Error {
  constructor() {
    super(fourEyesMessages.ownMoney);
    this.name = "OwnMoneyError";
  }
}

/** Why a back-office action was refused, as the audit log records it. */
export type RefusalReason = "own-money" | "same-admin";
