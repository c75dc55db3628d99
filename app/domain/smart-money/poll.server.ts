// The smart-money poller (ADR 0085): every app server runs it. Each pass reads every watched
// address's recent transfers and balance from its chain's source, keeps the large transfers with
// their USD value at that day's close, and today's balance. No lease is needed: a transfer is
// inserted `on conflict (txid, address) do nothing`, so two servers polling at once write it once;
// a day's balance is one row per address, the later reading winning.
import { and, desc, eq, lte } from "drizzle-orm";
import {
  marketDailyBars,
  smartMoneyAddresses,
  smartMoneyBalances,
  smartMoneyTransfers,
} from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { ensureDailyCloses } from "../market-data/history.server.ts";
import type { HistoryProviders } from "../market-data/providers.ts";
import { addDays, dayOf } from "../portfolio/days.ts";
import { createSampleTransferSource, type TransferSources } from "./sources.server.ts";
import {
  type AddressCategory,
  ASSET_OF,
  classifyDirection,
  isLarge,
  type SmartAsset,
  type SmartChain,
  usdValueAt,
} from "./transfers.ts";

/** A close older than this before the transfer's day is no "value at the time". */
const CLOSE_MAX_AGE_DAYS = 3;

async function closeOn(db: Db, asset: SmartAsset, day: string) {
  const [row] = await db
    .select({ day: marketDailyBars.day, close: marketDailyBars.close, source: marketDailyBars.source })
    .from(marketDailyBars)
    .where(
      and(eq(marketDailyBars.kind, "coin"), eq(marketDailyBars.symbol, asset), lte(marketDailyBars.day, day)),
    )
    .orderBy(desc(marketDailyBars.day))
    .limit(1);
  return row && row.day >= addDays(day, -CLOSE_MAX_AGE_DAYS) ? row : null;
}

export interface PollResult {
  addresses: number;
  inserted: number;
  failed: number;
}

/** One pass over every watched address. A provider's failure skips that address, not the pass. */
export async function pollSmartMoney(
  db: Db,
  sources: TransferSources,
  options: { now?: Date; history?: HistoryProviders } = {},
): Promise<PollResult> {
  const now = options.now ?? new Date();
  const today = dayOf(now);
  if (options.history)
    await ensureDailyCloses(db, options.history, {
      symbols: ["BTC", "USDT"],
      from: addDays(today, -35),
      to: today,
      today,
    }).catch((error: unknown) =>
      log.warn("smart money: price history unavailable", { error: String(error) }),
    );
  const watched = await db.select().from(smartMoneyAddresses);
  const categoryOf = new Map(watched.map((a) => [`${a.chain}:${a.address}`, a.category as AddressCategory]));
  const result: PollResult = { addresses: watched.length, inserted: 0, failed: 0 };
  const peers = async (chain: SmartChain) => watched.filter((a) => a.chain === chain).map((a) => a.address);
  for (const watchedAddress of watched) {
    const chain = watchedAddress.chain as SmartChain;
    // A sample address is fictional: the live providers would refuse it, so the sample chain reads it.
    const source =
      watchedAddress.isSample && !sources[chain].sample
        ? createSampleTransferSource(
            chain,
            () => peers(chain),
            () => now,
          )
        : sources[chain];
    const asset = ASSET_OF[chain];
    try {
      const transfers = await source.listTransfers(watchedAddress.address);
      for (const transfer of transfers) {
        const close = await closeOn(db, asset, dayOf(transfer.occurredAt));
        const usd = usdValueAt(asset, transfer.amountMinor, close?.close ?? null);
        if (!isLarge(asset, transfer.amountMinor, usd)) continue;
        const counterpartyCategory = transfer.counterparty
          ? (categoryOf.get(`${chain}:${transfer.counterparty}`) ?? null)
          : null;
        const inserted = await db
          .insert(smartMoneyTransfers)
          .values({
            addressId: watchedAddress.id,
            txid: transfer.txid,
            address: watchedAddress.address,
            asset,
            flow: transfer.flow,
            amountMinor: transfer.amountMinor,
            counterparty: transfer.counterparty,
            direction: classifyDirection(
              watchedAddress.category as AddressCategory,
              transfer.flow,
              counterpartyCategory,
            ),
            usdValueCents: usd,
            priceSource: close?.source ?? null,
            blockHeight: transfer.blockHeight,
            occurredAt: transfer.occurredAt,
            isSample: source.sample,
            detectedAt: now,
          })
          .onConflictDoNothing({ target: [smartMoneyTransfers.txid, smartMoneyTransfers.address] })
          .returning({ id: smartMoneyTransfers.id });
        result.inserted += inserted.length;
      }
      const balance = await source.balanceOf(watchedAddress.address);
      await db
        .insert(smartMoneyBalances)
        .values({
          addressId: watchedAddress.id,
          day: today,
          balanceMinor: balance,
          isSample: source.sample,
          readAt: now,
        })
        .onConflictDoUpdate({
          target: [smartMoneyBalances.addressId, smartMoneyBalances.day],
          set: { balanceMinor: balance, isSample: source.sample, readAt: now },
        });
    } catch (error) {
      result.failed++;
      log.warn("smart money: an address could not be read", {
        chain,
        address: watchedAddress.address,
        error: String(error),
      });
    }
  }
  return result;
}

// Process-wide state (ADR 0064): the smart-money poller's interval and the pass in progress, so
// that passes never overlap in one process.
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<unknown> | undefined;

export function startSmartMoneyJobs(
  db: Db,
  sources: TransferSources,
  history: HistoryProviders,
  intervalSeconds = 300,
) {
  if (timer) return;
  const tick = () => {
    if (running) return;
    running = pollSmartMoney(db, sources, { history })
      .then((r) => {
        if (r.inserted > 0 || r.failed > 0) log.info("smart money polled", { ...r });
      })
      .catch((error: unknown) => log.error("smart money poll failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref?.();
  tick();
}

export async function stopSmartMoneyJobs() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
