import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database, Db } from "../../db/client.server.ts";

/**
 * Price-change signals between app servers through PostgreSQL LISTEN/NOTIFY (ADR 0022). The payload
 * is only a signal; listeners read the cache, so a lost or merged notification costs nothing.
 * PGlite delivers notifications within its process; PostgreSQL uses one dedicated connection
 * per app server (a pooled connection could be handed to someone else mid-LISTEN).
 */
export const quotesChannel = "coinlens_market_quotes";

export async function notifyQuotesChanged(db: Db, reason: string) {
  await db.execute(
    sql`select pg_notify(${quotesChannel}, ${JSON.stringify({ reason, at: new Date().toISOString() })})`,
  );
}

export interface Listener {
  close(): Promise<void>;
}

export async function listenForQuotes(
  database: Database,
  onNotify: (payload: string) => void,
  options: { url?: string; onError?: (error: Error) => void } = {},
): Promise<Listener> {
  if (database.pglite) {
    const unsubscribe = await database.pglite.listen(quotesChannel, onNotify);
    return {
      async close() {
        if (!database.pglite?.closed) await unsubscribe();
      },
    };
  }
  const url = options.url;
  if (!url) throw new Error("listenForQuotes needs the PostgreSQL URL for its dedicated connection");
  let client: pg.Client | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (message) => {
      if (message.channel === quotesChannel) onNotify(message.payload ?? "");
    });
    c.on("error", (error) => {
      options.onError?.(error);
      scheduleReconnect();
    });
    await c.connect();
    await c.query(`listen ${quotesChannel}`);
    client = c;
    attempt = 0;
  };
  const scheduleReconnect = () => {
    if (closed || retry) return;
    client?.end().catch(() => {});
    client = undefined;
    const delay = Math.min(1000 * 2 ** attempt++, 30_000);
    retry = setTimeout(() => {
      retry = undefined;
      // A notification missed while disconnected is covered by the reconnect signal below.
      connect()
        .then(() => onNotify(JSON.stringify({ reason: "reconnected" })))
        .catch((error) => {
          options.onError?.(error as Error);
          scheduleReconnect();
        });
    }, delay);
    retry.unref?.();
  };
  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
