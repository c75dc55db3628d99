import pg from "pg";
import type { Database } from "./client.server.ts";

/**
 * LISTEN on a PostgreSQL channel (ADR 0022). A payload is only a signal: listeners re-read the
 * database, so a lost or merged notification costs nothing. PGlite delivers notifications within
 * its process. On PostgreSQL every listener of the process shares one dedicated connection per
 * database URL (a pooled connection could be handed to someone else mid-LISTEN): five listeners —
 * prices, setups, alerts, account events, the outbox — once held five connections per server,
 * where connections are the first limit past one server (docs/ops/scaling.md). The connection
 * reconnects with backoff and signals `reconnected` to every listener, so anything missed
 * meanwhile is picked up.
 */
export interface Listener {
  close(): Promise<void>;
}

interface Subscriber {
  channel: string;
  onNotify: (payload: string) => void;
  onError?: ((error: Error) => void) | undefined;
}

/** One LISTEN connection and the listeners that share it. */
interface Hub {
  url: string;
  subscribers: Set<Subscriber>;
  client?: pg.Client | undefined;
  /** The channels LISTENed on `client`. */
  listening: Set<string>;
  connecting?: Promise<void> | undefined;
  retry?: ReturnType<typeof setTimeout> | undefined;
  attempt: number;
}

// ADR 0064: the process's LISTEN connections, one per database URL, shared by its listeners;
// a hub goes when its last listener closes.
const hubs = new Map<string, Hub>();

const RECONNECTED = JSON.stringify({ reason: "reconnected" });

function channelsOf(hub: Hub) {
  return new Set([...hub.subscribers].map((s) => s.channel));
}

async function connect(hub: Hub) {
  const client = new pg.Client({ connectionString: hub.url, application_name: "coinlens-listen" });
  client.on("notification", (message) => {
    for (const s of hub.subscribers) {
      if (s.channel !== message.channel) continue;
      // One listener's fault must not keep the signal from the others on the connection.
      try {
        s.onNotify(message.payload ?? "");
      } catch (error) {
        s.onError?.(error as Error);
      }
    }
  });
  client.on("error", (error) => {
    for (const s of hub.subscribers) s.onError?.(error);
    scheduleReconnect(hub);
  });
  try {
    await client.connect();
    const channels = channelsOf(hub);
    for (const channel of channels) await client.query(`listen ${channel}`);
    hub.client = client;
    hub.listening = channels;
    hub.attempt = 0;
  } catch (error) {
    client.end().catch(() => {});
    throw error;
  }
}

function scheduleReconnect(hub: Hub) {
  if (hubs.get(hub.url) !== hub || hub.retry) return;
  hub.client?.end().catch(() => {});
  hub.client = undefined;
  hub.listening = new Set();
  const delay = Math.min(1000 * 2 ** hub.attempt++, 30_000);
  hub.retry = setTimeout(() => {
    hub.retry = undefined;
    if (hubs.get(hub.url) !== hub) return;
    hub.connecting = connect(hub)
      .then(() => {
        // A notification missed while disconnected is covered by this signal.
        for (const s of hub.subscribers) s.onNotify(RECONNECTED);
      })
      .catch((error: unknown) => {
        for (const s of hub.subscribers) s.onError?.(error as Error);
        scheduleReconnect(hub);
      })
      .finally(() => {
        hub.connecting = undefined;
      });
  }, delay);
  hub.retry.unref?.();
}

async function unsubscribe(hub: Hub, subscriber: Subscriber) {
  if (!hub.subscribers.delete(subscriber)) return;
  if (hub.subscribers.size === 0) {
    hubs.delete(hub.url);
    if (hub.retry) clearTimeout(hub.retry);
    await hub.connecting?.catch(() => {});
    await hub.client?.end().catch(() => {});
    hub.client = undefined;
    return;
  }
  const { channel } = subscriber;
  if (!channelsOf(hub).has(channel) && hub.client && hub.listening.has(channel)) {
    hub.listening.delete(channel);
    await hub.client.query(`unlisten ${channel}`).catch(() => {});
  }
}

export async function listenOn(
  database: Database,
  channel: string,
  onNotify: (payload: string) => void,
  options: { url?: string | undefined; onError?: (error: Error) => void } = {},
): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  if (database.pglite) {
    const unsubscribePglite = await database.pglite.listen(channel, onNotify);
    return {
      async close() {
        if (!database.pglite?.closed) await unsubscribePglite();
      },
    };
  }
  const url = options.url;
  if (!url) throw new Error("listenOn needs the PostgreSQL URL for its dedicated connection");
  let hub = hubs.get(url);
  if (!hub) {
    hub = { url, subscribers: new Set(), listening: new Set(), attempt: 0 };
    hubs.set(url, hub);
  }
  const current = hub;
  const subscriber: Subscriber = { channel, onNotify, onError: options.onError };
  current.subscribers.add(subscriber);
  try {
    if (!current.client && !current.retry) {
      // The first listener connects (the others wait for it); a failure is the caller's to see.
      current.connecting ??= connect(current).finally(() => {
        current.connecting = undefined;
      });
      await current.connecting;
    } else if (current.connecting) {
      await current.connecting;
    }
    // Connected before this channel was wanted: LISTEN on it now. While reconnecting, the
    // new connection LISTENs on every channel and signals `reconnected`.
    if (current.client && !current.listening.has(channel)) {
      current.listening.add(channel);
      await current.client.query(`listen ${channel}`);
    }
  } catch (error) {
    await unsubscribe(current, subscriber);
    throw error;
  }
  return { close: () => unsubscribe(current, subscriber) };
}
