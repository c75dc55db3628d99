import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { queryRows } from "../../db/client.server.ts";
import { firstAdminRefusal, grantRole } from "./admin-role.server.ts";

const t = setupTestDatabase();

describe("admin:create", () => {
  it("is for the first admin only: once one exists, roles are given in the back office", async () => {
    expect(await firstAdminRefusal(t.db)).toBeNull();
    await t.db.execute(
      sql`insert into users (id, name, email, role) values ('u-first', 'First', 'first@example.test', 'admin')`,
    );
    expect(await firstAdminRefusal(t.db)).toMatch(/An admin exists already/);
    await t.db.execute(sql`delete from users where id = 'u-first'`);
  });

  it("makes an existing member admin by e-mail (any case) and reports two-factor status", async () => {
    await t.db.execute(
      sql`insert into users (id, name, email) values ('u-admin-1', 'Ada', 'Ada@Example.test')`,
    );
    expect(await grantRole(t.db, " ada@example.TEST ")).toEqual({
      ok: true,
      userId: "u-admin-1",
      email: "Ada@Example.test",
      role: "admin",
      twoFactorEnabled: false,
    });
    const [row] = await queryRows<{ role: string }>(t.db, sql`select role from users where id = 'u-admin-1'`);
    expect(row?.role).toBe("admin");
  });

  it("refuses an unknown e-mail or role and changes nothing", async () => {
    expect(await grantRole(t.db, "nobody@example.test")).toMatchObject({ ok: false });
    expect(await grantRole(t.db, "ada@example.test", "root" as never)).toMatchObject({
      ok: false,
      message: "Unknown role: root",
    });
  });
});
