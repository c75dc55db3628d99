import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { verificationDocuments, verificationRequests, withdrawals } from "../../../db/schema/index.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { mailTo } from "../../../tests/mailbox.ts";
import { fakeClock } from "../accounts/clock.ts";
import { postEntry } from "../ledger/ledger.server.ts";
import { attachmentMessages } from "../support/attachments.ts";
import { cancelWithdrawal, requestWithdrawal } from "../withdrawals/withdrawals.server.ts";
import { runDocumentRetentionJob } from "./jobs.server.ts";
import { checkLimit, LimitExceededError, limitUsage, tierOf } from "./limits.server.ts";
import { submitDetails, submitDocuments, verificationView } from "./member.server.ts";
import { decideVerification, documentForStaff, reviewMessages } from "./review.server.ts";
import { DEFAULT_LIMITS, limitsOf, verificationMessages } from "./rules.ts";
import { getVerificationSettings, saveVerificationSettings } from "./settings.server.ts";

const t = setupTestDatabase();

beforeAll(async () => {
  for (const id of ["staff-a", "staff-b", "staff-c"]) {
    await t.db.execute(
      sql`insert into users (id, name, email, role) values (${id}, ${id}, ${`${id}@example.test`}, 'admin')`,
    );
  }
});

const png = readFileSync(new URL("../../../tests/fixtures/support/receipt.png", import.meta.url));
const exe = Buffer.concat([Buffer.from("MZ\x90\0\x03\0\0\0", "latin1"), Buffer.alloc(120, 1)]);
const polyglot = Buffer.concat([
  png.subarray(0, png.length - 12),
  Buffer.from("<script>alert(1)</script>"),
  png.subarray(png.length - 12),
]);
const oversized = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);

