import { describe, expect, it } from "vitest";
import {
  decideAccess,
  EARN_PERMISSIONS,
  hasPermission,
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
