// The staff's side of verification (ADR 0082): the review queue, one request with its documents,
// the decision (approve, reject with a reason, ask for the documents again) with four eyes for
// tier 2 — two different staff approve, never one's own — and every view of a document audited.
// The member's e-mail is queued in the decision's transaction (the outbox, ADR 0056).
import { and, asc, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import {
  users,
  verificationDocuments,
  verificationProfiles,
  verificationRequests,
} from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import type { StaffActor } from "../approvals/four-eyes.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { recordAdminAudit } from "../payments/admin-audit.server.ts";
import { countryName } from "./countries.ts";

export const reviewMessages = Object.freeze({
  noSuchRequest: "No such verification request.",
  decided: "This request is already decided.",
  own: "You cannot review your own verification. Another staff member must.",
  sameStaff: "You approved this already. A second, different staff member must approve it.",
  firstApproval: "First approval recorded. A second staff member must approve it too.",
  approved: "Approved: the member is now tier 2 and has been e-mailed.",
  rejected: "Rejected: the member has been e-mailed the reason.",
  resubmit: "The member has been asked to send the documents again.",
});

export type ReviewDecision = { intent: "approve" } | { intent: "reject" | "resubmit"; reason: string };
export type ReviewResult =
  | { ok: true; message: string }
  | { ok: false; status: 403 | 404 | 409; message: string };

/** Pending requests, oldest first, with how many approvals they have. */
export async function listReviewQueue(db: Db) {
  const rows = await db
    .select({
      id: verificationRequests.id,
      tier: verificationRequests.tier,
      createdAt: verificationRequests.createdAt,
      firstApprovedBy: verificationRequests.firstApprovedBy,
      email: users.email,
    })
    .from(verificationRequests)
    .innerJoin(users, eq(users.id, verificationRequests.userId))
    .where(eq(verificationRequests.status, "pending"))
    .orderBy(asc(verificationRequests.createdAt))
    .limit(200);
  return rows.map((r) => ({
    id: r.id.toString(),
    tier: r.tier,
    email: r.email,
    createdAt: r.createdAt.toISOString(),
    approvals: r.firstApprovedBy ? 1 : 0,
  }));
}

/** One request as the reviewer sees it: the member's declared details and the documents' metadata. */
export async function reviewView(db: Db, requestId: bigint) {
  const [row] = await db
    .select({ request: verificationRequests, profile: verificationProfiles, email: users.email })
    .from(verificationRequests)
    .innerJoin(users, eq(users.id, verificationRequests.userId))
    .leftJoin(verificationProfiles, eq(verificationProfiles.userId, verificationRequests.userId))
    .where(eq(verificationRequests.id, requestId));
  if (!row) return null;
  const documents = await db
    .select({
      id: verificationDocuments.id,
      kind: verificationDocuments.kind,
      fileName: verificationDocuments.fileName,
      contentType: verificationDocuments.contentType,
      size: verificationDocuments.size,
      deletedAt: verificationDocuments.deletedAt,
    })
    .from(verificationDocuments)
    .where(eq(verificationDocuments.requestId, requestId))
    .orderBy(asc(verificationDocuments.id));
  const r = row.request;
  const p = row.profile;
  return {
    id: r.id.toString(),
    memberId: r.userId,
    email: row.email,
    tier: r.tier,
    status: r.status,
    reason: r.reason,
    firstApprovedBy: r.firstApprovedBy,
    createdAt: r.createdAt.toISOString(),
    details: p
      ? {
          fullName: p.fullName ?? "",
          dateOfBirth: p.dateOfBirth ?? "",
          address: [p.addressLine, p.city, p.postalCode].filter(Boolean).join(", "),
          country: p.country ? `${countryName(p.country)} (${p.country})` : "",
        }
      : null,
    documents: documents.map((d) => ({
      id: d.id.toString(),
      kind: d.kind,
      fileName: d.fileName,
      contentType: d.contentType,
      size: d.size,
      deleted: d.deletedAt !== null,
    })),
  };
}

/**
 * A staff decision on a pending request, exactly once (the row is locked). Tier 2 takes two
 * approvals by different staff; rejecting or asking again takes one, with a reason the member reads.
 */
export async function decideVerification(
  db: Db,
  actor: StaffActor,
  requestId: bigint,
  decision: ReviewDecision,
): Promise<ReviewResult> {
  const result = await withTx(db, async (tx): Promise<ReviewResult & { refused?: string }> => {
    const [r] = await tx
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.id, requestId))
      .for("update");
    if (!r) return { ok: false, status: 404, message: reviewMessages.noSuchRequest };
    if (r.status !== "pending") return { ok: false, status: 409, message: reviewMessages.decided };
    if (r.userId === actor.adminId)
      return { ok: false, status: 403, message: reviewMessages.own, refused: "own" };
    const audit = (
      event: Parameters<typeof recordAdminAudit>[1]["event"],
      extra: Record<string, unknown> = {},
    ) =>
      recordAdminAudit(tx, {
        ...actor,
        event,
        detail: { requestId: r.id.toString(), memberId: r.userId, tier: r.tier, ...extra },
      });
    if (decision.intent !== "approve") {
      const status = decision.intent === "reject" ? "rejected" : "resubmit";
      await tx
        .update(verificationRequests)
        .set({
          status,
          reason: decision.reason,
          decidedBy: actor.adminId,
          decidedAt: sql`now()`,
        })
        .where(eq(verificationRequests.id, r.id));
      await queueDecisionEmail(tx, r.id, r.userId, r.tier, status, decision.reason);
      await audit(
        decision.intent === "reject" ? "admin-verification-rejected" : "admin-verification-resubmit",
        {
          reason: decision.reason,
        },
      );
      return {
        ok: true,
        message: decision.intent === "reject" ? reviewMessages.rejected : reviewMessages.resubmit,
      };
    }
    if (r.firstApprovedBy === actor.adminId) {
      return { ok: false, status: 403, message: reviewMessages.sameStaff, refused: "same-admin" };
    }
    if (r.approvalsRequired >= 2 && !r.firstApprovedBy) {
      await tx
        .update(verificationRequests)
        .set({ firstApprovedBy: actor.adminId, firstApprovedAt: sql`now()` })
        .where(eq(verificationRequests.id, r.id));
      await audit("admin-verification-first-approval");
      return { ok: true, message: reviewMessages.firstApproval };
    }
    await tx
      .update(verificationRequests)
      .set({ status: "approved", decidedBy: actor.adminId, decidedAt: sql`now()` })
      .where(eq(verificationRequests.id, r.id));
    await tx
      .update(verificationProfiles)
      .set({
        tier: sql`greatest(${verificationProfiles.tier}, ${r.tier})`,
        tier2At: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(verificationProfiles.userId, r.userId));
    await queueDecisionEmail(tx, r.id, r.userId, r.tier, "approved", null);
    await audit("admin-verification-approved", { firstApprovedBy: r.firstApprovedBy });
    return { ok: true, message: reviewMessages.approved };
  });
  if (!result.ok && result.refused) {
    await recordAdminAudit(db, {
      ...actor,
      event: "admin-action-refused",
      detail: { subject: "verification", requestId: requestId.toString(), reason: result.refused },
    });
  }
  const { refused: _refused, ...answer } = result as ReviewResult & { refused?: string };
  return answer;
}

