import { readFileSync } from "node:fs";
import { eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, outbox, supportTickets } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { addMember, deposit } from "../../../tests/membership.ts";
import { queryRows } from "../../db/client.server.ts";
import { fakeClock } from "../accounts/clock.ts";
import { submitContactRequest } from "../contact/contact.server.ts";
import { newTicketSchema } from "./rules.ts";
import {
  assignTicket,
  getTicketForStaff,
  listQueue,
  queueMetrics,
  setTicketStatus,
  writeAsStaff,
} from "./staff.server.ts";
import {
  attachmentFor,
  getMyTicket,
  listMyTickets,
  openTicket,
  rateTicket,
  replyAsMember,
  resolveAsMember,
} from "./tickets.server.ts";

const t = setupTestDatabase();
const png = readFileSync(new URL("../../../tests/fixtures/support/receipt.png", import.meta.url));
const ticket = (subject: string, extra: Record<string, string> = {}) =>
  newTicketSchema.parse({ category: "deposit", subject, message: "My deposit has not arrived.", ...extra });
const allFilter = { status: "all", category: "all", assigned: "all", q: "" } as const;
const keysLike = async (prefix: string) =>
  (
    await t.db
      .select({ key: outbox.messageKey })
      .from(outbox)
      .where(like(outbox.messageKey, `${prefix}%`))
  ).map((r) => r.key);

async function staffMember(id: string, role: "support" | "admin" | "analyst") {
  await addMember(t.db, id);
  await t.db.execute(sql`update users set role = ${role} where id = ${id}`);
  return id;
}

