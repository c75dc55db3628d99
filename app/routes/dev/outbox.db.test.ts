import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { devMailbox } from "../../../db/schema/index.ts";
import { productionEnv } from "../../../tests/config.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { useDatabase } from "../../db/db.server.ts";

// /dev/outbox shows every e-mail the app kept instead of sending: links that sign people in or
// reset passwords. It answers only outside production (APP_ENV, validated by config.server.ts), and
// only to a browser on this machine (app/utils/dev-only.db.test.ts tests the address rule).

const t = setupTestDatabase();

/** A production environment that passes the configuration's checks. */
const production = productionEnv;

beforeAll(async () => {
  useDatabase(t.database);
  await t.db.insert(devMailbox).values({
    id: randomUUID(),
    to: "member@example.test",
    subject: "Reset your Coinlens password",
    text: "https://coinlens.example/reset-password?token=secret-token",
  });
});

afterAll(() => {
  useDatabase(undefined);
  vi.unstubAllEnvs();
});

/** The route's loader with a fresh configuration read from `env` (config is cached per module). */
async function loadOutbox(env: Record<string, string>) {
  vi.unstubAllEnvs();
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { RouterContextProvider } = await import("react-router");
  const { requestContext } = await import("../../context.server.ts");
  const { loader } = await import("./outbox.tsx");
  const request = new Request("http://localhost:3000/dev/outbox");
  const context = new RouterContextProvider();
  context.set(requestContext, { requestId: "test", nonce: "", ip: "127.0.0.1" });
  try {
    return { answer: await loader({ request, params: {}, context } as never) };
  } catch (thrown) {
    return { thrown: thrown as Response };
  }
}

describe("/dev/outbox", () => {
  test("answers 404 in production, without the messages", async () => {
    const { answer, thrown } = await loadOutbox(production);
    expect(answer).toBeUndefined();
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown?.status).toBe(404);
    expect(await thrown?.text()).not.toContain("secret-token");
  });

  test("lists the kept messages in development and test", async () => {
    for (const appEnv of ["development", "test"]) {
      const { answer, thrown } = await loadOutbox({ APP_ENV: appEnv });
      expect(thrown, appEnv).toBeUndefined();
      expect(answer?.messages, appEnv).toEqual([
        expect.objectContaining({ to: "member@example.test", subject: "Reset your Coinlens password" }),
      ]);
    }
  });
});
