import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { openDemoAccount } from "../accounts/member-accounts.server.ts";
import { firstRunView, getMemberPreferences, setMemberPreferences } from "./preferences.server.ts";

const t = setupTestDatabase();

let counter = 0;
async function newMember() {
  const id = `first-run-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
  await t.db.execute(sql`insert into users (id, name, email) values (${id}, ${id}, ${`${id}@example.test`})`);
  return { id, emailVerified: false, twoFactorEnabled: false };
}

describe("member preferences", () => {
  it("are created by the first choice and changed by the next, per member", async () => {
    const a = await newMember();
    const b = await newMember();
    expect(await getMemberPreferences(t.db, a.id)).toBeUndefined();
    await setMemberPreferences(t.db, a.id, { lastAccountMode: "demo" });
    await setMemberPreferences(t.db, a.id, { checklistDismissedAt: new Date("2026-11-25T10:00:00Z") });
    const prefs = await getMemberPreferences(t.db, a.id);
    expect(prefs?.lastAccountMode).toBe("demo");
    expect(prefs?.checklistDismissedAt?.toISOString()).toBe("2026-11-25T10:00:00.000Z");
    expect(await getMemberPreferences(t.db, b.id)).toBeUndefined();
  });

  it("refuse a mode that is not real or demo (the database checks too)", async () => {
    const a = await newMember();
    await expect(
      t.db.execute(
        sql`insert into member_preferences (user_id, last_account_mode) values (${a.id}, 'paper')`,
      ),
    ).rejects.toThrow();
  });
});

describe("the first-run checklist from real state", () => {
  it("ticks a step from the member's own state only, and a dismissal hides it for that member only", async () => {
    const a = await newMember();
    const b = await newMember();
    await openDemoAccount(t.db, a.id);
    const forA = await firstRunView(t.db, { ...a, emailVerified: true });
    expect(forA.steps.filter((s) => s.done).map((s) => s.id)).toEqual(["confirm-email", "demo-or-deposit"]);
    const forB = await firstRunView(t.db, b);
    expect(forB.doneCount).toBe(0);

    await setMemberPreferences(t.db, a.id, { checklistDismissedAt: new Date() });
    expect((await firstRunView(t.db, a)).visible).toBe(false);
    expect((await firstRunView(t.db, b)).visible).toBe(true);
  });
});

describe("the reminder to confirm the e-mail", () => {
  it("shows until confirmed, is put away for a day when dismissed, then comes back", async () => {
    const a = await newMember();
    const now = new Date("2026-11-25T12:00:00Z");
    expect((await firstRunView(t.db, a, now)).emailReminder).toBe(true);
    await setMemberPreferences(t.db, a.id, { emailReminderDismissedAt: now });
    expect((await firstRunView(t.db, a, new Date("2026-11-26T11:00:00Z"))).emailReminder).toBe(false);
    expect((await firstRunView(t.db, a, new Date("2026-11-26T13:00:00Z"))).emailReminder).toBe(true);
    expect((await firstRunView(t.db, { ...a, emailVerified: true }, now)).emailReminder).toBe(false);
  });
});
