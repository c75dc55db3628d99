// Published trading setups (issue 18). A setup is opened when its piece is approved for publishing:
// its published price is the feed's at that moment (never typed), and a stale or missing price
// refuses rather than guess, like a pick. From then on its status moves by itself with the feed
// (setup-rules.ts's state machine, run by advanceSetups on every price change on every server);
// each status is recorded once, with the price and time that caused it. The database keeps the
// levels and dates as published and refuses to delete a setup (migration 0025).
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { researchPieces, tradingSetupEvents, tradingSetups } from "../../../db/schema/index.ts";
import { type Db, withTx } from "../../db/client.server.ts";
import { defaultStaleSeconds, getUsdPrice } from "../market-data/cache.server.ts";
import { normalize } from "../market-data/decimal.ts";
import {
  LIVE_SETUP_STATUSES,
  levelProblems,
  priceProblem,
  SETUP_ASSETS,
  SETUP_TIMEFRAMES,
  type SetupChange,
  type SetupSide,
  type SetupState,
  type SetupStatus,
  setupChanges,
} from "./setup-rules.ts";

export const setupOpenMessages = Object.freeze({
  noPrice:
    "We have no current price for this asset, so the setup cannot be published. Try again in a minute.",
  asset: "A setup is on one of the coins we have a price feed for.",
  timeframe: "Unknown timeframe.",
  expiry: "A setup must expire after it is published.",
});

export type OpenSetupResult = { ok: true; id: string } | { ok: false; status: 400 | 503; message: string };

export interface OpenSetupInput {
  /** The research_pieces row (kind 'setup') being published; it gets this setup's id. */
  pieceId: string;
  asset: string;
  side: SetupSide;
  /** Decimal strings, as setupDetailsSchema gives them. */
  entryLow: string;
  entryHigh: string;
  stop: string;
  targets: readonly string[];
  timeframe: string;
  /** setupExpiresAt(now, details.expiryDays) */
  expiresAt: Date;
  now?: Date;
  /** config.market.staleSeconds: an older feed price refuses the setup. */
  staleSeconds?: number;
}

/**
 * Opens the setup a piece announces: the trading_setups row (waiting, at the feed's price now) and
 * its first event. `db` may be the caller's transaction (the studio publishes the piece in the same
 * one); inside it only `db` is used.
 */
export async function openSetup(db: Db, input: OpenSetupInput): Promise<OpenSetupResult> {
  const now = input.now ?? new Date();
  if (!(SETUP_ASSETS as readonly string[]).includes(input.asset))
    return { ok: false, status: 400, message: setupOpenMessages.asset };
  if (!(SETUP_TIMEFRAMES as readonly string[]).includes(input.timeframe))
    return { ok: false, status: 400, message: setupOpenMessages.timeframe };
  if (input.expiresAt.getTime() <= now.getTime())
    return { ok: false, status: 400, message: setupOpenMessages.expiry };
  // The form's schema checked these; a caller that skipped it is refused with the same words.
  const badPrice = [input.entryLow, input.entryHigh, input.stop, ...input.targets]
    .map(priceProblem)
    .find(Boolean);
  if (badPrice) return { ok: false, status: 400, message: badPrice };
  const [problem] = levelProblems(input);
  if (problem) return { ok: false, status: 400, message: problem.message };
  const feed = await getUsdPrice(db, input.asset, {
    now,
    staleSeconds: input.staleSeconds ?? defaultStaleSeconds,
  });
  if (!feed || feed.stale) return { ok: false, status: 503, message: setupOpenMessages.noPrice };
  const id = randomUUID();
  await db.insert(tradingSetups).values({
    id,
    pieceId: input.pieceId,
    asset: input.asset,
    side: input.side,
    entryLow: input.entryLow,
    entryHigh: input.entryHigh,
    stop: input.stop,
    targets: [...input.targets],
    timeframe: input.timeframe,
    status: "waiting",
    publishedPrice: feed.priceUsd,
    publishedAt: now,
    expiresAt: input.expiresAt,
    statusAt: now,
  });
  await db
    .insert(tradingSetupEvents)
    .values({ setupId: id, status: "waiting", price: feed.priceUsd, at: now });
  await db.update(researchPieces).set({ setupId: id }).where(eq(researchPieces.id, input.pieceId));
  return { ok: true, id };
}

