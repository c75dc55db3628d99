// Request id propagation (ADR 0089): an outbox row keeps the id of the request (or job run) that
// queued it, after delivery too, and the worker's lines about it carry that id.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { testMailContext } from "../../../tests/mailbox.ts";
import { queryRows, withTx } from "../../db/client.server.ts";
import { withLogFields } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import type { Mailer, MailMessage } from "./mailer.server.ts";
import { deliverOutbox, enqueueEmail } from "./outbox.server.ts";

const t = setupTestDatabase();
const key = (name: string) => `${name}:${Math.random().toString(36).slice(2)}`;

function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, "write").mockImplementation((chunk, ...rest) => {
    const text = String(chunk);
    if (!text.startsWith("{")) return write(chunk, ...(rest as []));
    for (const line of text.split("\n")) if (line.startsWith("{")) lines.push(JSON.parse(line));
    return true;
  });
  return lines;
}

function mailer(failFor?: string): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: "outbox",
    sent,
    async send(message) {
      if (message.key === failFor) throw new Error("SMTP 451 try again later");
      sent.push(message);
    },
  };
}

async function stored(messageKey: string) {
  const [row] = await queryRows<{ request_id: string | null; payload: string | null; delivered: boolean }>(
    t.db,
    sql`select request_id, payload, delivered_at is not null as delivered from outbox where message_key = ${messageKey}`,
  );
  return row;
}

afterEach(() => vi.restoreAllMocks());

describe("outbox rows keep the request id that queued them", () => {
  it("a message queued by a request is delivered by a worker run under that request's id", async () => {
    const lines = captureLog();
    const fromRequest = key("request");
    const fromJob = key("job");
    const fromNowhere = key("nowhere");
    const email = { to: "ada@example.com", template: "reset-password", data: { token: "tok-1" } } as const;
    await withLogFields({ requestId: "req-7f3a" }, () =>
      withTx(t.db, (tx) => enqueueEmail(tx, fromRequest, email)),
    );
    await observeJobRun("test-job", async () => {
      await enqueueEmail(t.db, fromJob, email);
    });
    await enqueueEmail(t.db, fromNowhere, email);
    expect(await stored(fromRequest)).toMatchObject({ request_id: "req-7f3a", delivered: false });
    expect((await stored(fromJob))?.request_id).toMatch(/^run-/);
    expect((await stored(fromNowhere))?.request_id).toBeNull();

    const transport = mailer();
    await observeJobRun("outbox", () => deliverOutbox(t.db, transport, testMailContext, { limit: 100 }));
    expect(transport.sent.map((m) => m.key).sort()).toEqual([fromJob, fromNowhere, fromRequest].sort());

    // Kept after delivery (the payload is gone, the trace is not).
    expect(await stored(fromRequest)).toMatchObject({
      request_id: "req-7f3a",
      payload: null,
      delivered: true,
    });
    const delivered = (k: string) => lines.find((l) => l.msg === "outbox message delivered" && l.key === k);
    expect(delivered(fromRequest)).toMatchObject({ requestId: "req-7f3a", job: "outbox" });
    expect(delivered(fromRequest)?.runId).toMatch(/^run-/);
    const queuingRun = (await stored(fromJob))?.request_id;
    expect(delivered(fromJob)?.requestId).toBe(queuingRun);
    expect(delivered(fromNowhere)?.requestId).toBeUndefined();
    // The worker's own run is not the run that queued the job's message.
    expect(delivered(fromJob)?.runId).not.toBe(queuingRun);
  });

  it("a failed attempt is logged under the request id too, and the id an explicit option gives wins", async () => {
    const lines = captureLog();
    const failing = key("failing");
    await enqueueEmail(
      t.db,
      failing,
      { to: "bo@example.com", template: "reset-password", data: { token: "tok-2" } },
      { requestId: "req-explicit" },
    );
    await deliverOutbox(t.db, mailer(failing), testMailContext, { limit: 100 });
    expect(
      lines.find((l) => l.msg === "outbox delivery failed; will retry" && l.key === failing),
    ).toMatchObject({
      requestId: "req-explicit",
    });
    expect((await stored(failing))?.request_id).toBe("req-explicit");
  });

  it("the database refuses an empty or oversized id", async () => {
    for (const bad of ["", "x".repeat(101)]) {
      await expect(
        t.db.execute(
          sql`insert into outbox (kind, message_key, payload, request_id) values ('email', ${key("bad")}, 'v1.x', ${bad})`,
        ),
      ).rejects.toMatchObject({ cause: { code: "23514" } });
    }
  });
});
