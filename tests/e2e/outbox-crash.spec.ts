import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { MAIL_TIMEOUT_MS } from "./mailbox.ts";
import { freePort, type ServerProcess, startServer, waitForReady } from "./server-process.ts";

// Nothing said that did not happen, and nothing that happened left unsaid (the outbox, ADR 0056):
// an e-mail is queued in the transaction of the change it reports and delivered afterwards. Here
// the process dies between the two — a real SIGKILL, after the commit and before any delivery —
// and the next process on the same database delivers the message, exactly once. The first server
// runs with OUTBOX_WORKER=false (it queues and never delivers) so the kill always falls in that gap.

test.describe.configure({ mode: "serial", timeout: 240_000 });

const SUPPORT = "support@coinlens.invalid";

/** The messages to support on this server's /dev/outbox whose subject is `subject`. */
async function supportMail(page: Page, server: ServerProcess, subject: string) {
  await page.goto(`${server.url}/dev/outbox?to=${encodeURIComponent(SUPPORT)}`);
  return page.getByTestId("outbox-message").filter({ has: page.getByRole("heading", { name: subject }) });
}

test("a contact message committed just before the server is killed is delivered once by the next server", async ({
  page,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), "coinlens-outbox-crash-"));
  const dataDir = path.join(dir, "data");
  const servers: ServerProcess[] = [];
  try {
    const first = startServer(await freePort(), { DATA_DIR: dataDir, OUTBOX_WORKER: "false" });
    servers.push(first);
    await waitForReady(first);

    // The state change: a visitor's message is stored, and its e-mail to support queued with it.
    const subject = `Crash test ${Date.now()}`;
    await gotoHydrated(page, `${first.url}/contact`);
    await page.getByLabel("Email").fill("visitor-crash@example.com");
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Message").fill("Will this reach you if your server falls over?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("dialog", { name: "Message Sent" })).toBeVisible({ timeout: 20_000 });

    // Committed but not delivered: this server queues and never sends, not even on its 5 s sweep.
    await expect(await supportMail(page, first, subject)).toHaveCount(0);
    await expect(page.getByText("No messages.")).toBeVisible();
    await page.waitForTimeout(6_000);
    await expect(await supportMail(page, first, subject)).toHaveCount(0);

    // A real crash: no shutdown, no cleanup. The lock file still names the dead process.
    const pid = first.child.pid;
    first.child.kill("SIGKILL");
    await first.exited;
    expect(first.child.signalCode).toBe("SIGKILL");
    const lock = path.join(dataDir, "pglite", "coinlens.lock");
    expect(existsSync(lock)).toBe(true);
    expect(readFileSync(lock, "utf8")).toBe(String(pid));

    // The next server on the same database (worker on, as by default) takes over the lock and
    // delivers what the dead one queued.
    const second = startServer(await freePort(), { DATA_DIR: dataDir });
    servers.push(second);
    await waitForReady(second);
    await expect
      .poll(async () => (await supportMail(page, second, subject)).count(), {
        message: "the queued message, delivered by the new server",
        timeout: MAIL_TIMEOUT_MS,
        intervals: [250, 500, 1_000],
      })
      .toBe(1);
    const mail = await supportMail(page, second, subject);
    await expect(mail).toContainText("From: visitor-crash@example.com");
    await expect(mail).toContainText("Will this reach you if your server falls over?");

    // Exactly once: still one after more than a sweep of the worker.
    await page.waitForTimeout(6_000);
    await expect(await supportMail(page, second, subject)).toHaveCount(1);
    await expect(page.getByTestId("outbox-message")).toHaveCount(1);
  } finally {
    for (const server of servers)
      if (server.child.exitCode === null && !server.child.killed) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