let counter = 0;
async function member(usd = 0n): Promise<string> {
  const id = `kyc-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
  await t.db.execute(sql`insert into users (id, name, email) values (${id}, ${id}, ${`${id}@example.test`})`);
  if (usd > 0n) {
    await postEntry(t.db, {
      idempotencyKey: `fund-${id}`,
      code: "deposit",
      ledger: "real",
      postings: [
        { account: { system: "deposits", asset: "USD" }, amount: -usd },
        { account: { userId: id, kind: "available", asset: "USD" }, amount: usd },
      ],
    });
  }
  return id;
}

function form(values: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

const DETAILS = {
  fullName: "Ada Lovelace",
  dateOfBirth: "1990-12-10",
  addressLine: "1 Example Street",
  city: "London",
  postalCode: "N1 1AA",
  country: "GB",
};

function bankRequest(userId: string, amount: bigint, key = `k-${++counter}-abcdefgh`) {
  return requestWithdrawal(t.db, {
    userId,
    method: "bank",
    asset: "USD",
    amount,
    destination: {
      accountHolder: "A",
      bankName: "B",
      accountKind: "iban",
      account: "GB82WEST12345698765432",
      payoutCurrency: "USD",
    },
    idempotencyKey: key,
    usdValueMinor: amount,
    limitValueMinor: amount,
    twoAdmin: { thresholdUsdMinor: 10n ** 12n, windowHours: 24 },
    confirmation: { method: "totp" },
  });
}

async function toTier2Request(userId: string) {
  expect((await submitDetails(t.db, userId, form(DETAILS))).ok).toBe(true);
  const sent = await submitDocuments(t.db, userId, {
    identity: { name: "passport.png", bytes: png },
    selfie: { name: "me.png", bytes: png },
  });
  expect(sent.ok).toBe(true);
  const [request] = await t.db
    .select()
    .from(verificationRequests)
    .where(eq(verificationRequests.userId, userId));
  return request?.id as bigint;
}

describe("limit arithmetic", () => {
  it("counts unconfirmed, pending, approved and completed withdrawals in the 24 h and 30 d windows; cancelled ones free their room", async () => {
    const m = await member(2_000_000n);
    const a = await bankRequest(m, 100_000n); // $1,000 now
    const b = await bankRequest(m, 50_000n); // $500, moved to 3 days ago
    await t.db
      .update(withdrawals)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(withdrawals.id, b.withdrawal.id));
    const c = await bankRequest(m, 25_000n); // $250, moved to 31 days ago: outside both windows
    await t.db
      .update(withdrawals)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(withdrawals.id, c.withdrawal.id));
    const d = await bankRequest(m, 10_000n); // $100, cancelled: counts nowhere
    await cancelWithdrawal(t.db, { withdrawalId: d.withdrawal.id, userId: m });
    const { tier, uses } = await limitUsage(t.db, { userId: m, flow: "withdrawal" });
    expect(tier).toBe(0);
    expect(uses).toEqual([
      { flow: "withdrawal", window: "day", limit: DEFAULT_LIMITS[0].withdrawalDay, used: 100_000n },
      { flow: "withdrawal", window: "month", limit: DEFAULT_LIMITS[0].withdrawalMonth, used: 150_000n },
    ]);
    expect(a.withdrawal.status).toBe("pending");
  });

  it("refuses the request that would pass the 24 h limit, naming the limit, the use and how to raise it; exactly at the limit passes", async () => {
    const m = await member(2_000_000n);
    await bankRequest(m, 400_000n); // $4,000 of $5,000
    const over = await checkLimit(t.db, { userId: m, flow: "withdrawal", value: 100_001n });
    expect(over.ok).toBe(false);
    if (!over.ok) {
      expect(over.message).toBe(
        "This is over your withdrawal limit of $5,000.00 per 24 hours (tier 0): $4,000.00 used, $1,000.00 left. Add your details in Settings → Verification to raise it.",
      );
    }
    await expect(bankRequest(m, 100_001n)).rejects.toBeInstanceOf(LimitExceededError);
    expect((await bankRequest(m, 100_000n)).withdrawal.status).toBe("pending");
  });

  it("the 30-day window refuses what the 24 h window allows; credited deposits count for deposits", async () => {
    const m = await member(5_000_000n);
    for (const days of [2, 5, 8, 11]) {
      const { withdrawal } = await bankRequest(m, 450_000n);
      await t.db
        .update(withdrawals)
        .set({ createdAt: sql`now() - make_interval(days => ${days})` })
        .where(eq(withdrawals.id, withdrawal.id));
    }
    // $18,000 in 30 days of $20,000: $2,001 fits today's $5,000 but not the month.
    const checked = await checkLimit(t.db, { userId: m, flow: "withdrawal", value: 200_100n });
    expect(checked.ok ? null : checked.use.window).toBe("month");
    await t.db.execute(
      sql`insert into deposits (user_id, method, asset, amount, status, limit_value, entry_id, credited_at)
          select ${m}, 'bank', 'USD', 100, 'credited', 2000000, id, now() from ledger_entries order by id desc limit 1`,
    );
    const deposit = await limitUsage(t.db, { userId: m, flow: "deposit" });
    expect(deposit.uses.map((u) => u.used)).toEqual([2_000_000n, 2_000_000n]);
  });

  it("uses the operator's limits once set; bad values keep the defaults", async () => {
    expect(limitsOf({ 0: { withdrawalDay: "12x" } })[0].withdrawalDay).toBe(DEFAULT_LIMITS[0].withdrawalDay);
    const before = await getVerificationSettings(t.db);
    await saveVerificationSettings(t.db, {
      ...before,
      limits: { ...before.limits, 0: { ...before.limits[0], withdrawalDay: 1_000n } },
    });
    const m = await member();
    const { uses } = await limitUsage(t.db, { userId: m, flow: "withdrawal" });
    expect(uses[0]?.limit).toBe(1_000n);
    await saveVerificationSettings(t.db, before);
  });
});

describe("tier rules", () => {
  it("tier 1 from details at once; a blocked country or a minor is refused and nothing changes", async () => {
    const m = await member();
    const settings = await getVerificationSettings(t.db);
    await saveVerificationSettings(t.db, { ...settings, blockedCountries: ["KP"] });
    const blocked = await submitDetails(t.db, m, form({ ...DETAILS, country: "KP" }));
    expect(blocked.errors?.country).toBe(verificationMessages.blocked);
    const minor = await submitDetails(
      t.db,
      m,
      form({ ...DETAILS, dateOfBirth: "2015-01-01" }),
      fakeClock(new Date("2026-11-26T00:00:00Z")),
    );
    expect(minor.errors?.dateOfBirth).toBe(verificationMessages.adult);
    const bad = await submitDetails(t.db, m, form({ ...DETAILS, country: "XX", fullName: "" }));
    expect(bad.errors).toMatchObject({
      country: verificationMessages.country,
      fullName: verificationMessages.fullName,
    });
    expect(await tierOf(t.db, m)).toBe(0);
    expect((await submitDetails(t.db, m, form(DETAILS))).ok).toBe(true);
    expect(await tierOf(t.db, m)).toBe(1);
    expect((await verificationView(t.db, m)).next).toBe("documents");
    await saveVerificationSettings(t.db, settings);
  });

  it("documents need tier 1 first, and only one request waits at a time", async () => {
    const m = await member();
    const files = { identity: { name: "id.png", bytes: png }, selfie: { name: "me.png", bytes: png } };
    expect((await submitDocuments(t.db, m, files)).errors?.form).toBe(verificationMessages.needTier1);
    await submitDetails(t.db, m, form(DETAILS));
    expect((await submitDocuments(t.db, m, files)).ok).toBe(true);
    expect((await submitDocuments(t.db, m, files)).errors?.form).toBe(verificationMessages.alreadyPending);
  });

  it("upload checks: a renamed executable, an oversized file and a polyglot are refused; nothing is stored", async () => {
    const m = await member();
    await submitDetails(t.db, m, form(DETAILS));
    const refused = await submitDocuments(t.db, m, {
      identity: { name: "passport.png", bytes: exe },
      selfie: { name: "selfie.png", bytes: polyglot },
    });
    expect(refused.errors).toEqual({ identity: attachmentMessages.type, selfie: attachmentMessages.mixed });
    const big = await submitDocuments(t.db, m, {
      identity: { name: "passport.png", bytes: oversized },
      selfie: { name: "selfie.png", bytes: png },
    });
    expect(big.errors).toEqual({ identity: attachmentMessages.tooLarge });
    const missing = await submitDocuments(t.db, m, { identity: null, selfie: { name: "s.png", bytes: png } });
    expect(missing.errors).toEqual({ identity: verificationMessages.identity });
    const stored = await t.db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, m));
    expect(stored).toHaveLength(0);
  });
});

describe("four eyes", () => {
  it("two different staff approve tier 2; the same one twice and the member themselves are refused; the member is e-mailed", async () => {
    const m = await member();
    const requestId = await toTier2Request(m);
    const own = await decideVerification(t.db, { adminId: m }, requestId, { intent: "approve" });
    expect(own).toEqual({ ok: false, status: 403, message: reviewMessages.own });
    const first = await decideVerification(t.db, { adminId: "staff-a" }, requestId, { intent: "approve" });
    expect(first).toEqual({ ok: true, message: reviewMessages.firstApproval });
    expect(await tierOf(t.db, m)).toBe(1);
    const again = await decideVerification(t.db, { adminId: "staff-a" }, requestId, { intent: "approve" });
    expect(again).toEqual({ ok: false, status: 403, message: reviewMessages.sameStaff });
    const second = await decideVerification(t.db, { adminId: "staff-b" }, requestId, { intent: "approve" });
    expect(second).toEqual({ ok: true, message: reviewMessages.approved });
    expect(await tierOf(t.db, m)).toBe(2);
    const changed = await submitDetails(t.db, m, form({ ...DETAILS, fullName: "Someone Else" }));
    expect(changed.errors?.form).toBe(verificationMessages.detailsLocked);
    const late = await decideVerification(t.db, { adminId: "staff-c" }, requestId, { intent: "approve" });
    expect(late).toEqual({ ok: false, status: 409, message: reviewMessages.decided });
    const mail = await mailTo(t.db, `${m}@example.test`);
    expect(mail.map((e) => e.subject)).toEqual(["Coinlens: your identity is verified (tier 2)"]);
    // The database refuses one staff member approving twice, whatever the code does.
    await expect(
      t.db.execute(
        sql`update verification_requests set status = 'approved', decided_by = first_approved_by where id = ${requestId}`,
      ),
    ).rejects.toMatchObject({ cause: { code: "23514" } });
  });

  it("a request sent back can be sent again; a rejection keeps the tier", async () => {
    const m = await member();
    const requestId = await toTier2Request(m);
    const back = await decideVerification(t.db, { adminId: "staff-a" }, requestId, {
      intent: "resubmit",
      reason: "The photo is blurred.",
    });
    expect(back.ok).toBe(true);
    const view = await verificationView(t.db, m);
    expect(view).toMatchObject({
      tier: 1,
      next: "documents",
      latest: { status: "resubmit", reason: "The photo is blurred." },
    });
    const sent = await submitDocuments(t.db, m, {
      identity: { name: "a.png", bytes: png },
      selfie: { name: "b.png", bytes: png },
    });
    expect(sent.ok).toBe(true);
  });

  it("a document is read only through documentForStaff, and each view is audited", async () => {
    const m = await member();
    const requestId = await toTier2Request(m);
    const [doc] = await t.db
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.requestId, requestId));
    const file = await documentForStaff(t.db, { adminId: "staff-a" }, doc?.id as bigint);
    expect(file?.bytes.equals(png)).toBe(true);
    const audits = await t.db.execute(
      sql`select count(*)::int as n from audit_log where event = 'admin-identity-document-viewed' and detail->>'documentId' = ${String(doc?.id)}`,
    );
    expect(
      (audits as unknown as { rows: { n: number }[] }).rows?.[0]?.n ??
        (audits as unknown as { n: number }[])[0]?.n,
    ).toBe(1);
    expect(await documentForStaff(t.db, { adminId: "staff-a" }, 987_654_321n)).toBeNull();
  });
});

describe("retention", () => {
  it("deletes the bytes of documents decided longer ago than the retention period; pending ones stay", async () => {
    const decided = await member();
    const pending = await member();
    const oldId = await toTier2Request(decided);
    await decideVerification(t.db, { adminId: "staff-a" }, oldId, {
      intent: "reject",
      reason: "Not a real document.",
    });
    await t.db
      .update(verificationRequests)
      .set({ decidedAt: sql`now() - interval '40 days'` })
      .where(eq(verificationRequests.id, oldId));
    const pendingId = await toTier2Request(pending);
    await t.db
      .update(verificationDocuments)
      .set({ createdAt: sql`now() - interval '400 days'` })
      .where(eq(verificationDocuments.requestId, pendingId));
    const settings = await getVerificationSettings(t.db);
    await saveVerificationSettings(t.db, { ...settings, retentionDays: 30 });
    const deleted = await runDocumentRetentionJob(t.db);
    expect(deleted.map((d) => d.requestId)).toEqual([oldId, oldId]);
    const docs = await t.db
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.requestId, oldId));
    expect(docs.every((d) => d.bytes === null && d.deletedAt !== null)).toBe(true);
    const kept = await t.db
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.requestId, pendingId));
    expect(kept.every((d) => d.bytes !== null)).toBe(true);
    expect(await runDocumentRetentionJob(t.db)).toEqual([]);
    await saveVerificationSettings(t.db, settings);
  });
});

describe.runIf(onPostgres)("PostgreSQL races", () => {
  it("two withdrawals racing near the 24 h limit: exactly one passes", async () => {
    for (let round = 0; round < 8; round++) {
      const m = await member(2_000_000n);
      await bankRequest(m, 200_000n); // $2,000 used, $3,000 left
      const settled = await Promise.allSettled([bankRequest(m, 200_000n), bankRequest(m, 200_000n)]);
      expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(1);
      const refused = settled.find((s) => s.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(LimitExceededError);
      const { uses } = await limitUsage(t.db, { userId: m, flow: "withdrawal" });
      expect(uses[0]?.used).toBe(400_000n);
    }
  });
});
