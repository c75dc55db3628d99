// Staff roles in the back office (issue 20, ADR 0081): an admin makes a member support staff or an
// analyst, or takes the role back, at once and audited. Anything to or from admin takes two admins:
// one asks, a different admin approves. Nobody changes their own role, and the last admin stays.
// Every change is a conditional update on the role the admin saw, so two admins racing change it once.
import { and, desc, eq, isNull } from "drizzle-orm";
import { staffRoleRequests, users } from "../../../db/schema/index.ts";
import { type Db, withTx } from "../../db/client.server.ts";
import { recordAdminAudit } from "../payments/admin-audit.server.ts";
import { countAdmins } from "../payments/admin-role.server.ts";
import { ROLES, type Role } from "../payments/permissions.ts";

export interface RoleActor {
  adminId: string;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export type RoleChangeResult =
  | { ok: true; outcome: "changed" | "requested" | "approved" | "rejected"; role: Role }
  | { ok: false; status: 400 | 403 | 404 | 409; message: string };

export const roleMessages = Object.freeze({
  own: "You cannot change your own role. Another admin must.",
  unknown: "Choose a role.",
  stale: "Their role changed meanwhile. Look again before changing it.",
  same: "They already have this role.",
  pending: "A change to or from admin is already waiting for a second admin.",
  lastAdmin: "They are the only admin. Make someone else an admin first.",
  sameAdmin: "A second, different admin must approve this.",
  noRequest: "There is no pending request to decide.",
  closed: "This account is closed: it cannot be given a staff role.",
});

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Sets the role if it is still `from`; the audit row in the same transaction. */
async function applyRole(
  tx: Db,
  actor: RoleActor,
  input: { memberId: string; from: Role; to: Role; approvedBy?: string },
) {
  const rows = await tx
    .update(users)
    .set({ role: input.to, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, input.memberId),
        eq(users.role, input.from),
        // A request approved after the member closed their account no longer applies.
        input.to === "member" ? undefined : isNull(users.closedAt),
      ),
    )
    .returning({ email: users.email });
  const row = rows[0];
  if (!row) return false;
  await recordAdminAudit(tx, {
    adminId: actor.adminId,
    event: "admin-role-changed",
    detail: {
      memberId: input.memberId,
      memberEmail: row.email,
      from: input.from,
      to: input.to,
      ...(input.approvedBy ? { requestApprovedBy: input.approvedBy } : {}),
    },
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  return true;
}

/**
 * An admin's change of a member's role, from the role the page showed (`from`). To or from admin
 * it becomes a request for a second admin; otherwise it happens now.
 */
export async function changeRole(
  db: Db,
  actor: RoleActor,
  input: { memberId: string; from: string; to: string },
): Promise<RoleChangeResult> {
  if (!isRole(input.to) || !isRole(input.from))
    return { ok: false, status: 400, message: roleMessages.unknown };
  const { from, to } = input;
  if (actor.adminId === input.memberId) return { ok: false, status: 403, message: roleMessages.own };
  if (from === to) return { ok: false, status: 409, message: roleMessages.same };
  return withTx(db, async (tx) => {
    const [member] = await tx
      .select({ role: users.role, email: users.email, closedAt: users.closedAt })
      .from(users)
      .where(eq(users.id, input.memberId))
      .for("update");
    if (!member) return { ok: false as const, status: 404 as const, message: "No such member." };
    if (member.role !== from)
      return { ok: false as const, status: 409 as const, message: roleMessages.stale };
    // Nobody signs in to a closed account (ADR 0086), and staff must give up their role before
    // closing, so a closed account takes no staff role.
    if (member.closedAt && to !== "member")
      return { ok: false as const, status: 409 as const, message: roleMessages.closed };
    if (from === "admin" && (await countAdmins(tx)) <= 1) {
      return { ok: false as const, status: 409 as const, message: roleMessages.lastAdmin };
    }
    if (from === "admin" || to === "admin") {
      const inserted = await tx
        .insert(staffRoleRequests)
        .values({ memberId: input.memberId, fromRole: from, toRole: to, requestedBy: actor.adminId })
        .onConflictDoNothing()
        .returning({ id: staffRoleRequests.id });
      if (inserted.length === 0)
        return { ok: false as const, status: 409 as const, message: roleMessages.pending };
      await recordAdminAudit(tx, {
        adminId: actor.adminId,
        event: "admin-role-requested",
        detail: {
          memberId: input.memberId,
          memberEmail: member.email,
          from,
          to,
          requestId: String(inserted[0]?.id),
        },
        ip: actor.ip,
        userAgent: actor.userAgent,
      });
      return { ok: true as const, outcome: "requested" as const, role: from };
    }
    await applyRole(tx, actor, { memberId: input.memberId, from, to });
    return { ok: true as const, outcome: "changed" as const, role: to };
  });
}

/** A second admin approves or rejects a pending change to or from admin. */
export async function decideRoleRequest(
  db: Db,
  actor: RoleActor,
  input: { memberId: string; approve: boolean },
): Promise<RoleChangeResult> {
  return withTx(db, async (tx) => {
    const [request] = await tx
      .select()
      .from(staffRoleRequests)
      .where(and(eq(staffRoleRequests.memberId, input.memberId), eq(staffRoleRequests.status, "pending")))
      .for("update");
    if (!request) return { ok: false as const, status: 404 as const, message: roleMessages.noRequest };
    if (request.requestedBy === actor.adminId)
      return { ok: false as const, status: 403 as const, message: roleMessages.sameAdmin };
    if (request.memberId === actor.adminId)
      return { ok: false as const, status: 403 as const, message: roleMessages.own };
    const from = request.fromRole as Role;
    const to = request.toRole as Role;
    if (input.approve && from === "admin" && (await countAdmins(tx)) <= 1) {
      return { ok: false as const, status: 409 as const, message: roleMessages.lastAdmin };
    }
    if (input.approve && to !== "member") {
      // The member closed their account after the request: it is settled as rejected, saying why.
      const [member] = await tx
        .select({ closedAt: users.closedAt })
        .from(users)
        .where(eq(users.id, request.memberId));
      if (member?.closedAt) {
        await tx
          .update(staffRoleRequests)
          .set({ status: "rejected", decidedBy: actor.adminId, decidedAt: new Date() })
          .where(eq(staffRoleRequests.id, request.id));
        return { ok: false as const, status: 409 as const, message: roleMessages.closed };
      }
    }
    await tx
      .update(staffRoleRequests)
      .set({
        status: input.approve ? "approved" : "rejected",
        decidedBy: actor.adminId,
        decidedAt: new Date(),
      })
      .where(and(eq(staffRoleRequests.id, request.id), eq(staffRoleRequests.status, "pending")));
    if (!input.approve) {
      await recordAdminAudit(tx, {
        adminId: actor.adminId,
        event: "admin-role-request-rejected",
        detail: {
          memberId: request.memberId,
          from,
          to,
          requestId: String(request.id),
          requestedBy: request.requestedBy,
        },
        ip: actor.ip,
        userAgent: actor.userAgent,
      });
      return { ok: true as const, outcome: "rejected" as const, role: from };
    }
    const applied = await applyRole(tx, actor, {
      memberId: request.memberId,
      from,
      to,
      approvedBy: actor.adminId,
    });
    if (!applied) {
      // Their role moved since the request: it no longer describes a change to make.
      await tx
        .update(staffRoleRequests)
        .set({ status: "rejected" })
        .where(eq(staffRoleRequests.id, request.id));
      return { ok: false as const, status: 409 as const, message: roleMessages.stale };
    }
    return { ok: true as const, outcome: "approved" as const, role: to };
  });
}

/** The member's pending change to or from admin, for their page in the back office. */
export async function pendingRoleRequest(db: Db, memberId: string) {
  const [row] = await db
    .select({
      fromRole: staffRoleRequests.fromRole,
      toRole: staffRoleRequests.toRole,
      requestedBy: staffRoleRequests.requestedBy,
      requestedAt: staffRoleRequests.requestedAt,
      requesterEmail: users.email,
    })
    .from(staffRoleRequests)
    .innerJoin(users, eq(users.id, staffRoleRequests.requestedBy))
    .where(and(eq(staffRoleRequests.memberId, memberId), eq(staffRoleRequests.status, "pending")))
    .orderBy(desc(staffRoleRequests.requestedAt))
    .limit(1);
  return row
    ? {
        from: row.fromRole,
        to: row.toRole,
        requestedBy: row.requestedBy,
        requesterEmail: row.requesterEmail,
        requestedAt: row.requestedAt.toISOString(),
      }
    : null;
}
