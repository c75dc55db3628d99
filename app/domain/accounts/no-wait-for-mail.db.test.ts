// Forgot-password (and sign-up) take the same time whether or not the address has an account
// (ADR 0010 addendum): neither waits for a mail transport, so a slow one cannot tell the two apart. The
// transport here takes 1.5 s per message; any request that waited for it would show it. The mail
// is queued (the outbox, ADR 0056) and goes out afterwards, through that same slow transport.
//
// Timings on a shared CI machine wander, so what makes the two answers alike is also checked
// without a stopwatch: a sign-up for a taken address hashes the password once, as a new one does.
import { eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { devMailbox } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { deliverMail, testMailContext } from "../../../tests/mailbox.ts";
import { parseConfig } from "../../config.server.ts";
import { createOutboxMailer, type Mailer } from "../mail/mailer.server.ts";
import { deliverOutbox } from "../mail/outbox.server.ts";
import { createAuth } from "./auth.server.ts";
import { fakeClock } from "./clock.ts";
import type { AccountsEnv } from "./common.server.ts";
import { requestPasswordReset } from "./recovery.server.ts";
import { signUp } from "./sign-in.server.ts";

/** Every argon2id hash, counted: better-auth's (a new account) and the taken-address path's. */
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock("./password.server.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("./password.server.ts")>();
  return {
    ...real,
    hashPassword: (password: string) => {
      hashes.count++;
      return real.hashPassword(password);
    },
  };
});

const t = setupTestDatabase();
const TRANSPORT_MS = 1500;
/**
 * Alike: closer than half the transport's delay. A request that waited for the mail would differ
 * by the whole delay, every time. A fixed 300 ms was too tight on a loaded CI machine: a new
 * account's extra rows (account, referral code, audit) cost up to 400 ms there against a taken
 * address's 30–300 ms. The costly step both share, the password hash, is counted, not timed.
 */
const ALIKE_MS = TRANSPORT_MS / 2;
/** Medians of five, alternating the two kinds: one busy moment on a shared machine moves neither. */
const SAMPLES = 5;

function testEnv(): AccountsEnv {
  const parsed = parseConfig({ APP_ENV: "test" });
  if (!parsed.ok) throw new Error(parsed.problems.join("; "));
  // A minute into the current hour, standing still: no limit window or hourly key rolls over here.
  const hour = 3_600_000;
  const clock = fakeClock(new Date(Math.floor(Date.now() / hour) * hour + 60_000));
  return { auth: createAuth(t.db, parsed.config), config: parsed.config, clock };
}

/** The development mailbox behind a transport that takes TRANSPORT_MS per message. */
function slowTransport(): Mailer {
  const mailbox = createOutboxMailer(t.db);
  return {
    kind: "outbox",
    async send(message) {
      await new Promise((resolve) => setTimeout(resolve, TRANSPORT_MS));
      await mailbox.send(message);
    },
  };
}

/** What the worker does after the answers: delivers the queue through the slow transport. */
async function deliverSlowly() {
  await deliverOutbox(t.db, slowTransport(), testMailContext, { limit: 100 });
}

async function subjectsTo(email: string): Promise<string[]> {
  const rows = await t.db
    .select({ subject: devMailbox.subject })
    .from(devMailbox)
    .where(eq(devMailbox.to, email));
  return rows.map((row) => row.subject);
}

let ip = 0;
const meta = () => ({ headers: new Headers({ "user-agent": "vitest" }), ip: `10.14.7.${++ip}` });

