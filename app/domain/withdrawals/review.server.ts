// The back-office's decisions on a withdrawal, as one workflow (codebase guide §13): the state
// change (decisions.server.ts, which also queues the member's e-mail in its transaction), the
// four-eyes refusals, and the audit record with every admin involved. The route parses the form
// and shows the message.
import type { Db } from "../../db/client.server.ts";
import { OwnMoneyError, type RefusalReason, type StaffActor } from "../approvals/four-eyes.ts";
import { parseId } from "../forms.ts";
import { recordAdminAudit } from "../payments/admin-audit.server.ts";
import { approveWithdrawal, completeWithdrawal, rejectWithdrawal } from "./decisions.server.ts";
import { SecondApprovalError, WithdrawalStateError } from "./errors.ts";
import type { TwoAdminRule, Withdrawal } from "./types.ts";

export type ReviewIntent = "approve" | "complete" | "reject";

export type ReviewResult =
  | { ok: true; withdrawal: Withdrawal; message: string }
  | { ok: false; status: 403 | 409; message: string };

const EVENT = {
  approve: "admin-withdrawal-approved",
  complete: "admin-withdrawal-completed",
  reject: "admin-withdrawal-rejected",
} as const;

export async function reviewWithdrawal(
  db: Db,
  actor: StaffActor,
  input: {
    intent: ReviewIntent;
    withdrawalId: string | undefined;
    sentReference?: string | undefined;
    reason?: string | undefined;
    twoAdmin: TwoAdminRule;
  },
): Promise<ReviewResult> {
  const withdrawalId = parseId(input.withdrawalId);
  if (withdrawalId === null) return { ok: false, status: 409, message: "No such withdrawal." };
  const refused = async (reason: RefusalReason, message: string, status: 403 | 409) => {
    await recordAdminAudit(db, {
      ...actor,
      event: "admin-action-refused",
      detail: { subject: "withdrawal", withdrawalId: withdrawalId.toString(), action: input.intent, reason },
    });
    return { ok: false as const, status, message };
  };
  let w: Withdrawal;
  try {
    if (input.intent === "approve")
      w = await approveWithdrawal(db, { withdrawalId, adminId: actor.adminId, twoAdmin: input.twoAdmin });
    else if (input.intent === "complete")
      w = await completeWithdrawal(db, {
        withdrawalId,
        adminId: actor.adminId,
        sentReference: input.sentReference ?? "",
      });
    else w = await rejectWithdrawal(db, { withdrawalId, adminId: actor.adminId, reason: input.reason ?? "" });
  } catch (error) {
    if (error instanceof OwnMoneyError) return refused("own-money", error.message, 403);
    if (error instanceof SecondApprovalError) return refused("same-admin", error.message, 409);
    if (error instanceof WithdrawalStateError) return { ok: false, status: 409, message: error.message };
    throw error;
  }
  await recordAdminAudit(db, {
    ...actor,
    event: EVENT[input.intent],
    detail: {
      withdrawalId: withdrawalId.toString(),
      memberId: w.userId,
      status: w.status,
      approvalsRequired: w.approvalsRequired,
      // Both admins of a two-admin approval, by id.
      firstApprovedBy: w.firstApprovedBy,
      approvedBy: w.approvedBy,
      ...(input.intent === "complete" ? { sentReference: input.sentReference } : {}),
      ...(input.intent === "reject" ? { reason: input.reason } : {}),
    },
  });
  const message =
    input.intent === "approve"
      ? w.status === "pending"
        ? "First approval recorded; a second admin must approve."
        : "Approved. Send the funds, then mark it sent."
      : input.intent === "complete"
        ? "Marked sent: completed."
        : "Rejected: the funds are back with the member.";
  return { ok: true, withdrawal: w, message };
}
