// The LISTEN connection on PostgreSQL (ADR 0022): every listener of a process shares one
// dedicated connection per database, notifications reach only their channel's listeners, a
// closed listener hears nothing more, and a lost connection comes back and says so to everyone.
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "./client.server.ts";
import { type Listener, listenOn } from "./listen.server.ts";

// The PostgreSQL run of the database tests only: PGlite delivers notifications in process.
const url = process.env.TEST_DB_DRIVER === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
const database = { pglite: undefined } as unknown as Database;
let seq = 0;
const channel = () => `listen_test_${process.pid}_${++seq}`;

describe.skipIf(!url)("LISTEN on PostgreSQL", () => {
  let admin = new pg.Client({ connectionString: url });
  const opened: Listener[] = [];
  beforeEach(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterEach(async () => {
    for (const l of opened.splice(0)) await l.close();
    await admin.end().catch(() => undefined);
  });

  async function connections() {
    const { rows } = await admin.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity where application_name = 'coinlens-listen' and datname = current_database()`,
    );
    return Number(rows[0]?.n ?? 0);
  }
  const notify = (to: string, payload: string) => admin.query("select pg_notify($1, $2)", [to, payload]);

  it("shares one connection among listeners, delivers by channel, and closes it with the last", async () => {
    const [a, b] = [channel(), channel()];
    const heard = { a: [] as string[], a2: [] as string[], b: [] as string[] };
    const first = await listenOn(database, a, (p) => heard.a.push(p), { url });
    const second = await listenOn(database, a, (p) => heard.a2.push(p), { url });
    const third = await listenOn(database, b, (p) => heard.b.push(p), { url });
    opened.push(first, second, third);
    expect(await connections()).toBe(1);

    await notify(a, "for a");
    await notify(b, "for b");
    await vi.waitFor(() => expect(heard).toEqual({ a: ["for a"], a2: ["for a"], b: ["for b"] }), {
      timeout: 5000,
    });

    // A closed listener hears nothing more; the others on the connection still do.
    await first.close();
    await third.close();
    await notify(a, "again");
    await notify(b, "nobody");
    await vi.waitFor(() => expect(heard.a2).toEqual(["for a", "again"]), { timeout: 5000 });
    expect(heard.a).toEqual(["for a"]);
    expect(heard.b).toEqual(["for b"]);

    await second.close();
    await vi.waitFor(async () => expect(await connections()).toBe(0), { timeout: 5000 });
  });

  it("after the connection is cut, comes back, LISTENs again on every channel and says reconnected", async () => {
    const [a, b] = [channel(), channel()];
    const heard = { a: [] as string[], b: [] as string[] };
    const errors: Error[] = [];
    opened.push(
      await listenOn(database, a, (p) => heard.a.push(p), { url, onError: (e) => errors.push(e) }),
      await listenOn(database, b, (p) => heard.b.push(p), { url }),
    );
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'coinlens-listen' and datname = current_database()`,
    );
    const reconnected = JSON.stringify({ reason: "reconnected" });
    await vi.waitFor(() => expect(heard).toEqual({ a: [reconnected], b: [reconnected] }), {
      timeout: 10_000,
    });
    expect(errors.length).toBeGreaterThan(0);
    expect(await connections()).toBe(1);
    await notify(a, "after");
    await notify(b, "after");
    await vi.waitFor(() => expect(heard).toEqual({ a: [reconnected, "after"], b: [reconnected, "after"] }), {
      timeout: 5000,
    });
  });

  it("refuses a bad channel name, and a first listener sees a database that does not answer", async () => {
    await expect(listenOn(database, "bad-name; drop", () => {}, { url })).rejects.toThrow(/channel/);
    const nowhere = new URL(url ?? "");
    nowhere.hostname = "127.0.0.1";
    nowhere.port = "1";
    await expect(listenOn(database, channel(), () => {}, { url: nowhere.toString() })).rejects.toThrow();
  });
});
