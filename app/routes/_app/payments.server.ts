// Shared server glue for the deposit and withdrawal pages: the member, the database, the chain
// keys and the mode (demo accounts never deposit or withdraw real money).
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { getChainKeys } from "~/domain/chain/keys.server.ts";
import { type RouteArgs, requireSession } from "~/utils/auth.server.ts";

export async function paymentsContext(args: RouteArgs) {
  const session = await requireSession(args);
  const config = getConfig();
  const keys = config.payments.depositsEnabled ? getChainKeys(config) : undefined;
  return {
    session,
    userId: session.user.id,
    isDemo: session.session.accountMode === "demo",
    db: getDb(),
    config,
    keys,
    testNetwork: keys?.testNetwork ?? false,
  };
}
