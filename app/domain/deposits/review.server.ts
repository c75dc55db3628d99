// The back-office's decision on a chain deposit, as one workflow (codebase guide §13): credit it
// early or reject it (decisions.server.ts, which queues the member's e-mail in the same
// transaction), refuse the admin's own deposit, and audit. The route parses the form and shows
// the message.
import type { Db } from "../../db/client.server.ts";
import { OwnMoneyError, type StaffActor } from "../approvals/four-eyes.ts";
import { recordAdminAudit } from "../payments/admin-audit.server.ts";
import type { DepositDecision } from "./admin-forms.ts";
import { decideChainDeposit } from "./decisions.server.ts";
import { DepositStateError } from "./types.ts";

export type DecideResult = { ok: true; message: string } | { ok: false; status: 403 | 409; message: string };

export async function decideDeposit(
  db: Db,
  actor: StaffActor,
  input: DepositDecision,
): Promise<DecideResult> {
  const { decision, depositId, note } = input;
  let memberId: string;
  try {
    const result = await decideChainDeposit(db, { depositId, adminId: actor.adminId, decision, note });
    memberId = result.deposit.userId;
  } catch (error) {
    if (error instanceof OwnMoneyError) {
      await recordAdminAudit(db, {
        ...actor,
        event: "admin-action-refused",
        detail: {
          subject: "deposit",
          depositId: depositId.toString(),
          action: decision,
          reason: "own-money",
        },
      });
      return { ok: false, status: 403, message: error.message };
    }
    if (error instanceof DepositStateError) return { ok: false, status: 409, message: error.message };
    throw error;
  }
  await recordAdminAudit(db, {
    ...actor,
    event: decision === "credit" ? "admin-deposit-credited" : "admin-deposit-rejected",
    detail: { depositId: depositId.toString(), memberId, note },
  });
  return {
    ok: true,
    message:
      decision === "credit"
        ? "Deposit credited."
        : "Deposit rejected: nothing was credited, and the member was told why.",
  };
}
