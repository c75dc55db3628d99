// /readyz asks PostgreSQL on a connection of its own, not through the pool (ADR 0093). Under load
// every pooled connection is busy and a ping waits its turn in the pool's queue: Caddy's health
// check (2 s) then timed out and took a server that was only busy out of the rotation, both at
// once in the mixed-load bench, and members got 503s. A server is ready when its database answers,
// however long the pool's queue is; a dead database still fails the check within the timeout.
import pg from "pg";

export interface ReadinessConnection {
  /** `select 1` on the dedicated connection; throws when the database does not answer in time. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function readinessConnection(url: string, timeoutMs = 1500): ReadinessConnection {
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;

  const drop = (broken: pg.Client) => {
    if (client === broken) client = undefined;
    broken.end().catch(() => undefined);
  };

  const connection = () => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const fresh = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: timeoutMs,
        query_timeout: timeoutMs,
        application_name: "coinlens-readiness",
      });
      // A connection the server closes is replaced at the next check, never an uncaught error.
      fresh.on("error", () => drop(fresh));
      try {
        await fresh.connect();
      } catch (error) {
        fresh.end().catch(() => undefined);
        throw error;
      }
      client = fresh;
      return fresh;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    async ping() {
      if (closed) throw new Error("the readiness connection is closed");
      const current = await connection();
      try {
        await current.query("select 1");
      } catch (error) {
        drop(current);
        throw error;
      }
    },
    async close() {
      closed = true;
      const current = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
