import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactRequests, devMailbox } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { deliverMail } from "../../../tests/mailbox.ts";
import { fakeClock } from "../accounts/clock.ts";
import { contactPerIp, submitContactRequest } from "./contact.server.ts";

const t = setupTestDatabase();
const input = { email: "ada@example.com", subject: "Membership question", message: "Can I pay yearly?" };

function context(ip: string, clock = fakeClock(), extra: { isSpam?: boolean; supportEmail?: string } = {}) {
  return {
    ip,
    supportEmail: "support@example.com",
    clock,
    ...extra,
  };
}

describe("contact requests", () => {
  it("stores the request and e-mails it to the support address", async () => {
    const result = await submitContactRequest(t.db, input, context("198.51.100.1"));
    expect(result.ok).toBe(true);
    const id = result.ok ? result.id : null;
    const [row] = await t.db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.id, id ?? ""));
    expect(row).toMatchObject({ ...input, ip: "198.51.100.1" });
    await deliverMail(t.db);
    const mail = await t.db.select().from(devMailbox).where(eq(devMailbox.to, "support@example.com"));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe("[Coinlens contact] Membership question");
    expect(mail[0]?.text).toContain("From: ada@example.com");
    expect(mail[0]?.text).toContain(`Reference: ${id}`);
  });

  it(`allows ${contactPerIp.limit} messages per address per hour, then refuses until the window ends`, async () => {
    const clock = fakeClock(new Date("2026-03-01T10:00:00Z"));
    for (let i = 0; i < contactPerIp.limit; i++) {
      expect((await submitContactRequest(t.db, input, context("203.0.113.7", clock))).ok).toBe(true);
    }
    const refused = await submitContactRequest(t.db, input, context("203.0.113.7", clock));
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 3600 });
    // Another address is unaffected.
    expect((await submitContactRequest(t.db, input, context("203.0.113.8", clock))).ok).toBe(true);
    clock.advance(contactPerIp.windowMs);
    expect((await submitContactRequest(t.db, input, context("203.0.113.7", clock))).ok).toBe(true);
  });

  it("a filled spam trap looks like success but stores and sends nothing", async () => {
    const before = await t.db.select({ n: count() }).from(contactRequests);
    await deliverMail(t.db);
    const mailBefore = await t.db.select({ n: count() }).from(devMailbox);
    const result = await submitContactRequest(
      t.db,
      input,
      context("192.0.2.50", fakeClock(), { isSpam: true }),
    );
    expect(result).toEqual({ ok: true, id: null });
    expect(await t.db.select({ n: count() }).from(contactRequests)).toEqual(before);
    await deliverMail(t.db);
    expect(await t.db.select({ n: count() }).from(devMailbox)).toEqual(mailBefore);
  });
});
