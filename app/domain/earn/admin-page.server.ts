// /admin/earn's page, read and formatted in one place so the loader stays thin: the products,
// pools and treasuries, the spread and the brokers, which editor is open and what the last save
// changed.
import type { Db } from "../../db/client.server.ts";
import { formatAmount } from "../money/amount.ts";
import type { Asset } from "../money/assets.ts";
import { getReferralReward } from "../referrals/referrals.server.ts";
import { DURATION_LABELS, formatAprPercent, type StakeDurationDays } from "../staking/rules.ts";
import { type EarnAdminView, earnAdminView } from "./admin.server.ts";
import { productFormDefaults } from "./admin-forms.ts";
import type { EarnAdminPage, PoolRowView, ProductRowView } from "./admin-views.ts";

const amount = (minor: bigint | null, asset: Asset) =>
  minor === null ? "—" : `${formatAmount(minor, asset, { grouping: true })} ${asset}`;

function productRow(p: EarnAdminView["products"][number]): ProductRowView {
  const open = (minor: bigint) => formatAmount(minor, p.asset, { grouping: true });
  return {
    id: p.id.toString(),
    label: `${p.asset} · ${DURATION_LABELS[p.durationDays as StakeDurationDays]}`,
    asset: p.asset,
    apr: `${formatAprPercent(p.aprBps)} %`,
    minimum: `${formatAmount(p.minimumUsdMinor, "USD", { grouping: true })} USD`,
    perMemberMaximum: amount(p.perMemberMaximumMinor, p.asset),
    totalCapacity: amount(p.totalCapacityMinor, p.asset),
    open: `${open(p.openReal)} / ${open(p.openDemo)}`,
    enabled: p.enabled,
  };
}

function poolRow(p: EarnAdminView["pools"][number]): PoolRowView {
  return {
    key: `${p.ledger}-${p.asset}`,
    ledger: p.ledger,
    asset: p.asset,
    pool: amount(p.poolMinor, p.asset),
    reserved: amount(p.reservedMinor, p.asset),
    treasury: amount(p.treasuryMinor, p.asset),
  };
}

/** The page for the query `?product=<id>`, `?broker=<id|new>` and `?done=product|broker&id=<id>`. */
export async function earnAdminPage(db: Db, query: URLSearchParams): Promise<EarnAdminPage> {
  const [view, reward] = await Promise.all([earnAdminView(db), getReferralReward(db)]);
  const products = view.products.map(productRow);
  const brokers = view.brokers.map((b) => ({ ...b, id: b.id.toString() }));

  const productId = query.get("product");
  const brokerId = query.get("broker");
  const editing = view.products.find((p) => p.id.toString() === productId);
  const editingRow = products.find((p) => p.id === productId);
  const editingProduct =
    editing && editingRow ? { ...editingRow, form: productFormDefaults(editing.asset, editing) } : null;
  const editingBroker =
    brokerId === "new" ? ("new" as const) : (brokers.find((b) => b.id === brokerId) ?? null);

  const done = query.get("done");
  const doneId = query.get("id");
  const notice =
    done === "product"
      ? `Saved ${products.find((p) => p.id === doneId)?.label ?? "the product"}.`
      : done === "broker"
        ? `Saved ${brokers.find((b) => b.id === doneId)?.name ?? "the broker"}.`
        : null;
  return {
    products,
    pools: view.pools.map(poolRow),
    spreadBps: view.spreadBps,
    referralReward: reward
      ? { asset: reward.asset, amount: formatAmount(reward.amountMinor, reward.asset) }
      : null,
    brokers,
    editingProduct,
    editingBroker,
    notice,
  };
}
