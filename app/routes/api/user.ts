import { getDb } from "~/db/db.server.ts";
import { listMemberAccounts } from "~/domain/accounts/member-accounts.server.ts";
import { getBalances } from "~/domain/ledger/ledger.server.ts";
import type { Balances, Ledger } from "~/domain/ledger/types.ts";
import { formatAmount } from "~/domain/money/amount.ts";
import { ASSETS } from "~/domain/money/assets.ts";
import { getSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/user";

/** Balances as exact decimal text per asset: { USD: { available: "10000", held: "0", staked: "0" }, … }. */
function balancesJson(balances: Balances) {
  return Object.fromEntries(
    ASSETS.map((asset) => {
      const b = balances[asset];
      return [
        asset,
        {
          available: formatAmount(b.available, asset),
          held: formatAmount(b.held, asset),
          staked: formatAmount(b.staked, asset),
        },
      ];
    }),
  );
}

/**
 * GET /api/user (seed §7): the signed-in member's own profile and balances, identified only by
 * the session cookie. There is no parameter that could name another member.
 */
export async function loader(args: Route.LoaderArgs) {
  const headers = { "Cache-Control": "private, no-store" };
  const session = await getSession(args);
  if (!session) return Response.json({ error: "unauthenticated" }, { status: 401, headers });
  const { user } = session;
  const db = getDb();
  const accounts = await listMemberAccounts(db, user.id);
  const balances: Partial<Record<Ledger, ReturnType<typeof balancesJson>>> = {};
  for (const account of accounts) {
    balances[account.mode] = balancesJson(await getBalances(db, { ledger: account.mode, userId: user.id }));
  }
  return Response.json(
    {
      user: {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        name: user.name,
        emailVerified: user.emailVerified,
        twoFactorEnabled: user.twoFactorEnabled,
        accountMode: session.session.accountMode,
      },
      accounts: accounts.map((a) => ({ mode: a.mode, plan: a.plan })),
      balances,
    },
    { headers },
  );
}
