import { sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client.server.ts";
import { type Listener, listenOn } from "../../db/listen.server.ts";
import { log } from "../../log.server.ts";
import { type AccountEvent, parseAccountEvent } from "./account-events.ts";

/**
 * Live account events between app servers (ADR 0069). A change to a member's money publishes an
 * event with pg_notify inside the transaction that made it, so PostgreSQL delivers it on commit
 * and never for a rollback; every app server LISTENs and hands it only to the streams opened by
 * that member's sessions. The notice carries the user id for routing; what reaches the browser is
 * the event without it.
 */
export const ACCOUNT_EVENTS_CHANNEL = "account_events";

/** Sent to a stream when a server's listener reconnected: anything may have been missed, re-read. */
export const RESYNC = "resync" as const;
/** Sent when this server stops: the stream ends and the browser reconnects (to another server). */
export const CLOSE = "close" as const;

type Send = (event: AccountEvent | typeof RESYNC | typeof CLOSE) => void;

interface Hub {
  listener?: Listener;
  subscribers: Map<string, Set<Send>>;
}

// Process-wide state (ADR 0064): this server's one listener and its open member streams, keyed
// by user id, on globalThis so a development reload of this module finds the same hub (as market
// data does). Started at boot, emptied at shutdown; a request only adds and removes its own send.
const KEY = Symbol.for("coinlens.account-events");
const holder = globalThis as { [KEY]?: Hub };

/** Queues the event for the member; delivered when the surrounding transaction commits. */
export async function publishAccountEvent(tx: Db, userId: string, event: AccountEvent): Promise<void> {
  const payload = JSON.stringify({ userId, event });
  // pg_notify's payload limit is 8000 bytes; ours are a few hundred.
  await tx.execute(sql`select pg_notify(${ACCOUNT_EVENTS_CHANNEL}, ${payload})`);
}

function dispatch(state: Hub, payload: string) {
  let parsed: { userId?: unknown; event?: unknown; reason?: unknown };
  try {
    parsed = JSON.parse(payload) as typeof parsed;
  } catch {
    return;
  }
  if (parsed.reason === "reconnected") {
    for (const sends of state.subscribers.values()) for (const send of sends) send(RESYNC);
    return;
  }
  if (typeof parsed.userId !== "string") return;
  const event = parseAccountEvent(JSON.stringify(parsed.event ?? null));
  if (!event) return;
  // Only this member's streams: the one rule that keeps one member's money off another's screen.
  for (const send of state.subscribers.get(parsed.userId) ?? []) send(event);
}

function endStreams(state: Hub) {
  for (const sends of state.subscribers.values()) for (const send of [...sends]) send(CLOSE);
  state.subscribers.clear();
}

/** Starts this server's listener. Idempotent. */
export async function startAccountEvents(database: Database, options: { url?: string | undefined } = {}) {
  if (holder[KEY]) return;
  const state: Hub = { subscribers: new Map() };
  holder[KEY] = state;
  state.listener = await listenOn(database, ACCOUNT_EVENTS_CHANNEL, (payload) => dispatch(state, payload), {
    url: options.url,
    onError: (error) => log.warn("account events listener error", { error }),
  });
  // The HTTP server waits for open connections before shutdown(); live streams never end by
  // themselves, so they end as soon as the process is asked to stop.
  process.once("SIGTERM", () => endStreams(state));
  process.once("SIGINT", () => endStreams(state));
}

export async function stopAccountEvents() {
  const state = holder[KEY];
  if (!state) return;
  holder[KEY] = undefined;
  endStreams(state);
  await state.listener?.close();
}

/** Registers a stream of one member on this server; returns the unsubscribe function. */
export function subscribeAccountEvents(userId: string, send: Send): () => void {
  const state = holder[KEY];
  if (!state) return () => {};
  let sends = state.subscribers.get(userId);
  if (!sends) {
    sends = new Set();
    state.subscribers.set(userId, sends);
  }
  sends.add(send);
  return () => {
    const current = state.subscribers.get(userId);
    if (!current) return;
    current.delete(send);
    if (current.size === 0) state.subscribers.delete(userId);
  };
}

/** Open streams of one member on this server (the per-member limit). */
export function accountStreamCount(userId: string): number {
  return holder[KEY]?.subscribers.get(userId)?.size ?? 0;
}

/** Open member streams on this server, in all (the SSE gauge of /metrics, ADR 0089). */
export function openAccountStreams(): number {
  let open = 0;
  for (const sends of holder[KEY]?.subscribers.values() ?? []) open += sends.size;
  return open;
}
