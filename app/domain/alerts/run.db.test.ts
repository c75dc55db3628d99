import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { marketQuotes, notifications, outbox, priceAlerts } from "../../../db/schema/index.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { addMember, setPrices } from "../../../tests/membership.ts";
import type { Db } from "../../db/client.server.ts";
import { createAlert } from "./alerts.server.ts";
import { alertFormSchema } from "./rules.ts";
import { runAlerts } from "./run.server.ts";

const t = setupTestDatabase();
const stale = { staleSeconds: 600 };
const minutes = (base: Date, n: number) => new Date(base.getTime() + n * 60_000);

async function btc(db: Db, price: string, at: Date, change = "1.5") {
  await db
    .update(marketQuotes)
    .set({ priceUsd: price, lastUpdated: at, change24hPct: change })
    .where(eq(marketQuotes.id, "bitcoin"));
}

async function alert(db: Db, userId: string, form: Record<string, string>, now: Date) {
  const input = alertFormSchema.parse({ symbol: "BTC", email: "on", ...form });
  const created = await createAlert(db, userId, input, { ...stale, now });
  if (!created.ok) throw new Error(JSON.stringify(created.errors));
  return BigInt(created.id);
}

const notificationsOf = (db: Db, userId: string) =>
  db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

async function row(db: Db, id: bigint) {
  const [r] = await db.select().from(priceAlerts).where(eq(priceAlerts.id, id));
  if (!r) throw new Error("no alert");
  return r;
}

