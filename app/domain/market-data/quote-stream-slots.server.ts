/**
 * How many live-price streams (/api/stream/quotes) this process holds open, per client address and
 * in all, so one client (or a crowd) cannot tie up every socket and subscriber of an app server.
 * See ADR 0022.
 *
 * Deliberately process-wide state shared by every request: a stream is a socket held by this
 * process, so this process is what it must protect, and each app server limits its own streams
 * (a client spread over N servers may hold N times the per-client limit). Nothing else belongs
 * here: no member data, only counts keyed by address. Kept on globalThis, like the market data
 * service's subscribers, so a module reload in development keeps one count.
 */

export interface QuoteStreamLimits {
  perClient: number;
  total: number;
}

export type QuoteStreamClaim =
  | { ok: true; release: () => void }
  | { ok: false; limit: "per-client" | "total"; open: number; max: number };

interface Slots {
  total: number;
  byClient: Map<string, number>;
}

// Process-wide state (ADR 0064): the open live-price streams of this server, on globalThis so a
// development module reload keeps counting the streams already open.
const KEY = Symbol.for("coinlens.quote-stream-slots");
const holder = globalThis as { [KEY]?: Slots };

function slots(): Slots {
  holder[KEY] ??= { total: 0, byClient: new Map() };
  return holder[KEY];
}

/**
 * Takes one stream slot for `client` (the address Express resolved), or says which limit is full.
 * Synchronous, so two requests can never both take the last slot. `release` is idempotent: call it
 * from every way the stream ends.
 */
export function claimQuoteStreamSlot(
  client: string | undefined,
  limits: QuoteStreamLimits,
): QuoteStreamClaim {
  const state = slots();
  const key = client ?? "unknown";
  const mine = state.byClient.get(key) ?? 0;
  if (mine >= limits.perClient) return { ok: false, limit: "per-client", open: mine, max: limits.perClient };
  if (state.total >= limits.total) return { ok: false, limit: "total", open: state.total, max: limits.total };
  state.byClient.set(key, mine + 1);
  state.total += 1;
  let released = false;
  return {
    ok: true,
    release() {
      if (released) return;
      released = true;
      // The same object even if a test reset the counts meanwhile: a stale release changes nothing.
      if (holder[KEY] !== state) return;
      const left = (state.byClient.get(key) ?? 1) - 1;
      if (left > 0) state.byClient.set(key, left);
      else state.byClient.delete(key);
      state.total -= 1;
    },
  };
}

/** Streams open now: for one client address, or in all. */
export function openQuoteStreams(client?: string): number {
  const state = slots();
  return client === undefined ? state.total : (state.byClient.get(client) ?? 0);
}

/** Tests only: forget every count (a release from before the reset then changes nothing). */
export function resetQuoteStreamSlotsForTests() {
  holder[KEY] = undefined;
}
