import { sql } from "drizzle-orm";
// Registered only under APP_ENV=test (app/routes.ts), so no generated route types: the
// framework's own argument types.
import type { ActionFunctionArgs } from "react-router";
import { z } from "zod";
import { queryRows } from "~/db/client.server.ts";
import { getDb } from "~/db/db.server.ts";
import { ensureRealAccount, openDemoAccount } from "~/domain/accounts/member-accounts.server.ts";
import { hashPassword } from "~/domain/accounts/password.server.ts";
import { listBrokers, updateBroker } from "~/domain/brokers/brokers.server.ts";
import { expireAnnouncedDeposits } from "~/domain/deposits/detection.server.ts";
import { postEntry } from "~/domain/ledger/ledger.server.ts";
import { parseAmount } from "~/domain/money/amount.ts";
import { ASSETS } from "~/domain/money/assets.ts";
import { runMaturityJob } from "~/domain/staking/jobs.server.ts";
import { notFound, requireTestEnvironment } from "~/utils/dev-only.server.ts";
import { authAccounts, users } from "../../../db/schema/index.ts";

const body = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("credit"),
    email: z.string().email(),
    ledger: z.enum(["real", "demo"]),
    asset: z.enum(ASSETS),
    amount: z.string().regex(/^\d{1,12}(\.\d{1,9})?$/),
  }),
  z.object({ action: z.literal("member"), email: z.string().email(), password: z.string().min(12) }),
  // Scoped to one member, so tests running in parallel never settle each other's stakes.
  z.object({ action: z.literal("mature"), email: z.string().email(), at: z.string().datetime() }),
  z.object({ action: z.literal("broker-affiliate"), affiliate: z.boolean() }),
  // The deposit expiry pass as it would run at a moved clock, for one member's announcements.
  z.object({ action: z.literal("expire-deposits"), email: z.string().email(), at: z.string().datetime() }),
]);

/**
 * POST /api/test/trade — browser tests only (APP_ENV=test, never production): credits a member
 * through a real ledger entry, runs the staking maturity job or the deposit expiry pass for one
 * member at a moved clock, or marks the brokers as affiliate links. Anywhere else, or to a client on
 * another machine, it is a 404 (requireTestEnvironment).
 */
async function memberByEmail(email: string): Promise<{ id: string } | undefined> {
  const [user] = await queryRows<{ id: string }>(
    getDb(),
    sql`select id from users where lower(email) = lower(${email})`,
  );
  return user;
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const config = requireTestEnvironment(args);
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: "bad request" }, { status: 400 });
  const db = getDb();
  const input = parsed.data;
  if (input.action === "credit") {
    const user = await memberByEmail(input.email);
    if (!user) return Response.json({ error: "no such member" }, { status: 404 });
    const amount = parseAmount(input.amount, input.asset);
    await postEntry(db, {
      idempotencyKey: `test-credit:${crypto.randomUUID()}`,
      code: "deposit",
      ledger: input.ledger,
      postings: [
        {
          account: { system: input.ledger === "demo" ? "demo_funding" : "deposits", asset: input.asset },
          amount: -amount,
        },
        { account: { userId: user.id, kind: "available", asset: input.asset }, amount },
      ],
      operation: {
        create: {
          userId: user.id,
          type: "deposit",
          status: "completed",
          asset: input.asset,
          amount,
          references: { method: "Test credit" },
        },
      },
    });
    return Response.json({ ok: true });
  }
  if (input.action === "member") {
    // A verified member with a real and a demo account, so each browser test has its own balances.
    const userId = crypto.randomUUID().replace(/-/g, "");
    const password = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      await tx.insert(users).values({
        id: userId,
        email: input.email,
        name: "Test Member",
        firstName: "Test",
        lastName: "Member",
        emailVerified: true,
        referralCode: `T${userId.slice(0, 7).toUpperCase()}`,
      });
      await tx.insert(authAccounts).values({
        id: crypto.randomUUID().replace(/-/g, ""),
        accountId: userId,
        providerId: "credential",
        userId,
        password,
      });
    });
    await ensureRealAccount(db, userId);
    await openDemoAccount(db, userId);
    return Response.json({ ok: true });
  }
  if (input.action === "mature") {
    const user = await memberByEmail(input.email);
    if (!user) return Response.json({ error: "no such member" }, { status: 404 });
    const result = await runMaturityJob(db, new Date(input.at), { userId: user.id });
    return Response.json({ settled: result.settled.length });
  }
  if (input.action === "expire-deposits") {
    const user = await memberByEmail(input.email);
    if (!user) return Response.json({ error: "no such member" }, { status: 404 });
    const days = config.payments.depositAnnouncedDays;
    const expired = await expireAnnouncedDeposits(db, {
      olderThan: new Date(new Date(input.at).getTime() - days * 86_400_000),
      userId: user.id,
    });
    return Response.json({ expired: expired.length });
  }
  for (const b of await listBrokers(db)) {
    await updateBroker(db, b.id, { ...b, affiliate: input.affiliate });
  }
  return Response.json({ ok: true });
}

export function loader() {
  throw notFound();
}