async function queueDecisionEmail(
  tx: Db,
  requestId: bigint,
  userId: string,
  tier: number,
  outcome: "approved" | "rejected" | "resubmit",
  reason: string | null,
) {
  const [member] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!member) return;
  await enqueueEmail(tx, `verification:${requestId}:${outcome}`, {
    to: member.email,
    template: "verification-decided",
    data: { tier, outcome, reason },
  });
}

/**
 * An identity document's bytes for staff allowed to read them (the route checks the permission);
 * every view is audited. Null for an unknown id or a document already deleted.
 */
export async function documentForStaff(db: Db, actor: StaffActor, documentId: bigint) {
  const [doc] = await db
    .select()
    .from(verificationDocuments)
    .where(and(eq(verificationDocuments.id, documentId), isNotNull(verificationDocuments.bytes)));
  if (!doc?.bytes) return null;
  await recordAdminAudit(db, {
    ...actor,
    event: "admin-identity-document-viewed",
    detail: {
      documentId: doc.id.toString(),
      requestId: doc.requestId.toString(),
      memberId: doc.userId,
      kind: doc.kind,
    },
  });
  return { bytes: doc.bytes, contentType: doc.contentType, fileName: doc.fileName };
}

/**
 * The retention job: deletes the bytes of documents whose request was decided more than
 * `retentionDays` ago (what was decided, and the file's hash, stay). Pending requests keep theirs.
 */
export async function deleteExpiredDocuments(db: Db, input: { now: Date; retentionDays: number }) {
  const before = new Date(input.now.getTime() - input.retentionDays * 86_400_000);
  const decidedBefore = db
    .select({ id: verificationRequests.id })
    .from(verificationRequests)
    .where(and(isNotNull(verificationRequests.decidedAt), lt(verificationRequests.decidedAt, before)));
  const deleted = await db
    .update(verificationDocuments)
    .set({ bytes: null, deletedAt: input.now })
    .where(
      and(
        isNull(verificationDocuments.deletedAt),
        sql`${verificationDocuments.requestId} in ${decidedBefore}`,
      ),
    )
    .returning({ id: verificationDocuments.id, requestId: verificationDocuments.requestId });
  return deleted;
}