describe("support tickets", () => {
  it("a member's ticket, its file and its thread are theirs alone; staff answer by e-mail and in-app", async () => {
    const clock = fakeClock(new Date("2026-11-20T09:00:00Z"));
    const ann = await addMember(t.db, "support-ann");
    const ben = await addMember(t.db, "support-ben");
    const sue = await staffMember("support-sue", "support");
    await deposit(t.db, ann, "USD", "50.00");
    const [op] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into ledger_operations (ledger, user_id, type, status, asset, amount)
            values ('real', ${ann}, 'deposit', 'completed', 'USD', 5000) returning id::text as id`,
    );

    expect(op?.id).toMatch(/^\d+$/);
    // Ben cannot link Ann's operation to his own ticket.
    const stolen = await openTicket(t.db, {
      userId: ben,
      email: "ben@example.test",
      ticket: ticket("Hers", { operationId: op?.id ?? "" }),
      files: [],
      clock,
    });
    expect(stolen).toMatchObject({ ok: false, field: "operationId" });

    const opened = await openTicket(t.db, {
      userId: ann,
      email: "support-ann@example.test",
      ticket: ticket("Deposit missing", { operationId: op?.id ?? "" }),
      files: [{ name: "receipt.png", bytes: png }],
      clock,
    });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    const id = BigInt(opened.ticketId);
    expect(await keysLike(`support:${id}:`)).toEqual([`support:${id}:received`]);

    // Ben sees nothing of it, by list or by id; its file is not his to read.
    expect(await listMyTickets(t.db, ben)).toEqual([]);
    expect(await getMyTicket(t.db, ben, id)).toBeNull();
    const mine = await getMyTicket(t.db, ann, id);
    const fileId = mine?.messages[0]?.files[0]?.id as bigint;
    expect(mine?.operation?.id.toString()).toBe(op?.id);
    expect(await attachmentFor(t.db, { id: fileId, userId: ben, staff: false })).toBeNull();
    expect((await attachmentFor(t.db, { id: fileId, userId: ann, staff: false }))?.contentType).toBe(
      "image/png",
    );
    expect((await attachmentFor(t.db, { id: fileId, userId: sue, staff: true }))?.bytes.equals(png)).toBe(
      true,
    );
    expect(
      await replyAsMember(t.db, { userId: ben, ticketId: id, message: "mine now", files: [], clock }),
    ).toMatchObject({ ok: false });

    // An internal note: staff only, no e-mail, no change of turn.
    clock.advance(30 * 60_000);
    await writeAsStaff(t.db, {
      staffId: sue,
      ticketId: id,
      message: "Checked the chain: 2 confirmations.",
      internal: true,
      files: [],
      now: clock.now(),
    });
    expect((await getMyTicket(t.db, ann, id))?.messages.map((m) => m.body)).toEqual([
      "My deposit has not arrived.",
    ]);
    expect((await getTicketForStaff(t.db, id))?.messages).toHaveLength(2);
    expect(await keysLike(`support:${id}:message`)).toEqual([]);

    // The reply: e-mailed, in Ann's notification centre, the first response, and Ann's turn.
    clock.advance(15 * 60_000);
    const reply = await writeAsStaff(t.db, {
      staffId: sue,
      ticketId: id,
      message: "It is credited now.",
      internal: false,
      files: [],
      now: clock.now(),
    });
    expect(reply.ok).toBe(true);
    expect(await keysLike(`support:${id}:message`)).toHaveLength(1);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row).toMatchObject({ status: "waiting", assigneeId: sue });
    expect(row?.firstResponseAt?.toISOString()).toBe("2026-11-20T09:45:00.000Z");
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, ann))).toHaveLength(1);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, ben))).toHaveLength(0);

    // Ann answers (her turn passes back), then resolves and rates once.
    expect(
      (
        await replyAsMember(t.db, {
          userId: ann,
          ticketId: id,
          message: "Thanks, I see it.",
          files: [],
          clock,
        })
      ).ok,
    ).toBe(true);
    expect((await getMyTicket(t.db, ann, id))?.ticket.status).toBe("open");
    expect(await rateTicket(t.db, { userId: ann, ticketId: id, rating: 5, comment: "Quick" })).toBe(false);
    expect(await resolveAsMember(t.db, { userId: ben, ticketId: id, now: clock.now() })).toBe(false);
    expect(await resolveAsMember(t.db, { userId: ann, ticketId: id, now: clock.now() })).toBe(true);
    expect(await rateTicket(t.db, { userId: ben, ticketId: id, rating: 1, comment: undefined })).toBe(false);
    expect(await rateTicket(t.db, { userId: ann, ticketId: id, rating: 5, comment: "Quick" })).toBe(true);
    expect(await rateTicket(t.db, { userId: ann, ticketId: id, rating: 1, comment: undefined })).toBe(false);

    const metrics = await queueMetrics(t.db, clock.now());
    expect(metrics.medianFirstResponseMs).toBe(45 * 60_000);
    expect(metrics.averageRating).toBe(5);

    // Closed is final for the member; staff reopen only a resolved ticket.
    expect(await setTicketStatus(t.db, { ticketId: id, event: "close", now: clock.now() })).toBe(true);
    expect(
      await replyAsMember(t.db, { userId: ann, ticketId: id, message: "again", files: [], clock }),
    ).toMatchObject({ ok: false, field: "form" });
    expect(await setTicketStatus(t.db, { ticketId: id, event: "reopen", now: clock.now() })).toBe(false);
  });

  it("a bad file refuses the whole ticket and writes nothing", async () => {
    const clock = fakeClock();
    const cat = await addMember(t.db, "support-cat");
    const result = await openTicket(t.db, {
      userId: cat,
      email: "cat@example.test",
      ticket: ticket("With a polyglot"),
      files: [{ name: "photo.png", bytes: Buffer.concat([png, Buffer.from("<script>x</script>")]) }],
      clock,
    });
    expect(result).toMatchObject({ ok: false, field: "files" });
    expect(await listMyTickets(t.db, cat)).toEqual([]);
  });

  it("the queue filters, finds by number and e-mail, and assigns only staff who answer tickets", async () => {
    const clock = fakeClock(new Date("2026-11-21T09:00:00Z"));
    const dan = await addMember(t.db, "support-dan");
    const sam = await staffMember("support-sam", "support");
    const ali = await staffMember("support-ali", "analyst");
    const opened = await openTicket(t.db, {
      userId: dan,
      email: "dan@example.test",
      ticket: ticket("Staking question", { category: "staking" }),
      files: [],
      clock,
    });
    if (!opened.ok) throw new Error("not opened");
    const id = BigInt(opened.ticketId);
    expect(await assignTicket(t.db, { ticketId: id, assigneeId: ali, now: clock.now() })).toBe(false);
    expect(await assignTicket(t.db, { ticketId: id, assigneeId: sam, now: clock.now() })).toBe(true);
    const ids = async (filter: object) =>
      (await listQueue(t.db, { staffId: sam, filter: { ...allFilter, ...filter } })).map((r) => r.id);
    expect(await ids({ assigned: "me" })).toContain(id);
    expect(await ids({ assigned: "unassigned" })).not.toContain(id);
    expect(await ids({ category: "staking" })).toContain(id);
    expect(await ids({ category: "billing" })).not.toContain(id);
    expect(await ids({ q: `#${id}` })).toEqual([id]);
    expect(await ids({ q: "dan@example" })).toContain(id);
    expect(await ids({ q: "100%_" })).toEqual([]);
  });

  it("a message from /contact becomes a ticket, and the sender gets a copy with its number", async () => {
    const clock = fakeClock(new Date("2026-11-22T09:00:00Z"));
    await submitContactRequest(
      t.db,
      { email: "visitor@example.test", subject: "Partnership", message: "Hello there" },
      { ip: "203.0.113.9", supportEmail: "help@example.test", clock },
    );
    const [row] = await t.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.email, "visitor@example.test"));
    expect(row).toMatchObject({ source: "contact", userId: null, status: "open", subject: "Partnership" });
    expect(await keysLike(`support:${row?.id}:`)).toEqual([`support:${row?.id}:received`]);
    const thread = await getTicketForStaff(t.db, row?.id as bigint);
    expect(thread?.messages.map((m) => [m.authorKind, m.body])).toEqual([["visitor", "Hello there"]]);
    // Staff answer it by e-mail like any other.
    const sid = await staffMember("support-vic", "support");
    expect(
      (
        await writeAsStaff(t.db, {
          staffId: sid,
          ticketId: row?.id as bigint,
          message: "Write to partners@",
          internal: false,
          files: [],
          now: clock.now(),
        })
      ).ok,
    ).toBe(true);
    expect(await keysLike(`support:${row?.id}:message`)).toHaveLength(1);
  });
});
