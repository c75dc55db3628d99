// The earn-and-trade back-office (/admin/earn): staking product terms, the swap spread and /buy's
// brokers (funding rewards pools and treasuries needs two admins: approvals/). Every change and
// its audit record are written in ONE transaction, so the audit log never misses a change and
// never records one that did not happen. Callers have checked the staff member's permission and
// two-factor sign-in already.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { auditLog } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import type { AdminAuditEvent } from "../accounts/audit.server.ts";
import type { StaffActor } from "../approvals/four-eyes.ts";
import {
  type Broker,
  createBroker,
  getBroker,
  listBrokers,
  updateBroker,
} from "../brokers/brokers.server.ts";
import { getSystemBalance } from "../ledger/ledger.server.ts";
import { LEDGERS, type Ledger } from "../ledger/types.ts";
import { ASSETS, type Asset, isCryptoAsset } from "../money/assets.ts";
import { getReferralReward, setReferralReward } from "../referrals/referrals.server.ts";
import type { ReferralReward } from "../referrals/rules.ts";
import {
  getStakingProduct,
  listStakingProducts,
  openAmountsByProduct,
  type StakingProductRow,
  updateStakingProduct,
} from "../staking/products.server.ts";
import { getSwapSpreadBps, setSwapSpreadBps } from "../swap/swap.server.ts";
import type { BrokerFields, ProductTerms } from "./admin-forms.ts";

export type { StaffActor };

/** The events this module writes; each must be one /admin/audit knows (AUDIT_EVENTS). */
export type EarnAuditEvent = Extract<
  AdminAuditEvent,
  | "admin-staking-product-updated"
  | "admin-swap-spread-updated"
  | "admin-referral-reward-updated"
  | "admin-broker-created"
  | "admin-broker-updated"
>;

async function audit(db: Db, actor: StaffActor, event: EarnAuditEvent, detail: Record<string, unknown>) {
  await db.insert(auditLog).values({
    id: randomUUID(),
    at: new Date(),
    userId: actor.adminId,
    event,
    ip: actor.ip ?? null,
    userAgent: actor.userAgent?.slice(0, 500) ?? null,
    detail,
  });
}

// jsonb cannot hold a bigint: amounts go to the audit log as decimal strings of minor units.
const termsDetail = (p: ProductTerms) => ({
  aprBps: p.aprBps,
  minimumUsdMinor: p.minimumUsdMinor.toString(),
  perMemberMaximumMinor: p.perMemberMaximumMinor.toString(),
  totalCapacityMinor: p.totalCapacityMinor.toString(),
  enabled: p.enabled,
});
const brokerDetail = (b: BrokerFields) => ({ ...b });

// ---------------------------------------------------------------------------------------------
// What the page shows

export interface EarnAdminView {
  products: (StakingProductRow & { openReal: bigint; openDemo: bigint })[];
  pools: {
    ledger: Ledger;
    asset: Asset;
    poolMinor: bigint | null;
    reservedMinor: bigint | null;
    treasuryMinor: bigint;
  }[];
  spreadBps: number;
  brokers: Broker[];
}

export async function earnAdminView(db: Db): Promise<EarnAdminView> {
  const [products, open, spreadBps, brokers] = await Promise.all([
    listStakingProducts(db),
    openAmountsByProduct(db),
    getSwapSpreadBps(db),
    listBrokers(db),
  ]);
  const pools: EarnAdminView["pools"] = [];
  for (const ledger of LEDGERS) {
    for (const asset of ASSETS) {
      const crypto = isCryptoAsset(asset);
      const [poolMinor, reservedMinor, treasuryMinor] = await Promise.all([
        crypto ? getSystemBalance(db, { ledger, kind: "rewards_pool", asset }) : null,
        crypto ? getSystemBalance(db, { ledger, kind: "reserved_rewards", asset }) : null,
        getSystemBalance(db, { ledger, kind: "treasury", asset }),
      ]);
      pools.push({ ledger, asset, poolMinor, reservedMinor, treasuryMinor });
    }
  }
  return {
    products: products.map((p) => {
      const amounts = open.get(p.id.toString());
      return { ...p, openReal: amounts?.real ?? 0n, openDemo: amounts?.demo ?? 0n };
    }),
    pools,
    spreadBps,
    brokers,
  };
}

