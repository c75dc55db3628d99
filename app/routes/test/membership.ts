// Registered only under APP_ENV=test (app/routes.ts), so no generated route types: the
// framework's own argument types.
import type { ActionFunctionArgs } from "react-router";
import { data } from "react-router";
import { z } from "zod";
import { getDb } from "~/db/db.server.ts";
import { findUserIdByEmail } from "~/domain/accounts/common.server.ts";
import { recordPaidPeriod } from "~/domain/membership/membership.server.ts";
import { getOfferedPlan } from "~/domain/membership/plans.server.ts";
import { addPeriod, priceFor } from "~/domain/membership/plans.ts";
import { sellerFromBrand } from "~/domain/membership/receipts.ts";
import { notFound, requireTestEnvironment } from "~/utils/dev-only.server.ts";

const body = z.object({
  action: z.literal("paid"),
  email: z.string().email(),
  period: z.enum(["monthly", "yearly"]),
});

/**
 * POST /api/test/membership — browser tests only (APP_ENV=test, never production; ADR 0062):
 * records a paid Premium period for a member through recordPaidPeriod, the one way every payment
 * is recorded, as if paid from their USDT balance (no ledger entry: the payment flows have their
 * own tests). Anywhere else, or to a client on another machine, it is a 404.
 */
export async function action(args: ActionFunctionArgs) {
  const config = requireTestEnvironment(args);
  if (args.request.method !== "POST") throw data("Method not allowed", { status: 405 });
  const parsed = body.safeParse(await args.request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: "bad request" }, { status: 400 });
  const db = getDb();
  const userId = await findUserIdByEmail(db, parsed.data.email);
  const plan = await getOfferedPlan(db);
  if (!userId || !plan) return Response.json({ error: "no such member or plan" }, { status: 404 });
  const now = new Date();
  const { period } = parsed.data;
  const recorded = await db.transaction((tx) =>
    recordPaidPeriod(tx, {
      userId,
      planId: plan.id,
      period,
      method: "crypto",
      amountMinor: priceFor(plan, period, now),
      periodStart: now,
      periodEnd: addPeriod(now, period),
      cryptoAsset: "USDT",
      seller: { ...sellerFromBrand(config.brand, config.publicUrl) },
    }),
  );
  return Response.json({
    invoiceId: recorded.invoiceId,
    invoiceNumber: recorded.invoiceNumber.toString(),
    subscriptionId: recorded.subscriptionId,
  });
}

export function loader() {
  throw notFound();
}
