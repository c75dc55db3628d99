import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, staffRoleRequests, users } from "../../../db/schema/index.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { addMember } from "../../../tests/membership.ts";
import { changeRole, decideRoleRequest, pendingRoleRequest, roleMessages } from "./staff-roles.server.ts";

// Staff roles (issue 20, ADR 0081): support and analyst at once and audited; to or from admin only
// with a second admin; never one's own role; never the last admin.

const t = setupTestDatabase();
const roleOf = async (id: string) =>
  (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;
async function staff(id: string, role: string) {
  await addMember(t.db, id);
  await t.db.execute(sql`update users set role = ${role} where id = ${id}`);
  return { adminId: id };
}

describe("staff roles", () => {
  it("support and analyst change at once, audited, from the role the admin saw", async () => {
    const ada = await staff("roles-ada", "admin");
    const mia = await addMember(t.db, "roles-mia");
    expect(await changeRole(t.db, ada, { memberId: mia, from: "member", to: "support" })).toMatchObject({
      ok: true,
      outcome: "changed",
    });
    expect(await roleOf(mia)).toBe("support");
    // A second admin's page still said "member": nothing changes.
    expect(await changeRole(t.db, ada, { memberId: mia, from: "member", to: "analyst" })).toMatchObject({
      ok: false,
      message: roleMessages.stale,
    });
    expect(await changeRole(t.db, ada, { memberId: mia, from: "support", to: "analyst" })).toMatchObject({
      ok: true,
    });
    expect(await changeRole(t.db, ada, { memberId: mia, from: "analyst", to: "overlord" })).toMatchObject({
      ok: false,
      status: 400,
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.userId, ada.adminId));
    expect(audit.filter((a) => a.event === "admin-role-changed")).toHaveLength(2);
    expect(await changeRole(t.db, ada, { memberId: ada.adminId, from: "admin", to: "member" })).toMatchObject(
      { ok: false, message: roleMessages.own },
    );
  });

  it("admin takes two admins: the one who asked cannot approve; the other can, once", async () => {
    const bea = await staff("roles-bea", "admin");
    const cal = await staff("roles-cal", "admin");
    const ned = await addMember(t.db, "roles-ned");
    expect(await changeRole(t.db, bea, { memberId: ned, from: "member", to: "admin" })).toMatchObject({
      ok: true,
      outcome: "requested",
    });
    expect(await roleOf(ned)).toBe("member");
    expect((await pendingRoleRequest(t.db, ned))?.to).toBe("admin");
    expect(await changeRole(t.db, cal, { memberId: ned, from: "member", to: "admin" })).toMatchObject({
      ok: false,
      message: roleMessages.pending,
    });
    expect(await decideRoleRequest(t.db, bea, { memberId: ned, approve: true })).toMatchObject({
      ok: false,
      message: roleMessages.sameAdmin,
    });
    expect(await decideRoleRequest(t.db, { adminId: ned }, { memberId: ned, approve: true })).toMatchObject({
      ok: false,
    });
    expect(await decideRoleRequest(t.db, cal, { memberId: ned, approve: true })).toMatchObject({
      ok: true,
      outcome: "approved",
      role: "admin",
    });
    expect(await roleOf(ned)).toBe("admin");
    expect(await decideRoleRequest(t.db, cal, { memberId: ned, approve: true })).toMatchObject({
      ok: false,
      message: roleMessages.noRequest,
    });
    // Taking admin away takes two as well; a rejection leaves it.
    expect(await changeRole(t.db, cal, { memberId: ned, from: "admin", to: "member" })).toMatchObject({
      outcome: "requested",
    });
    expect(await decideRoleRequest(t.db, bea, { memberId: ned, approve: false })).toMatchObject({
      ok: true,
      outcome: "rejected",
    });
    expect(await roleOf(ned)).toBe("admin");
    const [decided] = await t.db
      .select()
      .from(staffRoleRequests)
      .where(eq(staffRoleRequests.memberId, ned))
      .orderBy(desc(staffRoleRequests.id))
      .limit(1);
    expect(decided?.decidedBy).toBe(bea.adminId);
  });

  it("the last admin stays an admin", async () => {
    const db = t.db;
    // Everyone else in this database stops being an admin first (a fresh database per file).
    await db.execute(sql`update users set role = 'member' where role = 'admin'`);
    const solo = await staff("roles-solo", "admin");
    const helper = await staff("roles-helper", "support");
    expect(
      await changeRole(db, helper, { memberId: solo.adminId, from: "admin", to: "member" }),
    ).toMatchObject({ ok: false, message: roleMessages.lastAdmin });
  });

  it.skipIf(!onPostgres)("two admins approving at once change the role once", async () => {
    const dot = await staff("roles-dot", "admin");
    const eve = await staff("roles-eve", "admin");
    const fay = await staff("roles-fay", "admin");
    const gus = await addMember(t.db, "roles-gus");
    await changeRole(t.db, dot, { memberId: gus, from: "member", to: "admin" });
    const results = await Promise.all([
      decideRoleRequest(t.db, eve, { memberId: gus, approve: true }),
      decideRoleRequest(t.db, fay, { memberId: gus, approve: true }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.event, "admin-role-changed"));
    expect(audits.filter((a) => (a.detail as { memberId?: string }).memberId === gus)).toHaveLength(1);
  });
});
