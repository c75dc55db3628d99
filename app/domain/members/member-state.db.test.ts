// The back-office's view of a member's state (ADR 0055): an account the member closed (ADR 0086)
// shows as closed, with when its personal data goes, in the members list, its status filter and
// the member page; and the verification tier (ADR 0082) with the date it was reached. Everything
// is made through the domain functions the app calls: closeAccount, submitDetails,
// submitDocuments, decideVerification, anonymiseDueAccounts.
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { accountDataMembers, DAY, PASSWORD } from "../../../tests/account-data.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { anonymiseDueAccounts } from "../account-data/anonymise.server.ts";
import { closeAccount } from "../account-data/closure.server.ts";
import { submitDetails, submitDocuments } from "../verification/member.server.ts";
import { decideVerification } from "../verification/review.server.ts";
import {
  countMembers,
  disableMember,
  enableMember,
  getMemberProfile,
  listMembers,
  MemberStateError,
} from "./members.server.ts";
import { changeRole, decideRoleRequest, pendingRoleRequest, roleMessages } from "./staff-roles.server.ts";
import { memberStatus } from "./status.ts";

const t = setupTestDatabase();
const { env, clock, meta, member } = accountDataMembers(() => t.db, "10.88");
const png = readFileSync(new URL("../../../tests/fixtures/support/receipt.png", import.meta.url));
const CLOSED_AT = new Date("2026-11-25T10:15:00Z");

function details() {
  const form = new FormData();
  const values = {
    fullName: "Ada Lovelace",
    dateOfBirth: "1990-12-10",
    addressLine: "1 Example Street",
    city: "London",
    postalCode: "N1 1AA",
    country: "GB",
  };
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
}

// Each test starts at the helper's fixed time, whatever the one before moved the clock to.
afterEach(() => clock.set(CLOSED_AT));

const ids = async (status: "active" | "disabled" | "closed", query: string) =>
  (await listMembers(t.db, { query, status, pageSize: 100 })).rows.map((m) => m.id);

describe("a member who closed their account", () => {
  it("shows as closed with the date their data is kept until, then anonymised; the status filter follows; others unaffected", async () => {
    const cora = await member("cora");
    const dan = await member("dan");
    const eve = await member("eve");
    const admin = await member("admin");
    const closed = await closeAccount(
      t.db,
      env,
      cora.current,
      { password: PASSWORD, code: "" },
      meta(cora.cookie),
      1825,
    );
    expect(closed).toEqual({ ok: true });
    // Closed and then disabled as well: closed still wins.
    await disableMember(t.db, { adminId: admin.userId, memberId: eve.userId, reason: "Chargeback" });

    const profile = await getMemberProfile(t.db, cora.userId);
    expect(profile).toMatchObject({
      closedAt: CLOSED_AT,
      anonymiseAfter: new Date(CLOSED_AT.getTime() + 1825 * DAY),
      anonymisedAt: null,
      disabledAt: null,
      activeSessions: 0,
    });
    expect(profile && memberStatus(profile)).toBe("closed");
    const other = await getMemberProfile(t.db, dan.userId);
    expect(other).toMatchObject({ closedAt: null, anonymiseAfter: null, anonymisedAt: null });
    expect(other && memberStatus(other)).toBe("active");

    const listed = await listMembers(t.db, { query: "@example.test", pageSize: 100 });
    const row = (id: string) => listed.rows.find((m) => m.id === id);
    expect(row(cora.userId)?.closedAt).toEqual(CLOSED_AT);
    expect(row(dan.userId)?.closedAt).toBeNull();
    const mine = [cora.userId, dan.userId, eve.userId];
    const within = async (status: "active" | "disabled" | "closed") =>
      (await ids(status, "@example.test")).filter((id) => mine.includes(id));
    expect(await within("active")).toEqual([dan.userId]);
    expect(await within("disabled")).toEqual([eve.userId]);
    expect(await within("closed")).toEqual([cora.userId]);

    // After the retention period the job anonymises it: the page says when.
    const anonymisedAt = new Date(CLOSED_AT.getTime() + 1826 * DAY);
    clock.set(anonymisedAt);
    const job = await anonymiseDueAccounts(t.db, { now: anonymisedAt });
    expect(job.anonymised).toContain(cora.userId);
    const after = await getMemberProfile(t.db, cora.userId);
    expect(after?.anonymisedAt).toEqual(anonymisedAt);
    expect(after?.closedAt).toEqual(CLOSED_AT);
    expect(await ids("closed", "Closed account")).toContain(cora.userId);
    expect((await getMemberProfile(t.db, dan.userId))?.anonymisedAt).toBeNull();
  });
});

