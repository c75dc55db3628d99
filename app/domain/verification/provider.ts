// Who checks a member's identity (ADR 0082). Today a manual review: the request waits in the staff
// queue and two different staff approve it (four eyes). A hosted provider later implements the same
// interface: `start` opens its session (its id kept as external_ref) and its webhook reaches the
// same decision function staff use (review.server.ts), so limits, e-mails and audit stay one path.
import type { Db } from "../../db/client.server.ts";

export interface VerificationProvider {
  readonly name: string;
  /** Approvals needed before a tier-2 request is approved. */
  readonly approvalsRequired: number;
  /** A request was created (documents stored): start the check. */
  start(
    tx: Db,
    request: { id: bigint; userId: string; tier: number },
  ): Promise<{ externalRef: string | null }>;
}

export const manualReview: VerificationProvider = Object.freeze({
  name: "manual",
  approvalsRequired: 2,
  // Nothing to call: the request is in the back office's queue as soon as it is committed.
  start: async () => ({ externalRef: null }),
});
