import { once } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { devMailbox, users } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { type Config, parseConfig } from "../../config.server.ts";
import { fakeClock } from "../accounts/clock.ts";
import { accountsEnv } from "../accounts/common.server.ts";
import { verifyEmail } from "../accounts/recovery.server.ts";
import { signUp } from "../accounts/sign-in.server.ts";
import { mailContextOf } from "./context.ts";
import { createMailer } from "./mailer.server.ts";
import { deliverOutbox } from "./outbox.server.ts";

// SMTP_URL switches the mailer from the outbox table to SMTP (nodemailer). A few lines of SMTP
// on a local port stand in for the mail server: what arrives there is what a member would get.

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** Just enough of RFC 5321 for nodemailer: greeting, EHLO, MAIL, RCPT, DATA, QUIT. */
function startSmtpServer() {
  const received: Received[] = [];
  const server: Server = createServer((socket: Socket) => {
    let buffer = "";
    let current: Received = { from: "", to: [], data: "" };
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 test.invalid ESMTP ready");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, ".");
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: "", to: [], data: "" };
          reply("250 2.0.0 queued");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 test.invalid");
        else if (verb === "MAIL") {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? "";
          reply("250 2.1.0 ok");
        } else if (verb === "RCPT") {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          reply("250 2.1.5 ok");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 end with <CRLF>.<CRLF>");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else if (verb === "RSET" || verb === "NOOP") reply("250 ok");
        else reply("502 5.5.2 not implemented");
      }
    });
  });
  return { server, received };
}

/** The message body as text: quoted-printable soft breaks and escapes undone. */
function decodedBody(data: string) {
  const body = data.slice(data.indexOf("\r\n\r\n") + 4);
  return /content-transfer-encoding:\s*quoted-printable/i.test(data)
    ? body
        .replace(/=\r\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : body;
}

const t = setupTestDatabase();
const smtp = startSmtpServer();
let config: Config;

beforeAll(async () => {
  smtp.server.listen(0, "127.0.0.1");
  await once(smtp.server, "listening");
  const address = smtp.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  const result = parseConfig({
    APP_ENV: "test",
    SMTP_URL: `smtp://127.0.0.1:${address.port}`,
    MAIL_FROM: "Coinlens <no-reply@coinlens.example>",
  });
  if (!result.ok) throw new Error(result.problems.join("; "));
  config = result.config;
});

afterAll(async () => {
  smtp.server.close();
});

describe("SMTP delivery (SMTP_URL set)", () => {
  test("SMTP_URL selects the SMTP mailer; without it mail goes to the outbox", () => {
    expect(createMailer(t.db, config).kind).toBe("smtp");
    expect(createMailer(t.db, { ...config, smtpUrl: undefined }).kind).toBe("outbox");
  });

  test("signing up delivers the verification e-mail over SMTP, not to the outbox, and its link works", async () => {
    // Built the way the app builds it: no mailer passed, so the configuration chooses.
    const env = accountsEnv(t.db, config, fakeClock(new Date()));
    const email = "smtp-member@example.test";
    const result = await signUp(
      t.db,
      env,
      { email, firstName: "Sam", lastName: "Tp", password: "Sturdy-passphrase-42" },
      { headers: new Headers({ "user-agent": "vitest" }), ip: "10.1.1.1" },
    );
    if (!result.ok) throw new Error(result.message);
    // Queued by the sign-up, sent by the outbox worker through the transport the configuration picks.
    expect(smtp.received).toHaveLength(0);
    await deliverOutbox(t.db, createMailer(t.db, config), mailContextOf(config));

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe("no-reply@coinlens.example");
    expect(mail?.to).toEqual([email]);
    expect(mail?.data).toMatch(/^Subject: Confirm your e-mail address for Coinlens\r$/m);
    expect(mail?.data).toMatch(/^From: Coinlens <no-reply@coinlens\.example>\r$/m);
    // The same Message-ID for every delivery of this message: a redelivery is recognisably the same.
    expect(mail?.data).toMatch(/^Message-ID: <[0-9a-f]{32}@coinlens\.example>\r$/m);
    const body = decodedBody(mail?.data ?? "");
    const link = /http:\/\/localhost:3000\/verify-email\?token=\S+/.exec(body)?.[0];
    expect(link).toBeDefined();
    expect(await t.db.select().from(devMailbox).where(eq(devMailbox.to, email))).toHaveLength(0);

    // The delivered link is the real one: it confirms the address.
    const token = new URL(link ?? "http://x").searchParams.get("token") ?? "";
    expect(await verifyEmail(t.db, env, token, { headers: new Headers() })).toMatchObject({ ok: true });
    const [row] = await t.db
      .select({ verified: users.emailVerified })
      .from(users)
      .where(eq(users.email, email));
    expect(row?.verified).toBe(true);
  });
});