describe("what staff can still do to a closed account", () => {
  // (Staff cannot close their account while they hold a role: closeAccount's blockers.)
  it("no disabling and no staff role, not even through a request approved after it closed", async () => {
    const gil = await member("gil");
    const ana = await member("ana");
    const ben = await member("ben");
    for (const admin of [ana, ben]) {
      await t.db.execute(sql`update users set role = 'admin' where id = ${admin.userId}`);
    }
    // Before gil closes: a request to make gil an admin waits for a second admin.
    expect(
      await changeRole(t.db, { adminId: ana.userId }, { memberId: gil.userId, from: "member", to: "admin" }),
    ).toMatchObject({
      ok: true,
      outcome: "requested",
    });
    const before = await countMembers(t.db);
    const closed = await closeAccount(
      t.db,
      env,
      gil.current,
      { password: PASSWORD, code: "" },
      meta(gil.cookie),
      1825,
    );
    expect(closed).toEqual({ ok: true });
    expect(await countMembers(t.db)).toEqual({ ...before, closed: before.closed + 1 });

    await expect(
      disableMember(t.db, { adminId: ana.userId, memberId: gil.userId, reason: "Fraud" }),
    ).rejects.toThrow(MemberStateError);
    expect((await getMemberProfile(t.db, gil.userId))?.disabledAt).toBeNull();
    await expect(enableMember(t.db, { adminId: ana.userId, memberId: gil.userId })).rejects.toThrow(/closed/);

    // The pending request no longer applies: approving it says why, changes nothing and settles it.
    expect(
      await decideRoleRequest(t.db, { adminId: ben.userId }, { memberId: gil.userId, approve: true }),
    ).toEqual({ ok: false, status: 409, message: roleMessages.closed });
    expect(await pendingRoleRequest(t.db, gil.userId)).toBeNull();
    expect(
      await changeRole(
        t.db,
        { adminId: ana.userId },
        { memberId: gil.userId, from: "member", to: "support" },
      ),
    ).toEqual({
      ok: false,
      status: 409,
      message: roleMessages.closed,
    });
    expect((await getMemberProfile(t.db, gil.userId))?.role).toBe("member");
    // An open account is unaffected.
    expect(
      await changeRole(
        t.db,
        { adminId: ana.userId },
        { memberId: (await member("ivo")).userId, from: "member", to: "support" },
      ),
    ).toMatchObject({ ok: true });
  });
});

describe("a member's verification tier", () => {
  it("is 0 without a profile row, 1 from the details' date, 2 from the second approval; a pending request is named", async () => {
    const ivy = await member("ivy");
    const jon = await member("jon");
    const staffA = await member("staffa");
    const staffB = await member("staffb");
    expect((await getMemberProfile(t.db, ivy.userId))?.verification).toEqual({
      tier: 0,
      since: null,
      pendingRequestId: null,
    });

    clock.set(new Date("2026-11-20T09:00:00Z"));
    expect((await submitDetails(t.db, ivy.userId, details(), clock)).ok).toBe(true);
    expect((await getMemberProfile(t.db, ivy.userId))?.verification).toEqual({
      tier: 1,
      since: new Date("2026-11-20T09:00:00Z"),
      pendingRequestId: null,
    });

    const sent = await submitDocuments(
      t.db,
      ivy.userId,
      { identity: { name: "passport.png", bytes: png }, selfie: { name: "me.png", bytes: png } },
      { clock },
    );
    expect(sent.ok).toBe(true);
    const pending = (await getMemberProfile(t.db, ivy.userId))?.verification;
    expect(pending).toMatchObject({ tier: 1, pendingRequestId: expect.stringMatching(/^\d+$/) });
    const requestId = BigInt(pending?.pendingRequestId ?? "0");
    await decideVerification(t.db, { adminId: staffA.userId }, requestId, { intent: "approve" });
    expect((await getMemberProfile(t.db, ivy.userId))?.verification.tier).toBe(1);
    const before = Date.now();
    await decideVerification(t.db, { adminId: staffB.userId }, requestId, { intent: "approve" });
    const tier2 = (await getMemberProfile(t.db, ivy.userId))?.verification;
    expect(tier2).toMatchObject({ tier: 2, pendingRequestId: null });
    // tier2_at is the database's now() at the second approval, not the details' date.
    expect(tier2?.since?.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(tier2?.since?.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);

    expect((await getMemberProfile(t.db, jon.userId))?.verification).toEqual({
      tier: 0,
      since: null,
      pendingRequestId: null,
    });
  });
});
