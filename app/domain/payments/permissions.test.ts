import { describe, expect, it } from "vitest";
import {
  AUDIT_PERMISSIONS,
  decideAccess,
  decideStaffAccess,
  EARN_PERMISSIONS,
  hasPermission,
  MEMBER_PERMISSIONS,
  MEMBERSHIP_PERMISSIONS,
  PAYMENT_PERMISSIONS,
  RESEARCH_PERMISSIONS,
  REVIEW_PERMISSIONS,
  type Requester,
  TOOLS_PERMISSIONS,
} from "./permissions.ts";

/** A signed-in requester; by default the session completed the two-factor step when it is on. */
function staff(
  role: string,
  twoFactorEnabled: boolean,
  signInMethod: Requester["session"]["signInMethod"] = twoFactorEnabled ? "two-factor" : "password",
): Requester {
  return { user: { role, twoFactorEnabled }, session: { signInMethod } };
}

describe("payment back-office permissions", () => {
  it("admins hold every permission; support only reads; members and analysts none", () => {
    for (const p of PAYMENT_PERMISSIONS) expect(hasPermission("admin", p)).toBe(true);
    expect(PAYMENT_PERMISSIONS.filter((p) => hasPermission("support", p))).toEqual([
      "read:deposit:any",
      "read:withdrawal:any",
    ]);
    for (const role of ["member", "analyst", "", "ADMIN", "superuser"]) {
      for (const p of PAYMENT_PERMISSIONS) expect(hasPermission(role, p)).toBe(false);
    }
  });

  it("an admin without two-factor is refused; with it, allowed", () => {
    expect(decideAccess(staff("admin", false), "approve:withdrawal:any")).toMatchObject({
      ok: false,
      status: 403,
      message: expect.stringMatching(/two-factor/),
    });
    expect(decideAccess(staff("admin", true), "approve:withdrawal:any")).toEqual({
      ok: true,
    });
    expect(decideAccess(staff("support", true), "approve:withdrawal:any")).toMatchObject({ ok: false });
    expect(decideAccess(staff("member", true), "read:deposit:any")).toMatchObject({
      ok: false,
    });
  });
});

describe("earn and review back-office permissions", () => {
  it("only admins change products, pools, treasuries, the spread and brokers, or moderate reviews", () => {
    for (const p of [...EARN_PERMISSIONS, ...REVIEW_PERMISSIONS]) {
      expect(hasPermission("admin", p)).toBe(true);
      for (const role of ["support", "analyst", "member", ""]) expect(hasPermission(role, p)).toBe(false);
    }
  });

  it("two-factor is required for them too", () => {
    expect(decideAccess(staff("admin", false), "update:staking-product:any")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/two-factor/),
    });
    expect(decideAccess(staff("admin", false), "moderate:review:any")).toMatchObject({
      ok: false,
    });
    expect(decideAccess(staff("admin", true), "manage:broker:any")).toEqual({
      ok: true,
    });
  });
});

describe("member and audit back-office permissions", () => {
  it("support may look members up; only admins disable them or read the audit log", () => {
    for (const p of [...MEMBER_PERMISSIONS, ...AUDIT_PERMISSIONS])
      expect(hasPermission("admin", p)).toBe(true);
    expect(hasPermission("support", "read:member:any")).toBe(true);
    expect(hasPermission("support", "disable:member:any")).toBe(false);
    expect(hasPermission("support", "read:audit:any")).toBe(false);
    for (const role of ["analyst", "member", "", "Admin"]) {
      for (const p of [...MEMBER_PERMISSIONS, ...AUDIT_PERMISSIONS])
        expect(hasPermission(role, p)).toBe(false);
    }
    expect(decideAccess(staff("admin", false), "disable:member:any")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/two-factor/),
    });
  });

  it("the back-office shell admits staff with two-factor only", () => {
    for (const role of ["admin", "support", "analyst"]) {
      expect(decideStaffAccess(staff(role, true))).toEqual({ ok: true });
      expect(decideStaffAccess(staff(role, false))).toMatchObject({
        ok: false,
        status: 403,
        message: expect.stringMatching(/two-factor/),
      });
    }
    for (const role of ["member", "", "superuser"]) {
      expect(decideStaffAccess(staff(role, true))).toMatchObject({
        ok: false,
        status: 403,
        message: "The back-office is for staff only.",
      });
    }
  });
});

