import pg from "pg";
import type { Database } from "./client.server.ts";

/**
 * LISTEN on a PostgreSQL channel (ADR 0022). A payload is only a signal: listeners re-read the
 * database, so a lost or merged notification costs nothing. PGlite delivers notifications within
 * its process; PostgreSQL uses one dedicated connection per listener (a pooled connection could be
 * handed to someone else mid-LISTEN), reconnecting with backoff and signalling `reconnected` so
 * anything missed meanwhile is picked up.
 */
export interface Listener {
  close(): Promise<void>;
}

export async function listenOn(
  database: Database,
  channel: string,
  onNotify: (payload: string) => void,
  options: { url?: string | undefined; onError?: (error: Error) => void } = {},
): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  if (database.pglite) {
    const unsubscribe = await database.pglite.listen(channel, onNotify);
    return {
      async close() {
        if (!database.pglite?.closed) await unsubscribe();
      },
    };
  }
  const url = options.url;
  if (!url) throw new Error("listenOn needs the PostgreSQL URL for its dedicated connection");
  let client: pg.Client | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    c.on("error", (error) => {
      options.onError?.(error);
      scheduleReconnect();
    });
    await c.connect();
    await c.query(`listen ${channel}`);
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
