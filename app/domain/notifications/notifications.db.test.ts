import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, researchPieces } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { addMember } from "../../../tests/membership.ts";
import { withTx } from "../../db/client.server.ts";
import { queueDepositCreditedEmail } from "../deposits/emails.server.ts";
import { fundSystemAccount } from "../ledger/funding.server.ts";
import { postEntry } from "../ledger/ledger.server.ts";
import { enqueueFollowerEmails, follow } from "../research/follows.server.ts";
import { openStake } from "../staking/open.server.ts";
import { seedStakingProducts } from "../staking/products.server.ts";
import { settleDueStakes } from "../staking/settle.server.ts";
import { queueStatusEmail } from "../withdrawals/emails.server.ts";
import type { Withdrawal } from "../withdrawals/types.ts";
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationCentre,
  notify,
} from "./notifications.server.ts";

const t = setupTestDatabase();

const keysOf = async (userId: string) =>
  (
    await t.db.select({ key: notifications.key }).from(notifications).where(eq(notifications.userId, userId))
  ).map((r) => r.key);

describe("the notification centre", () => {
  it("one notification per key, listed and counted only for its member, marked read only by them", async () => {
    const ann = await addMember(t.db, "centre-ann");
    const ben = await addMember(t.db, "centre-ben");
    const first = { userId: ann, key: "test:1", kind: "test", title: "One", link: "/alerts" };
    expect(await notify(t.db, first)).toBe(true);
    expect(await notify(t.db, { ...first, title: "One again" })).toBe(false);
    expect(await notify(t.db, { userId: ann, key: "test:2", kind: "test", title: "Two" })).toBe(true);
    const centre = await notificationCentre(t.db, ann);
    expect(centre.unread).toBe(2);
    expect(centre.items.map((n) => n.title)).toEqual(["Two", "One"]);
    expect(await notificationCentre(t.db, ben)).toEqual({ unread: 0, items: [] });
    await expect(notify(t.db, { ...first, key: "test:3", link: "//evil.example" })).rejects.toThrow();

    // Ben cannot mark Ann's notification read, nor all of hers.
    const one = BigInt(centre.items[1]?.id ?? "0");
    await markNotificationRead(t.db, ben, one);
    expect(await markAllNotificationsRead(t.db, ben)).toBe(0);
    expect((await notificationCentre(t.db, ann)).unread).toBe(2);
    await markNotificationRead(t.db, ann, one);
    expect((await notificationCentre(t.db, ann)).unread).toBe(1);
    expect(await markAllNotificationsRead(t.db, ann)).toBe(1);
    expect((await notificationCentre(t.db, ann)).items.every((n) => n.read)).toBe(true);
  });

  it("a credited deposit and a sent withdrawal are each one notification, however often reported", async () => {
    const cleo = await addMember(t.db, "centre-cleo");
    const notice = {
      depositId: 41n,
      userId: cleo,
      asset: "BTC" as const,
      amount: 2_000_000n,
      reference: "tx:0",
    };
    await withTx(t.db, (tx) => queueDepositCreditedEmail(tx, notice));
    await withTx(t.db, (tx) => queueDepositCreditedEmail(tx, notice));
    const withdrawal = { id: 7n, userId: cleo, asset: "USDT", amount: 25_000_000n, sentReference: "0xabc" };
    for (const status of ["pending", "approved", "completed", "completed"] as const)
      await withTx(t.db, (tx) => queueStatusEmail(tx, { ...withdrawal, status } as unknown as Withdrawal));
    const { items } = await notificationCentre(t.db, cleo);
    expect(items.map((n) => [n.title, n.link])).toEqual([
      ["Withdrawal of 25 USDT sent", "/transactions"],
      ["Deposit of 0.02 BTC credited", "/transactions"],
    ]);
    expect((await keysOf(cleo)).sort()).toEqual(["deposit:41:credited", "withdrawal:7:completed"]);
  });

  it("new research on a followed asset reaches each follower once, not its author", async () => {
    const author = await addMember(t.db, "centre-author");
    const fan = await addMember(t.db, "centre-fan");
    const bystander = await addMember(t.db, "centre-bystander");
    await follow(t.db, fan, "asset", "SOL");
    await follow(t.db, fan, "analyst", author);
    await follow(t.db, author, "asset", "SOL");
    const id = randomUUID();
    const [piece] = await t.db
      .insert(researchPieces)
      .values({
        id,
        slug: `centre-${id}`,
        kind: "pick",
        authorId: author,
        status: "published",
        title: "SOL into strength",
        assets: ["SOL"],
        publishedAt: new Date(),
        version: 1,
      })
      .returning();
    if (!piece) throw new Error("no piece");
    await withTx(t.db, (tx) => enqueueFollowerEmails(tx, piece));
    await withTx(t.db, (tx) => enqueueFollowerEmails(tx, piece));
    const { items } = await notificationCentre(t.db, fan);
    expect(items.map((n) => [n.title, n.body, n.link])).toEqual([
      ["New pick: SOL into strength", "Because you follow SOL.", `/research/centre-${id}`],
    ]);
    expect(await keysOf(author)).toEqual([]);
    expect(await keysOf(bystander)).toEqual([]);
  });

  it("a matured stake is one notification, quiet beside the stake's own live event", async () => {
    const dora = await addMember(t.db, "centre-dora");
    const t0 = new Date("2026-02-01T09:00:00Z");
    await seedStakingProducts(t.db);
    await fundSystemAccount(t.db, {
      account: "rewards-pool",
      ledger: "real",
      asset: "USDT",
      amountMinor: 1_000_000_000n,
      idempotencyKey: "centre-pool",
    });
    await postEntry(t.db, {
      idempotencyKey: "centre-dora-deposit",
      code: "deposit",
      ledger: "real",
      postings: [
        { account: { system: "deposits", asset: "USDT" }, amount: -100_000_000n },
        { account: { userId: dora, kind: "available", asset: "USDT" }, amount: 100_000_000n },
      ],
    });
    const opened = await openStake(t.db, {
      ledger: "real",
      userId: dora,
      asset: "USDT",
      durationDays: 3,
      amountMinor: 100_000_000n,
      idempotencyKey: "centre-dora-stake",
      priceUsd: "1",
      now: t0,
    });
    if (!opened.ok) throw new Error(opened.message);
    const later = new Date(t0.getTime() + 3 * 86_400_000);
    await settleDueStakes(t.db, { now: later, userId: dora });
    await settleDueStakes(t.db, { now: later, userId: dora });
    const { items } = await notificationCentre(t.db, dora);
    expect(items.map((n) => [n.title, n.link])).toEqual([["Your stake of 100 USDT has matured", "/stake"]]);
    expect(await keysOf(dora)).toEqual([`stake:${opened.position.id}:matured`]);
  });
});
