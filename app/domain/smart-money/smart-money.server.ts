// Smart money's reads and writes (ADR 0085): the sample list for a fresh install, the feed, one
// address's page, and analysts' notes on transfers (annotate:transfer:any, checked here).
import { and, asc, desc, eq, gte, inArray } from "drizzle-orm";
import {
  smartMoneyAddresses,
  smartMoneyAnnotations,
  smartMoneyBalances,
  smartMoneyTransfers,
  users,
} from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { parseId } from "../forms.ts";
import { recordAdminAudit } from "../payments/admin-audit.server.ts";
import { decideAccess, type Requester } from "../payments/permissions.ts";
import { addDays, dayOf } from "../portfolio/days.ts";
import { SAMPLE_DAYS, sampleBalance } from "./sources.server.ts";
import type { AddressCategory, Direction, Flow, SmartAsset, SmartChain } from "./transfers.ts";
import type { TransferView, WatchedAddressView } from "./types.ts";

export type { TransferView, WatchedAddressView };

const SAMPLE_ADDRESSES: readonly (WatchedAddressView & { key: string })[] = Object.freeze(
  [
    ["bitcoin", "sample-btc-exchange-a", "Exchange A cold wallet (sample)", "exchange"],
    ["bitcoin", "sample-btc-fund-b", "Fund B treasury (sample)", "fund"],
    ["bitcoin", "sample-btc-holder-c", "Early miner C (sample)", "holder"],
    ["tron", "sample-tron-exchange-d", "Exchange D hot wallet (sample)", "exchange"],
    ["tron", "sample-tron-holder-e", "Large USDT holder E (sample)", "holder"],
  ].map(([chain, address, label, category]) =>
    Object.freeze({
      key: address as string,
      chain: chain as SmartChain,
      address: address as string,
      label: label as string,
      category: category as AddressCategory,
      sourceUrl: `https://example.com/smart-money/${address}`,
      isSample: true,
    }),
  ),
);

export async function peersOf(db: Db, chain: SmartChain): Promise<string[]> {
  const rows = await db
    .select({ address: smartMoneyAddresses.address })
    .from(smartMoneyAddresses)
    .where(eq(smartMoneyAddresses.chain, chain))
    .orderBy(asc(smartMoneyAddresses.address));
  return rows.map((r) => r.address);
}

/** The sample list and 30 days of its sample balances, once; labelled sample everywhere. */
export async function seedSampleSmartMoney(db: Db, now = new Date()): Promise<number> {
  return withTx(db, async (tx) => {
    const inserted = await tx
      .insert(smartMoneyAddresses)
      .values(SAMPLE_ADDRESSES.map(({ key: _key, ...row }) => row))
      .onConflictDoNothing()
      .returning();
    for (const row of inserted) {
      const chain = row.chain as SmartChain;
      const peers = SAMPLE_ADDRESSES.filter((a) => a.chain === chain).map((a) => a.address);
      const values = Array.from({ length: SAMPLE_DAYS }, (_, i) => {
        const day = addDays(dayOf(now), -(SAMPLE_DAYS - 1 - i));
        const endOfDay = new Date(Math.min(now.getTime(), Date.parse(`${day}T23:59:59Z`)));
        return {
          addressId: row.id,
          day,
          balanceMinor: sampleBalance(chain, row.address, peers, endOfDay),
          isSample: true,
          readAt: endOfDay,
        };
      });
      await tx.insert(smartMoneyBalances).values(values).onConflictDoNothing();
    }
    return inserted.length;
  });
}

export async function watchedAddresses(db: Db): Promise<WatchedAddressView[]> {
  const rows = await db
    .select()
    .from(smartMoneyAddresses)
    .orderBy(asc(smartMoneyAddresses.chain), asc(smartMoneyAddresses.label));
  return rows.map((r) => ({
    chain: r.chain as SmartChain,
    address: r.address,
    label: r.label,
    category: r.category as AddressCategory,
    sourceUrl: r.sourceUrl,
    isSample: r.isSample,
  }));
}

