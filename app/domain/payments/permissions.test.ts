import { describe, expect, it } from "vitest";
import {
  AUDIT_PERMISSIONS,
  decideAccess,
  decideStaffAccess,
  EARN_PERMISSIONS,
  hasPermission,
  MEMBER_PERMISSIONS,
  PAYMENT_PERMISSIONS,
  REVIEW_PERMISSIONS,
} from "./permissions.ts";

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
    expect(decideAccess({ role: "admin", twoFactorEnabled: false }, "approve:withdrawal:any")).toMatchObject({
      ok: false,
      status: 403,
      message: expect.stringMatching(/two-factor/),
    });
    expect(decideAccess({ role: "admin", twoFactorEnabled: true }, "approve:withdrawal:any")).toEqual({
      ok: true,
    });
    expect(decideAccess({ role: "support", twoFactorEnabled: true }, "approve:withdrawal:any")).toMatchObject(
      { ok: false },
    );
    expect(decideAccess({ role: "member", twoFactorEnabled: true }, "read:deposit:any")).toMatchObject({
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
    expect(
      decideAccess({ role: "admin", twoFactorEnabled: false }, "update:staking-product:any"),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/two-factor/),
    });
    expect(decideAccess({ role: "admin", twoFactorEnabled: false }, "moderate:review:any")).toMatchObject({
      ok: false,
    });
    expect(decideAccess({ role: "admin", twoFactorEnabled: true }, "manage:broker:any")).toEqual({
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
    expect(decideAccess({ role: "admin", twoFactorEnabled: false }, "disable:member:any")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/two-factor/),
    });
  });

  it("the back-office shell admits staff with two-factor only", () => {
    for (const role of ["admin", "support", "analyst"]) {
      expect(decideStaffAccess({ role, twoFactorEnabled: true })).toEqual({ ok: true });
      expect(decideStaffAccess({ role, twoFactorEnabled: false })).toMatchObject({
        ok: false,
        status: 403,
        message: expect.stringMatching(/two-factor/),
      });
    }
    for (const role of ["member", "", "superuser"]) {
      expect(decideStaffAccess({ role, twoFactorEnabled: true })).toMatchObject({
        ok: false,
        status: 403,
        message: "The back-office is for staff only.",
      });
    }
  });
});
