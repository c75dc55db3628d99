import { sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client.server.ts";
import { type Listener, listenOn } from "../../db/listen.server.ts";

/**
 * Price-change signals between app servers through PostgreSQL LISTEN/NOTIFY (ADR 0022). The payload
 * is only a signal; listeners read the cache, so a lost or merged notification costs nothing.
 * The listening itself is app/db/listen.server.ts.
 */
export const quotesChannel = "coinlens_market_quotes";

export async function notifyQuotesChanged(db: Db, reason: string) {
  await db.execute(
    sql`select pg_notify(${quotesChannel}, ${JSON.stringify({ reason, at: new Date().toISOString() })})`,
  );
}

export type { Listener };

export function listenForQuotes(
  database: Database,
  onNotify: (payload: string) => void,
  options: { url?: string; onError?: (error: Error) => void } = {},
): Promise<Listener> {
  return listenOn(database, quotesChannel, onNotify, options);
}