describe("price alerts", () => {
  it("a one-off 'above' fires once when crossed, with one e-mail, then is done", async () => {
    const now = new Date();
    await setPrices(t.db, now, { BTC: "100000" });
    const member = await addMember(t.db, "alerts-above");
    const id = await alert(t.db, member, { kind: "above", threshold: "101000" }, now);
    expect((await runAlerts(t.db, { ...stale, now })).fired).toEqual([]);
    await btc(t.db, "101500.25", minutes(now, 1));
    const pass = await runAlerts(t.db, { ...stale, now: minutes(now, 1) });
    expect(pass.fired).toEqual([{ id: id.toString(), userId: member, crossing: 1 }]);
    await runAlerts(t.db, { ...stale, now: minutes(now, 2) });
    const list = await notificationsOf(t.db, member);
    expect(list.map((n) => [n.key, n.title, n.link])).toEqual([
      [`alert:${id}:1`, "BTC is above $101,000.00: now $101,500.25", "/alerts"],
    ]);
    const mails = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.messageKey, `alert:${id}:1`));
    expect(mails).toHaveLength(1);
    const r = await row(t.db, id);
    expect([r.status, r.armed, r.firedCount, r.lastFiredPrice]).toEqual([
      "done",
      false,
      1,
      "101500.250000000000000000",
    ]);
    // Back below and up again: a done alert stays silent.
    await btc(t.db, "99000", minutes(now, 3));
    await runAlerts(t.db, { ...stale, now: minutes(now, 3) });
    await btc(t.db, "102000", minutes(now, 4));
    expect((await runAlerts(t.db, { ...stale, now: minutes(now, 4) })).fired).toEqual([]);
  });

  it("'below' without e-mail notifies in-app only; an alert set beyond its line waits for a crossing", async () => {
    const now = new Date();
    await setPrices(t.db, now, { BTC: "100000" });
    const member = await addMember(t.db, "alerts-below");
    const below = await alert(t.db, member, { kind: "below", threshold: "95000", email: "" }, now);
    const already = await alert(t.db, member, { kind: "above", threshold: "90000", email: "" }, now);
    expect((await row(t.db, already)).armed).toBe(false);
    await btc(t.db, "94999.99", minutes(now, 1));
    const pass = await runAlerts(t.db, { ...stale, now: minutes(now, 1) });
    expect(pass.fired.map((f) => f.id)).toEqual([below.toString()]);
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.messageKey, `alert:${below}:1`)),
    ).toHaveLength(0);
    // The 'above 90,000' alert set at 100,000 stays disarmed while BTC is above 90,000 (94,999.99),
    // re-arms once BTC is below, and fires when BTC is back at 90,000.
    await btc(t.db, "89000", minutes(now, 2));
    await runAlerts(t.db, { ...stale, now: minutes(now, 2) });
    expect((await row(t.db, already)).armed).toBe(true);
    await btc(t.db, "90000", minutes(now, 3));
    expect((await runAlerts(t.db, { ...stale, now: minutes(now, 3) })).fired.map((f) => f.id)).toEqual([
      already.toString(),
    ]);
  });

  it("a 24 h move fires either way, and a stale price fires nothing", async () => {
    const now = new Date();
    await setPrices(t.db, now, { BTC: "100000" });
    const member = await addMember(t.db, "alerts-move");
    const id = await alert(t.db, member, { kind: "move24h", threshold: "5" }, now);
    await btc(t.db, "100000", minutes(now, -30), "-7.25");
    expect((await runAlerts(t.db, { ...stale, now })).fired).toEqual([]);
    await btc(t.db, "93000", now, "-7.25");
    const pass = await runAlerts(t.db, { ...stale, now });
    expect(pass.fired.map((f) => f.id)).toEqual([id.toString()]);
    const [n] = await notificationsOf(t.db, member);
    expect(n?.title).toBe("BTC moved 5% or more in 24 h (-7.25%): $93,000.00");
  });

  it("a repeating alert re-arms on the near side only after its cool-down, and fires once per crossing", async () => {
    const now = new Date();
    await setPrices(t.db, now, { BTC: "100000" });
    const member = await addMember(t.db, "alerts-repeat");
    const id = await alert(
      t.db,
      member,
      { kind: "above", threshold: "101000", repeating: "on", cooldownMinutes: "30" },
      now,
    );
    await btc(t.db, "102000", minutes(now, 1));
    expect((await runAlerts(t.db, { ...stale, now: minutes(now, 1) })).fired).toHaveLength(1);
    // Back below within the cool-down: not re-armed, so the next rise is silent.
    await btc(t.db, "100000", minutes(now, 5));
    expect((await runAlerts(t.db, { ...stale, now: minutes(now, 5) })).rearmed).toBe(0);
    await btc(t.db, "102000", minutes(now, 6));
    expect((await runAlerts(t.db, { ...stale, now: minutes(now, 6) })).fired).toEqual([]);
    // Below again after the cool-down: re-armed; the next crossing is crossing 2.
    await btc(t.db, "100000", minutes(now, 40));
    expect((await runAlerts(t.db, { ...stale, now: minutes(now, 40) })).rearmed).toBe(1);
    await btc(t.db, "101000", minutes(now, 41));
    const pass = await runAlerts(t.db, { ...stale, now: minutes(now, 41) });
    expect(pass.fired).toEqual([{ id: id.toString(), userId: member, crossing: 2 }]);
    const r = await row(t.db, id);
    expect([r.status, r.firedCount]).toEqual(["active", 2]);
    expect((await notificationsOf(t.db, member)).map((n) => n.key)).toEqual([
      `alert:${id}:1`,
      `alert:${id}:2`,
    ]);
  });

  it("a paused alert does not fire", async () => {
    const now = new Date();
    await setPrices(t.db, now, { BTC: "100000" });
    const member = await addMember(t.db, "alerts-paused");
    const id = await alert(t.db, member, { kind: "above", threshold: "101000" }, now);
    await t.db.update(priceAlerts).set({ status: "paused" }).where(eq(priceAlerts.id, id));
    await btc(t.db, "102000", minutes(now, 1));
    expect((await runAlerts(t.db, { ...stale, now: minutes(now, 1) })).fired).toEqual([]);
  });

  it.runIf(onPostgres)(
    "two servers' passes on the same refresh at once: one notification and one e-mail per crossing",
    async () => {
      const now = new Date();
      await setPrices(t.db, now, { BTC: "100000" });
      const members = await Promise.all([1, 2, 3].map((i) => addMember(t.db, `alerts-race-${i}`)));
      const ids: bigint[] = [];
      for (const m of members) {
        ids.push(await alert(t.db, m, { kind: "above", threshold: "101000" }, now));
        ids.push(
          await alert(
            t.db,
            m,
            { kind: "above", threshold: "101000", repeating: "on", cooldownMinutes: "0" },
            now,
          ),
        );
      }
      await btc(t.db, "101000.5", minutes(now, 1));
      const passes = await Promise.all(
        [1, 2, 3, 4].map(() => runAlerts(t.db, { ...stale, now: minutes(now, 1) })),
      );
      expect(
        passes
          .flatMap((p) => p.fired)
          .map((f) => f.id)
          .sort(),
      ).toEqual(ids.map(String).sort());
      const keys = await t.db
        .select({ key: notifications.key })
        .from(notifications)
        .where(inArray(notifications.userId, members));
      expect(keys.map((r) => r.key).sort()).toEqual(ids.map((id) => `alert:${id}:1`).sort());
      const mails = await t.db
        .select({ key: outbox.messageKey })
        .from(outbox)
        .where(
          inArray(
            outbox.messageKey,
            ids.map((id) => `alert:${id}:1`),
          ),
        );
      expect(mails).toHaveLength(ids.length);
    },
  );
});