async function timed(run: () => Promise<unknown>) {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe("nothing waits for the mail transport", () => {
  test("a password reset for a member answers as fast as one for an unknown address", {
    timeout: 60_000,
  }, async () => {
    const env = testEnv();
    const members: string[] = [];
    for (let i = 0; i <= SAMPLES; i++) {
      const email = `reset-timing${i}@example.test`;
      const created = await signUp(
        t.db,
        env,
        { email, firstName: "Tim", lastName: "Ing", password: "Sturdy-passphrase-42" },
        meta(),
      );
      if (!created.ok) throw new Error(created.message);
      members.push(email);
    }
    await deliverMail(t.db); // (their confirmation links, through a fast transport)
    // Warm both paths up once (first calls compile code and fill caches).
    await requestPasswordReset(t.db, env, members[0] as string, meta());
    await requestPasswordReset(t.db, env, "ghost-warmup@example.test", meta());
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 1; i <= SAMPLES; i++) {
      known.push(await timed(() => requestPasswordReset(t.db, env, members[i] as string, meta())));
      unknown.push(await timed(() => requestPasswordReset(t.db, env, `ghost${i}@example.test`, meta())));
    }
    const ms = (values: number[]) => values.map(Math.round).join(", ");
    // A request that waited for the transport would take at least TRANSPORT_MS, every time.
    expect(median(known), `member: ${ms(known)} ms`).toBeLessThan(TRANSPORT_MS);
    expect(
      Math.abs(median(known) - median(unknown)),
      `member ${ms(known)} vs unknown ${ms(unknown)} ms`,
    ).toBeLessThan(ALIKE_MS);
    // The links were queued, and go out after the answers.
    await deliverSlowly();
    for (const email of members) expect(await subjectsTo(email)).toContain("Reset your Coinlens password");
    expect(await subjectsTo("ghost1@example.test")).toEqual([]);
  });

  test("sign-up with a taken address answers as fast as with a new one, and neither waits for the mail", {
    timeout: 60_000,
  }, async () => {
    const env = testEnv();
    const taken = "taken-timing@example.test";
    await signUp(
      t.db,
      env,
      { email: taken, firstName: "Tak", lastName: "En", password: "Sturdy-passphrase-42" },
      meta(),
    );
    await deliverMail(t.db); // (its confirmation link, through a fast transport)
    const form = (email: string) => ({
      email,
      firstName: "Tim",
      lastName: "Ing",
      password: "Sturdy-passphrase-42",
    });
    const existing: number[] = [];
    const fresh: number[] = [];
    const hashed = { taken: [] as number[], fresh: [] as number[] };
    const counted = async (into: number[], run: () => Promise<unknown>) => {
      const before = hashes.count;
      const ms = await timed(run);
      into.push(hashes.count - before);
      return ms;
    };
    for (let i = 0; i < SAMPLES; i++) {
      existing.push(await counted(hashed.taken, () => signUp(t.db, env, form(taken), meta())));
      fresh.push(
        await counted(hashed.fresh, () => signUp(t.db, env, form(`fresh-timing${i}@example.test`), meta())),
      );
    }
    // The same costly work on both paths, whatever the clock says.
    expect(hashed).toEqual({ taken: Array(SAMPLES).fill(1), fresh: Array(SAMPLES).fill(1) });
    const ms = (values: number[]) => values.map(Math.round).join(", ");
    expect(median(existing), `taken: ${ms(existing)} ms`).toBeLessThan(TRANSPORT_MS);
    expect(median(fresh), `new: ${ms(fresh)} ms`).toBeLessThan(TRANSPORT_MS);
    expect(
      Math.abs(median(existing) - median(fresh)),
      `taken ${ms(existing)} vs new ${ms(fresh)} ms`,
    ).toBeLessThan(ALIKE_MS);
    // Afterwards: each new member gets the confirmation link; the owner of the taken address one
    // "someone tried to sign up" (five tries within the hour, one message).
    await deliverSlowly();
    expect(await subjectsTo("fresh-timing0@example.test")).toEqual([
      "Confirm your e-mail address for Coinlens",
    ]);
    expect(
      (await subjectsTo(taken)).filter((subject) => subject.startsWith("Someone tried to sign up")),
    ).toHaveLength(1);
  });
});
