// Running due recurring buys (ADR 0076). Each plan's due date runs in ONE transaction: the plan is
// locked (SKIP LOCKED, so servers share the work), the (plan, date) is claimed by inserting its run
// row (unique; ON CONFLICT DO NOTHING), the swap is quoted and executed through the swap domain at
// that moment's prices, and the plan moves on. A crash rolls all of it back; a second pass or
// server finds the date claimed or the plan moved on, so a date buys at most once.
import { and, asc, eq, lte } from "drizzle-orm";
import { recurringBuyRuns, recurringBuys, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { formatSwapAmount } from "../swap/rules.ts";
import { createSwapQuote, executeSwapQuote, type SwapRefusal } from "../swap/swap.server.ts";
import type { BuyAsset } from "./rules.ts";
import { advancePlan, formatDate, formatPay, type PayAsset } from "./rules.ts";

/** The configured swap terms a run prices with (config.swap, config.market). */
export interface RunSettings {
  quoteSeconds: number;
  feeBps: number;
  staleSeconds: number;
}

export type RunOutcome =
  | { planId: string; runOn: string; outcome: "bought"; operationId: string }
  | { planId: string; runOn: string; outcome: "skipped"; reason: string }
  /** The date had already run (a resume or edit put the plan back on it): moved on, nothing bought. */
  | { planId: string; runOn: string; outcome: "already" };

/** Why a run bought nothing, in words a member reads. */
function skipReason(
  refusal: SwapRefusal | "not_found",
  plan: { payAsset: PayAsset; amount: bigint; ledger: string },
  message: string,
) {
  if (refusal === "balance_low") {
    const account = plan.ledger === "demo" ? "demo account" : "account";
    return `Not enough ${plan.payAsset} in your ${account}: the buy needed ${formatPay(plan.amount, plan.payAsset)}.`;
  }
  if (refusal === "stale_prices") return "Prices were out of date at the time, so no buy was made.";
  return message;
}

/**
 * Runs one plan's due date as of `today` (UTC date) at the instant `now`. Returns undefined when
 * the plan is not due, not active, or being run by another pass right now.
 */
export async function runPlan(
  db: Db,
  id: bigint,
  options: RunSettings & { today: string; now: Date },
): Promise<RunOutcome | undefined> {
  return withTx(db, async (tx) => {
    const [plan] = await tx
      .select()
      .from(recurringBuys)
      .where(
        and(
          eq(recurringBuys.id, id),
          eq(recurringBuys.status, "active"),
          lte(recurringBuys.nextRunOn, options.today),
        ),
      )
      .for("update", { skipLocked: true });
    if (!plan) return undefined;
    const runOn = plan.nextRunOn;
    const planId = plan.id.toString();
    const claimed = await tx
      .insert(recurringBuyRuns)
      .values({ planId: plan.id, runOn, status: "skipped" })
      .onConflictDoNothing({ target: [recurringBuyRuns.planId, recurringBuyRuns.runOn] })
      .returning({ id: recurringBuyRuns.id });
    const claim = claimed[0];
    if (!claim) {
      const next = advancePlan(plan, runOn, options.today, false);
      await tx
        .update(recurringBuys)
        .set({
          nextRunOn: next.nextRunOn,
          status: next.finished ? "finished" : "active",
          updatedAt: options.now,
        })
        .where(eq(recurringBuys.id, plan.id));
      return { planId, runOn, outcome: "already" as const };
    }
    const payAsset = plan.payAsset;
    const asset = plan.asset as BuyAsset;
    const quote = await createSwapQuote(tx, {
      ledger: plan.ledger,
      userId: plan.userId,
      from: payAsset,
      to: asset,
      fromAmountMinor: plan.amount,
      now: options.now,
      validSeconds: options.quoteSeconds,
      feeBps: options.feeBps,
      staleSeconds: options.staleSeconds,
    });
    const executed = quote.ok
      ? await executeSwapQuote(tx, {
          ledger: plan.ledger,
          userId: plan.userId,
          quoteId: quote.quote.id,
          now: options.now,
          references: { recurring: planId, runOn },
        })
      : quote;
    const bought = executed.ok ? executed.quote : undefined;
    const reason = executed.ok ? null : skipReason(executed.reason, plan, executed.message);
    await tx
      .update(recurringBuyRuns)
      .set(
        bought
          ? {
              status: "bought",
              operationId: bought.operationId,
              paid: bought.fromAmountMinor,
              received: bought.toAmountMinor,
            }
          : { reason },
      )
      .where(eq(recurringBuyRuns.id, claim.id));
    const next = advancePlan(plan, runOn, options.today, bought !== undefined);
    await tx
      .update(recurringBuys)
      .set({
        nextRunOn: next.nextRunOn,
        runsDone: next.runsDone,
        status: next.finished ? "finished" : "active",
        updatedAt: options.now,
      })
      .where(eq(recurringBuys.id, plan.id));
    const [member] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, plan.userId));
    if (member) {
      // One e-mail per plan and date, whatever the outcome: the key is the run's own key.
      await enqueueEmail(tx, `recurring-buy:${planId}:${runOn}`, {
        to: member.email,
        template: "recurring-buy-run",
        data: {
          name: member.name,
          outcome: bought ? "bought" : "skipped",
          asset,
          runOn: formatDate(runOn),
          paid: formatPay(plan.amount, payAsset),
          received: bought ? formatSwapAmount(bought.toAmountMinor, asset) : null,
          reason,
          demo: plan.ledger === "demo",
        },
      });
    }
    if (bought) {
      return { planId, runOn, outcome: "bought" as const, operationId: String(bought.operationId) };
    }
    return { planId, runOn, outcome: "skipped" as const, reason: reason ?? "" };
  });
}

/** Every active plan due on or before `today`, one transaction each; `userId` limits it to one member. */
export async function runDuePlans(
  db: Db,
  options: RunSettings & { today: string; now: Date; userId?: string },
): Promise<RunOutcome[]> {
  const conditions = [eq(recurringBuys.status, "active"), lte(recurringBuys.nextRunOn, options.today)];
  if (options.userId) conditions.push(eq(recurringBuys.userId, options.userId));
  const due = await db
    .select({ id: recurringBuys.id })
    .from(recurringBuys)
    .where(and(...conditions))
    .orderBy(asc(recurringBuys.nextRunOn), asc(recurringBuys.id))
    .limit(500);
  const outcomes: RunOutcome[] = [];
  for (const { id } of due) {
    const outcome = await runPlan(db, id, options);
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}