type SetupRow = typeof tradingSetups.$inferSelect;

/** A stored row as the state machine reads it (numeric comes back as text with trailing zeros). */
export function setupState(row: SetupRow): SetupState {
  return {
    side: row.side,
    entryLow: normalize(row.entryLow),
    entryHigh: normalize(row.entryHigh),
    stop: normalize(row.stop),
    targets: row.targets.map((t) => normalize(String(t))),
    status: row.status,
    publishedPrice: normalize(row.publishedPrice),
    expiresAt: row.expiresAt,
  };
}

export interface RecordedChange extends SetupChange {
  setupId: string;
}

/**
 * Moves every live setup with the current feed prices and records each change once. Every app
 * server runs this on every price change, possibly at the same moment: a change is written only
 * by the transaction whose conditional UPDATE (WHERE status = the status it started from) finds
 * the row still there — on PostgreSQL the other waits for the row lock, then finds the status
 * moved and writes nothing — and the event insert also yields to trading_setup_events_once.
 * A stale price moves nothing, except that a waiting setup past its expiry expires at it.
 */
export async function advanceSetups(
  db: Db,
  now = new Date(),
  options: { staleSeconds?: number } = {},
): Promise<RecordedChange[]> {
  const live = await db
    .select()
    .from(tradingSetups)
    .where(inArray(tradingSetups.status, [...LIVE_SETUP_STATUSES]))
    .orderBy(asc(tradingSetups.publishedAt), asc(tradingSetups.id));
  if (live.length === 0) return [];
  const staleSeconds = options.staleSeconds ?? defaultStaleSeconds;
  const assets = [...new Set(live.map((s) => s.asset))];
  const feeds = new Map(
    await Promise.all(assets.map(async (a) => [a, await getUsdPrice(db, a, { now, staleSeconds })] as const)),
  );
  const recorded: RecordedChange[] = [];
  for (const row of live) {
    const feed = feeds.get(row.asset);
    if (!feed) continue;
    const state = setupState(row);
    let changes: SetupChange[];
    if (feed.stale) {
      changes =
        state.status === "waiting" && now.getTime() >= state.expiresAt.getTime()
          ? [{ status: "expired", price: feed.priceUsd, at: now }]
          : [];
    } else {
      // Never before the setup's last change: a price read just before publishing counts as of then.
      const asOf = new Date(Math.max(new Date(feed.asOf).getTime(), row.statusAt.getTime()));
      changes = setupChanges(state, { price: feed.priceUsd, at: asOf });
    }
    if (changes.length === 0) continue;
    recorded.push(...(await recordChanges(db, row.id, state.status, changes)));
  }
  return recorded;
}

/** Writes one setup's changes in order, in one transaction, each only if the status is still the one before it. */
async function recordChanges(
  db: Db,
  setupId: string,
  from: SetupStatus,
  changes: SetupChange[],
): Promise<RecordedChange[]> {
  return withTx(db, async (tx) => {
    const written: RecordedChange[] = [];
    let status = from;
    for (const change of changes) {
      const moved = await tx
        .update(tradingSetups)
        .set({ status: change.status, statusAt: change.at })
        .where(and(eq(tradingSetups.id, setupId), eq(tradingSetups.status, status)))
        .returning({ id: tradingSetups.id });
      // Another server got there first: what it wrote stands, and this pass leaves the setup alone.
      if (moved.length === 0) break;
      const inserted = await tx
        .insert(tradingSetupEvents)
        .values({ setupId, status: change.status, price: change.price, at: change.at })
        .onConflictDoNothing()
        .returning({ id: tradingSetupEvents.id });
      if (inserted.length > 0) written.push({ setupId, ...change });
      status = change.status;
    }
    return written;
  });
}
