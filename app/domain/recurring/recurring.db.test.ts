import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { recurringBuyRuns, recurringBuys } from "../../../db/schema/index.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { addMember, deposit, expectLedgerClean, setPrices } from "../../../tests/membership.ts";
import { queryRows } from "../../db/client.server.ts";
import { fundSystemAccount } from "../ledger/funding.server.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import { parseAmount } from "../money/amount.ts";
import { runRecurringJob, startRecurringJobs, stopRecurringJobs } from "./jobs.server.ts";
import { cancelPlan, createPlan, editPlan, listPlans, pausePlan, resumePlan } from "./plans.server.ts";
import { addDays, firstRunOnOrAfter, utcDate, validatePlanForm } from "./rules.ts";
import { runDuePlans } from "./run.server.ts";

const t = setupTestDatabase();
const NOW = new Date();
const TODAY = utcDate(NOW);
const settings = { quoteSeconds: 30, feeBps: 0, staleSeconds: 600 };
const run = (today: string, userId: string, now = NOW) =>
  runDuePlans(t.db, { ...settings, today, now, userId });

/** A plan read from the form, as a member would set it up, due first on `firstRunOn`. */
async function plan(userId: string, form: Record<string, string>, ledger: "real" | "demo" = "real") {
  const parsed = validatePlanForm(
    { asset: "BTC", payAsset: "USD", amount: "50", frequency: "daily", ...form },
    TODAY,
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return (await createPlan(t.db, { userId, ledger }, parsed.plan)).id;
}

const runsOf = (id: string) =>
  t.db
    .select()
    .from(recurringBuyRuns)
    .where(eq(recurringBuyRuns.planId, BigInt(id)))
    .orderBy(recurringBuyRuns.runOn);
const planRow = async (id: string) => {
  const [row] = await t.db
    .select()
    .from(recurringBuys)
    .where(eq(recurringBuys.id, BigInt(id)));
  if (!row) throw new Error("no plan");
  return row;
};
const mails = (id: string) =>
  queryRows<{ message_key: string }>(
    t.db,
    sql`select message_key from outbox where message_key like ${`recurring-buy:${id}:%`} order by message_key`,
  );
const swapsOf = (userId: string) =>
  queryRows<{ references: unknown }>(
    t.db,
    sql`select "references" from ledger_operations where user_id = ${userId} and type = 'swap'`,
  );

beforeAll(async () => {
  await setPrices(t.db, NOW);
  for (const ledger of ["real", "demo"] as const) {
    await fundSystemAccount(t.db, {
      account: "treasury",
      ledger,
      asset: "BTC",
      amountMinor: parseAmount("10", "BTC"),
      idempotencyKey: `t-btc-${ledger}`,
    });
  }
});

describe("the recurring buy job", () => {
  it("buys exactly once per date across two passes, at the quote, and e-mails once", async () => {
    const ann = await addMember(t.db, "ann");
    await deposit(t.db, ann, "USD", "120");
    const id = await plan(ann, {});
    const first = await run(TODAY, ann);
    expect(first).toMatchObject([{ planId: id, runOn: TODAY, outcome: "bought" }]);
    expect(await run(TODAY, ann)).toEqual([]);
    const balances = await getBalances(t.db, { ledger: "real", userId: ann });
    expect(balances.USD.available).toBe(7000n);
    // 50 USD at 100,000 USD per BTC less the 0.5 % spread: 0.0004975 BTC.
    expect(balances.BTC.available).toBe(49_750n);
    const runs = await runsOf(id);
    expect(runs).toMatchObject([
      { runOn: TODAY, status: "bought", paid: 5000n, received: 49_750n, reason: null },
    ]);
    expect(runs[0]?.operationId).not.toBeNull();
    expect(await planRow(id)).toMatchObject({ nextRunOn: addDays(TODAY, 1), runsDone: 1, status: "active" });
    expect(await mails(id)).toEqual([{ message_key: `recurring-buy:${id}:${TODAY}` }]);
    const swaps = await swapsOf(ann);
    expect(swaps).toHaveLength(1);
    const refs = swaps[0]?.references;
    expect(typeof refs === "string" ? JSON.parse(refs) : refs).toMatchObject({ recurring: id, runOn: TODAY });
    // The next day buys again, once.
    expect(await run(addDays(TODAY, 1), ann)).toMatchObject([
      { outcome: "bought", runOn: addDays(TODAY, 1) },
    ]);
    expect(await run(addDays(TODAY, 1), ann)).toEqual([]);
    expect(await runsOf(id)).toHaveLength(2);
    const [listed] = await listPlans(t.db, ann);
    expect(listed?.runs).toEqual([
      { runOn: addDays(TODAY, 1), status: "bought", paid: "5000", received: "49750", reason: null },
      { runOn: TODAY, status: "bought", paid: "5000", received: "49750", reason: null },
    ]);
    expect((await listPlans(t.db, ann, 1))[0]?.runs).toHaveLength(1);
    await expectLedgerClean(t.db);
  });

  it("runs once per date across a server restart", async () => {
    const bob = await addMember(t.db, "bob");
    await deposit(t.db, bob, "USD", "200");
    const id = await plan(bob, {});
    startRecurringJobs(t.db, settings, 3600);
    await stopRecurringJobs();
    startRecurringJobs(t.db, settings, 3600);
    await stopRecurringJobs();
    expect(await runRecurringJob(t.db, settings, NOW, { userId: bob })).toEqual([]);
    expect(await runsOf(id)).toMatchObject([{ runOn: TODAY, status: "bought" }]);
    expect(await swapsOf(bob)).toHaveLength(1);
    expect((await getBalances(t.db, { ledger: "real", userId: bob })).USD.available).toBe(15_000n);
    await expectLedgerClean(t.db);
  });

  it("skips on a short balance: no money moves, the member is e-mailed once, the plan carries on", async () => {
    const cy = await addMember(t.db, "cy");
    await deposit(t.db, cy, "USD", "10");
    const id = await plan(cy, { frequency: "weekly", weekday: "1" });
    const due = firstRunOnOrAfter({ frequency: "weekly", runDay: 1 }, TODAY);
    expect(await run(addDays(due, -1), cy)).toEqual([]);
    expect(await run(due, cy)).toEqual([
      {
        planId: id,
        runOn: due,
        outcome: "skipped",
        reason: "Not enough USD in your account: the buy needed 50.00 USD.",
      },
    ]);
    expect(await run(due, cy)).toEqual([]);
    const balances = await getBalances(t.db, { ledger: "real", userId: cy });
    expect(balances.USD.available).toBe(1000n);
    expect(balances.BTC.available).toBe(0n);
    expect(await swapsOf(cy)).toEqual([]);
    expect(await runsOf(id)).toMatchObject([
      { runOn: due, status: "skipped", operationId: null, paid: null },
    ]);
    expect(await mails(id)).toEqual([{ message_key: `recurring-buy:${id}:${due}` }]);
    expect(await planRow(id)).toMatchObject({ nextRunOn: addDays(due, 7), runsDone: 0, status: "active" });
    await expectLedgerClean(t.db);
  });

  it("skips when prices are out of date", async () => {
    const dee = await addMember(t.db, "dee");
    await deposit(t.db, dee, "USD", "100");
    const id = await plan(dee, {});
    const outcome = await run(TODAY, dee, new Date(NOW.getTime() + 3_600_000));
    expect(outcome).toMatchObject([
      { outcome: "skipped", reason: "Prices were out of date at the time, so no buy was made." },
    ]);
    expect((await getBalances(t.db, { ledger: "real", userId: dee })).USD.available).toBe(10_000n);
    expect(await runsOf(id)).toHaveLength(1);
  });

  it("a demo plan spends virtual money only, and finishes after its number of buys", async () => {
    const eve = await addMember(t.db, "eve");
    await deposit(t.db, eve, "USD", "100", "demo");
    await deposit(t.db, eve, "USD", "100");
    const id = await plan(eve, { maxRuns: "1" }, "demo");
    expect(await run(TODAY, eve)).toMatchObject([{ outcome: "bought" }]);
    expect((await getBalances(t.db, { ledger: "demo", userId: eve })).USD.available).toBe(5000n);
    expect((await getBalances(t.db, { ledger: "real", userId: eve })).USD.available).toBe(10_000n);
    expect((await getBalances(t.db, { ledger: "real", userId: eve })).BTC.available).toBe(0n);
    expect(await planRow(id)).toMatchObject({ status: "finished", runsDone: 1 });
    expect(await run(addDays(TODAY, 1), eve)).toEqual([]);
    await expectLedgerClean(t.db);
  });
});

describe("managing a plan", () => {
  it("pause stops runs; resume picks up after the last run, never re-running a date", async () => {
    const fay = await addMember(t.db, "fay");
    await deposit(t.db, fay, "USD", "500");
    const id = await plan(fay, {});
    expect(await run(TODAY, fay)).toHaveLength(1);
    expect(await pausePlan(t.db, fay, id)).toEqual({ ok: true });
    expect(await pausePlan(t.db, fay, id)).toEqual({ ok: true });
    expect(await run(addDays(TODAY, 1), fay)).toEqual([]);
    expect(await resumePlan(t.db, fay, id, TODAY)).toEqual({ ok: true });
    expect(await planRow(id)).toMatchObject({ status: "active", nextRunOn: addDays(TODAY, 1) });
    expect(await run(addDays(TODAY, 1), fay)).toMatchObject([{ outcome: "bought" }]);
    expect(await runsOf(id)).toHaveLength(2);
  });

  it("edit changes the amount and schedule; cancel ends it; another member can touch none of it", async () => {
    const gus = await addMember(t.db, "gus");
    const hal = await addMember(t.db, "hal");
    await deposit(t.db, gus, "USD", "500");
    const id = await plan(gus, {});
    expect(await pausePlan(t.db, hal, id)).toEqual({
      ok: false,
      message: "That recurring buy was not found.",
    });
    expect(await cancelPlan(t.db, hal, id)).toEqual({
      ok: false,
      message: "That recurring buy was not found.",
    });
    expect(await listPlans(t.db, hal)).toEqual([]);
    const edited = validatePlanForm(
      { asset: "BTC", payAsset: "USD", amount: "20", frequency: "monthly", monthDay: "28", endOn: "" },
      TODAY,
    );
    if (!edited.ok) throw new Error("edit form");
    expect(await editPlan(t.db, gus, id, edited.plan, TODAY)).toEqual({ ok: true });
    expect(await planRow(id)).toMatchObject({
      amount: 2000n,
      frequency: "monthly",
      runDay: 28,
      nextRunOn: firstRunOnOrAfter({ frequency: "monthly", runDay: 28 }, TODAY),
    });
    expect(await cancelPlan(t.db, gus, id)).toEqual({ ok: true });
    expect(await resumePlan(t.db, gus, id, TODAY)).toEqual({
      ok: false,
      message: "Only a paused recurring buy can be resumed.",
    });
    expect(await run(addDays(TODAY, 40), gus)).toEqual([]);
    const [listed] = await listPlans(t.db, gus);
    expect(listed).toMatchObject({ id, status: "cancelled", amountMinor: "2000", runs: [] });
  });
});

describe.runIf(onPostgres)("recurring buys under concurrency (PostgreSQL)", () => {
  it("two passes at once make one run and one swap", async () => {
    const ivy = await addMember(t.db, "ivy");
    await deposit(t.db, ivy, "USD", "500");
    const id = await plan(ivy, {});
    const [a, b] = await Promise.all([run(TODAY, ivy), run(TODAY, ivy)]);
    expect([...(a ?? []), ...(b ?? [])]).toMatchObject([{ outcome: "bought" }]);
    expect(await runsOf(id)).toHaveLength(1);
    expect(await swapsOf(ivy)).toHaveLength(1);
    expect(await mails(id)).toHaveLength(1);
    expect((await getBalances(t.db, { ledger: "real", userId: ivy })).USD.available).toBe(45_000n);
    await expectLedgerClean(t.db);
  });
});

describe("the page's form", () => {
  it("reviews, then saves once per form key", async () => {
    const { submitPlanForm } = await import("./member.server.ts");
    const jo = await addMember(t.db, "jo");
    const form = {
      intent: "create",
      formKey: "k1",
      asset: "BTC",
      payAsset: "USD",
      amount: "50",
      frequency: "weekly",
      weekday: "1",
      monthDay: "1",
      endOn: "",
      maxRuns: "",
    };
    const member = { userId: jo, ledger: "real" as const };
    const review = await submitPlanForm(t.db, member, form, { today: TODAY, save: false, formKey: "k1" });
    expect(review).toMatchObject({ ok: true, saved: false });
    expect(await listPlans(t.db, jo)).toEqual([]);
    expect(
      await submitPlanForm(t.db, member, form, { today: TODAY, save: true, formKey: "k1" }),
    ).toMatchObject({
      ok: true,
      saved: true,
    });
    expect(
      await submitPlanForm(t.db, member, form, { today: TODAY, save: true, formKey: "k1" }),
    ).toMatchObject({
      ok: true,
      saved: false,
    });
    expect(await listPlans(t.db, jo)).toHaveLength(1);
  });
});

describe("the page's edit", () => {
  it("checks the form against the plan's own pay asset and refuses another member's plan", async () => {
    const { submitPlanEdit } = await import("./member.server.ts");
    const kim = await addMember(t.db, "kim");
    const id = await plan(kim, { payAsset: "USDT" });
    const member = { userId: kim, ledger: "real" as const };
    const form = { amount: "12.5", frequency: "weekly", weekday: "3", endOn: "", maxRuns: "4" };
    expect(await submitPlanEdit(t.db, member, id, { ...form, amount: "" }, TODAY)).toEqual({
      ok: false,
      status: 400,
      errors: { amount: "Enter the amount to spend on each buy." },
    });
    expect(await submitPlanEdit(t.db, { ...member, userId: "ann" }, id, form, TODAY)).toEqual({
      ok: false,
      status: 404,
      message: "That recurring buy was not found.",
    });
    const done = await submitPlanEdit(t.db, member, id, form, TODAY);
    expect(done).toMatchObject({ ok: true });
    expect(await planRow(id)).toMatchObject({
      payAsset: "USDT",
      amount: parseAmount("12.5", "USDT"),
      frequency: "weekly",
      runDay: 3,
      maxRuns: 4,
      nextRunOn: firstRunOnOrAfter({ frequency: "weekly", runDay: 3 }, TODAY),
    });
  });
});