describe("a two-factor session, not only a two-factor member (ADR 0011)", () => {
  it("staff with two-factor on whose session was signed in with the password alone are refused, with the way out", () => {
    for (const role of ["admin", "support", "analyst"]) {
      expect(decideStaffAccess(staff(role, true, "password"))).toEqual({
        ok: false,
        status: 403,
        message: "Sign in again with your two-factor code to use the back-office.",
        reason: "two-factor-session",
      });
      expect(decideStaffAccess(staff(role, true, "two-factor"))).toEqual({ ok: true });
    }
    for (const permission of ["approve:withdrawal:any", "read:audit:any", "manage:broker:any"] as const) {
      expect(decideAccess(staff("admin", true, "password"), permission)).toMatchObject({
        ok: false,
        reason: "two-factor-session",
      });
      expect(decideAccess(staff("admin", true, "two-factor"), permission)).toEqual({ ok: true });
    }
  });

  it("staff without two-factor keep the 'turn it on' message, whatever the session says", () => {
    for (const method of ["password", "two-factor"] as const) {
      expect(decideStaffAccess(staff("admin", false, method))).toEqual({
        ok: false,
        status: 403,
        message: "Turn on two-factor sign-in in Settings before using the back-office.",
        reason: "two-factor-off",
      });
    }
    expect(decideAccess(staff("member", true, "two-factor"), "read:deposit:any")).toMatchObject({
      ok: false,
      reason: "permission",
    });
  });
});

describe("membership back-office permissions", () => {
  it("support may read subscribers and revenue; only admins edit plans or refund", () => {
    for (const p of MEMBERSHIP_PERMISSIONS) expect(hasPermission("admin", p)).toBe(true);
    expect(hasPermission("support", "read:billing:any")).toBe(true);
    expect(hasPermission("support", "update:plan:any")).toBe(false);
    expect(hasPermission("support", "refund:invoice:any")).toBe(false);
    for (const role of ["analyst", "member", ""]) {
      for (const p of MEMBERSHIP_PERMISSIONS) expect(hasPermission(role, p)).toBe(false);
    }
  });
});

describe("research studio permissions (ADR 0073)", () => {
  it("analysts and admins write and review research; support and members do not; only admins set staff roles", () => {
    for (const role of ["analyst", "support", "member"])
      expect(hasPermission(role, "manage:staff-role:any")).toBe(false);
    expect(hasPermission("admin", "manage:staff-role:any")).toBe(true);
    for (const p of RESEARCH_PERMISSIONS) {
      expect(hasPermission("analyst", p)).toBe(true);
      expect(hasPermission("admin", p)).toBe(true);
      for (const role of ["support", "member", "", "Analyst"]) expect(hasPermission(role, p)).toBe(false);
    }
  });

  it("the studio also wants a two-factor session", () => {
    expect(decideAccess(staff("analyst", false), "write:research:own")).toMatchObject({ ok: false });
    expect(decideAccess(staff("analyst", true, "password"), "write:research:own")).toMatchObject({
      ok: false,
    });
    expect(decideAccess(staff("analyst", true), "write:research:own")).toEqual({ ok: true });
  });
});

describe("community permissions (ADR 0083)", () => {
  it("analysts and admins manage live events; support and admins moderate comments; members neither", () => {
    for (const role of ["analyst", "admin"]) expect(hasPermission(role, "manage:event:any")).toBe(true);
    for (const role of ["support", "member", ""]) expect(hasPermission(role, "manage:event:any")).toBe(false);
    for (const role of ["support", "admin"]) expect(hasPermission(role, "moderate:comment:any")).toBe(true);
    for (const role of ["analyst", "member", ""])
      expect(hasPermission(role, "moderate:comment:any")).toBe(false);
  });
});

describe("community tool permissions (ADR 0085)", () => {
  it("analysts and admins curate airdrops and annotate smart-money transfers; support and members do not", () => {
    for (const p of TOOLS_PERMISSIONS) {
      expect(hasPermission("analyst", p)).toBe(true);
      expect(hasPermission("admin", p)).toBe(true);
      for (const role of ["support", "member", "", "Analyst"]) expect(hasPermission(role, p)).toBe(false);
    }
    expect(decideAccess(staff("analyst", true, "password"), "annotate:transfer:any")).toMatchObject({
      ok: false,
    });
  });
});