async function transferViews(
  db: Db,
  where: ReturnType<typeof eq> | undefined,
  limit: number,
): Promise<TransferView[]> {
  const rows = await db
    .select({ t: smartMoneyTransfers, a: smartMoneyAddresses })
    .from(smartMoneyTransfers)
    .innerJoin(smartMoneyAddresses, eq(smartMoneyAddresses.id, smartMoneyTransfers.addressId))
    .where(where)
    .orderBy(desc(smartMoneyTransfers.occurredAt), desc(smartMoneyTransfers.id))
    .limit(limit);
  const labels = new Map((await watchedAddresses(db)).map((a) => [`${a.chain}:${a.address}`, a.label]));
  const ids = rows.map((r) => r.t.id);
  const notes =
    ids.length === 0
      ? []
      : await db
          .select({ n: smartMoneyAnnotations, author: users.name })
          .from(smartMoneyAnnotations)
          .innerJoin(users, eq(users.id, smartMoneyAnnotations.authorId))
          .where(inArray(smartMoneyAnnotations.transferId, ids))
          .orderBy(asc(smartMoneyAnnotations.createdAt));
  return rows.map(({ t, a }) => ({
    id: t.id.toString(),
    txid: t.txid,
    chain: a.chain as SmartChain,
    address: a.address,
    label: a.label,
    asset: t.asset as SmartAsset,
    flow: t.flow as Flow,
    amountMinor: t.amountMinor.toString(),
    counterparty: t.counterparty,
    counterpartyLabel: t.counterparty ? (labels.get(`${a.chain}:${t.counterparty}`) ?? null) : null,
    direction: t.direction as Direction,
    usdValueCents: t.usdValueCents?.toString() ?? null,
    priceSource: t.priceSource,
    occurredAt: t.occurredAt.toISOString(),
    isSample: t.isSample,
    notes: notes
      .filter((n) => n.n.transferId === t.id)
      .map((n) => ({
        id: n.n.id.toString(),
        body: n.n.body,
        author: n.author,
        at: n.n.createdAt.toISOString(),
      })),
  }));
}

/** The feed: the latest large transfers of every watched address. */
export async function smartMoneyFeed(db: Db, limit = 50) {
  return { addresses: await watchedAddresses(db), transfers: await transferViews(db, undefined, limit) };
}

const ADDRESS_PATTERN = /^[A-Za-z0-9-]{1,100}$/;

/** One address's page: its label and source, 90 days of balances, its transfers. Null: no such address. */
export async function smartMoneyAddress(db: Db, address: string, now = new Date()) {
  if (!ADDRESS_PATTERN.test(address)) return null;
  const [row] = await db.select().from(smartMoneyAddresses).where(eq(smartMoneyAddresses.address, address));
  if (!row) return null;
  const balances = await db
    .select()
    .from(smartMoneyBalances)
    .where(
      and(eq(smartMoneyBalances.addressId, row.id), gte(smartMoneyBalances.day, addDays(dayOf(now), -90))),
    )
    .orderBy(asc(smartMoneyBalances.day));
  return {
    address: {
      chain: row.chain as SmartChain,
      address: row.address,
      label: row.label,
      category: row.category as AddressCategory,
      sourceUrl: row.sourceUrl,
      isSample: row.isSample,
    } satisfies WatchedAddressView,
    balances: balances.map((b) => ({
      day: b.day,
      balanceMinor: b.balanceMinor.toString(),
      isSample: b.isSample,
    })),
    transfers: await transferViews(db, eq(smartMoneyTransfers.addressId, row.id), 100),
  };
}

export type AnnotateResult =
  | { ok: true }
  | { ok: false; status: 403 | 404; message: string }
  | { ok: false; status: 400; field: "body"; message: string };

/** An analyst's note on a transfer. The permission is checked here; an unknown transfer is a 404. */
export async function annotateTransfer(
  db: Db,
  input: { requester: Requester & { user: { id: string } }; transferId: string; body: string; ip?: string },
): Promise<AnnotateResult> {
  const decision = decideAccess(input.requester, "annotate:transfer:any");
  if (!decision.ok) return { ok: false, status: 403, message: decision.message };
  const body = input.body.trim();
  if (body.length === 0) return { ok: false, status: 400, field: "body", message: "Write the note." };
  if (body.length > 500)
    return { ok: false, status: 400, field: "body", message: "Keep it under 500 characters." };
  const transferId = parseId(input.transferId);
  if (transferId === null) return { ok: false, status: 404, message: "There is no such transfer." };
  return withTx(db, async (tx) => {
    const [transfer] = await tx
      .select({ id: smartMoneyTransfers.id })
      .from(smartMoneyTransfers)
      .where(eq(smartMoneyTransfers.id, transferId));
    if (!transfer) return { ok: false as const, status: 404 as const, message: "There is no such transfer." };
    await tx.insert(smartMoneyAnnotations).values({ transferId, authorId: input.requester.user.id, body });
    await recordAdminAudit(tx, {
      adminId: input.requester.user.id,
      event: "admin-transfer-annotated",
      detail: { transferId: transferId.toString() },
      ip: input.ip,
    });
    return { ok: true as const };
  });
}
