import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestMetaFrom, signedInMember } from "../../tests/accounts.ts";
import { setupTestDatabase } from "../../tests/db.ts";
import { creditAvailable } from "../../tests/ledger.ts";
import { callRoute } from "../../tests/route-call.ts";
import { useDatabase } from "../db/db.server.ts";
import { accounts } from "../utils/auth.server.ts";
import { loader } from "./tax-export.ts";

process.env.APP_ENV = "test";
delete process.env.SMTP_URL;

const t = setupTestDatabase();
beforeAll(() => useDatabase(t.database));
afterAll(() => useDatabase(undefined));

const meta = requestMetaFrom("10.19");
let cookie = "";
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  const { db, env } = accounts();
  const member = await signedInMember(
    db,
    env,
    { email: "tax-route@example.test", firstName: "Tia", lastName: "Route", password: "Tax-route-2026!" },
    meta,
  );
  cookie = member.cookie;
  await creditAvailable(t.db, { userId: member.userId, asset: "BTC", amount: 12_345n });
});

const get = (path: string, params: Record<string, string>, withCookie = true) =>
  callRoute(loader, path, { params, ...(withCookie ? { cookie } : {}) });

describe("tax export routes", () => {
  it("send a visitor without a session to sign in", async () => {
    const answer = await get("/transactions/export/koinly.csv", { file: "koinly.csv" }, false);
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/login/);
  });

  it("answer each file as an attachment with its name, and nothing for an unknown name", async () => {
    const koinly = await get("/transactions/export/koinly.csv", { file: "koinly.csv" });
    expect(koinly.status).toBe(200);
    expect(koinly.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(koinly.headers.get("content-disposition")).toMatch(
      /^attachment; filename="coinlens-koinly-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(koinly.headers.get("cache-control")).toBe("private, no-store");
    const pdf = await get(`/transactions/statement/${year}.pdf`, { file: `${year}.pdf` });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(
      `attachment; filename="coinlens-statement-${year}.pdf"`,
    );
    expect((await get("/transactions/export/other.csv", { file: "other.csv" })).status).toBe(404);
    expect((await get("/transactions/statement/koinly.csv", { file: "koinly.csv" })).status).toBe(404);
    expect((await get(`/transactions/statement/${year + 1}.pdf`, { file: `${year + 1}.pdf` })).status).toBe(
      404,
    );
  });

  it("the card's year form redirects to the year's PDF; a missing year is refused", async () => {
    const answer = await get(`/transactions/statement?year=${year}`, {});
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/transactions/statement/${year}.pdf`);
    expect((await get("/transactions/statement?year=abc", {})).status).toBe(400);
  });
});
