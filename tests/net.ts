import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";

/** A port nothing listens on right now (the machine is shared: fixed ports collide). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "0.0.0.0", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/**
 * A TCP relay between the app and PostgreSQL, so a test can take the database away from a running
 * server or pool (and give it back) without touching the database server itself.
 */
export function databaseRelay(listenPort: number, target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let listener: Server | undefined;
  return {
    async open() {
      listener = createServer((client) => {
        const upstream = tcpConnect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => listener?.listen(listenPort, "127.0.0.1", resolve));
    },
    async cut() {
      const closed = new Promise<void>((resolve) => listener?.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
