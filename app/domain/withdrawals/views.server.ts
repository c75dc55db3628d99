// The data a member's withdrawal page shows (the balance, the form's key, recent requests, the
// panel of an e-mailed link), read from the database and built by the pure views.ts.
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client.server.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import { getQuotes } from "../market-data/cache.server.ts";
import { formatAmount } from "../money/amount.ts";
import { listWithdrawalAddresses, type SavedAddress } from "./addresses.server.ts";
import type { WithdrawalMember } from "./member.server.ts";
import { findWithdrawalByToken, listMemberWithdrawals } from "./records.server.ts";
import type { WithdrawalAsset, WithdrawalMethod } from "./types.ts";
import {
  type ConfirmPanelData,
  confirmPanel,
  WITHDRAWAL_ASSET,
  type WithdrawalRow,
  withdrawalRow,
} from "./views.ts";

export interface MemberWithdrawalsView {
  asset: WithdrawalAsset;
  /** The available balance, formatted ("0" in demo mode). */
  available: string;
  /** The available balance as the amount field takes it (no grouping), for the Max button. */
  availablePlain: string;
  /** The member's saved addresses for this asset (crypto only; none for the bank). */
  addresses: SavedAddress[];
  /** The asset's cached USD price (null when unknown or stale), for the estimate beside the amount. */
  priceUsd: string | null;
  /** The form's idempotency key ("" in demo mode: there is no form). */
  key: string;
  withdrawals: WithdrawalRow[];
  /** The panel of an e-mailed link (?confirm=token), or null without one. */
  confirm: ConfirmPanelData | null;
}

/** A withdrawal page: the balance, the member's recent requests by this method, a link's panel. */
export async function memberWithdrawalsView(
  db: Db,
  member: Pick<WithdrawalMember, "userId" | "isDemo">,
  input: { kind: WithdrawalMethod; confirmToken: string | null; now: Date; staleSeconds?: number },
): Promise<MemberWithdrawalsView> {
  const asset = WITHDRAWAL_ASSET[input.kind];
  // Confirmation links work in either account mode: the request is always on the real ledger.
  const confirm = input.confirmToken
    ? confirmPanel(
        await findWithdrawalByToken(db, { userId: member.userId, token: input.confirmToken }),
        input.confirmToken,
        input.now,
      )
    : null;
  if (member.isDemo) {
    const none = { available: "0", availablePlain: "0", addresses: [], priceUsd: null };
    return { asset, ...none, key: "", withdrawals: [], confirm };
  }
  const [balances, withdrawals, addresses, priceUsd] = await Promise.all([
    getBalances(db, { ledger: "real", userId: member.userId }),
    listMemberWithdrawals(db, member.userId, 30),
    asset === "USD" ? [] : listWithdrawalAddresses(db, { userId: member.userId, asset, now: input.now }),
    cachedPriceUsd(db, asset, input.now, input.staleSeconds ?? 900),
  ]);
  return {
    asset,
    available: formatAmount(balances[asset].available, asset, { grouping: true }),
    availablePlain: formatAmount(balances[asset].available, asset),
    addresses,
    priceUsd,
    key: randomUUID(),
    withdrawals: withdrawals
      .filter((w) => w.method === input.kind)
      .slice(0, 8)
      .map(withdrawalRow),
    confirm,
  };
}

/** The cached USD price of a crypto asset, or null when there is none or it is stale. */
async function cachedPriceUsd(db: Db, asset: WithdrawalAsset, now: Date, staleSeconds: number) {
  if (asset === "USD") return null;
  const { quotes, stale } = await getQuotes(db, { now, staleSeconds, symbols: [asset] });
  const quote = quotes.find((q) => q.symbol.toUpperCase() === asset);
  return quote && !stale ? quote.priceUsd : null;
}