// ---------------------------------------------------------------------------------------------
// Changes

/** New terms for a product. Open stakes keep the terms they opened with (ADR 0060). */
export async function editStakingProduct(
  db: Db,
  actor: StaffActor,
  productId: bigint,
  terms: ProductTerms,
): Promise<{ ok: true; product: StakingProductRow } | { ok: false; message: string }> {
  return withTx(db, async (tx) => {
    const before = await getStakingProduct(tx, productId, { forUpdate: true });
    if (!before) return { ok: false as const, message: "This staking product does not exist." };
    await updateStakingProduct(tx, productId, terms);
    const after = await getStakingProduct(tx, productId);
    if (!after) throw new Error("product vanished inside its own transaction");
    await audit(tx, actor, "admin-staking-product-updated", {
      productId: productId.toString(),
      asset: before.asset,
      durationDays: before.durationDays,
      before: termsDetail(before),
      after: termsDetail(after),
    });
    return { ok: true as const, product: after };
  });
}

export async function setSwapSpreadByAdmin(db: Db, actor: StaffActor, spreadBps: number): Promise<void> {
  await withTx(db, async (tx) => {
    // Serialise concurrent edits so each audit record's "before" is the value it replaced.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('swap.spread_bps'))`);
    const before = await getSwapSpreadBps(tx);
    await setSwapSpreadBps(tx, spreadBps);
    await audit(tx, actor, "admin-swap-spread-updated", { before, after: spreadBps });
  });
}

/** The referral reward (ADR 0084), or none; serialised and audited like the spread. */
export async function setReferralRewardByAdmin(db: Db, actor: StaffActor, reward: ReferralReward | null) {
  await withTx(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('referral.reward'))`);
    const before = await getReferralReward(tx);
    await setReferralReward(tx, reward);
    const text = (r: ReferralReward | null) =>
      r ? { asset: r.asset, amountMinor: r.amountMinor.toString() } : null;
    await audit(tx, actor, "admin-referral-reward-updated", { before: text(before), after: text(reward) });
  });
}

export async function addBroker(db: Db, actor: StaffActor, fields: BrokerFields): Promise<bigint> {
  return withTx(db, async (tx) => {
    const id = await createBroker(tx, fields);
    await audit(tx, actor, "admin-broker-created", { brokerId: id.toString(), after: brokerDetail(fields) });
    return id;
  });
}

/** Locks the broker, applies `change` to its current fields, writes it and the audit record. */
async function changeBroker(
  db: Db,
  actor: StaffActor,
  brokerId: bigint,
  change: (current: BrokerFields) => BrokerFields,
): Promise<{ ok: true; name: string } | { ok: false; message: string }> {
  return withTx(db, async (tx) => {
    await tx.execute(sql`select id from brokers where id = ${brokerId.toString()}::bigint for update`);
    const before = await getBroker(tx, brokerId);
    if (!before) return { ok: false as const, message: "This broker does not exist." };
    const { id: _id, ...current } = before;
    const after = change(current);
    await updateBroker(tx, brokerId, after);
    await audit(tx, actor, "admin-broker-updated", {
      brokerId: brokerId.toString(),
      before: brokerDetail(current),
      after: brokerDetail(after),
    });
    return { ok: true as const, name: after.name };
  });
}

export function editBroker(db: Db, actor: StaffActor, brokerId: bigint, fields: BrokerFields) {
  return changeBroker(db, actor, brokerId, () => fields);
}

/** Shows or hides a broker on /buy: an edit of one field, audited like any other. */
export function setBrokerShown(db: Db, actor: StaffActor, brokerId: bigint, enabled: boolean) {
  return changeBroker(db, actor, brokerId, (current) => ({ ...current, enabled }));
}
