import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  outbox,
  researchPicks,
  researchPieces,
  researchVersions,
  tradingSetupEvents,
  tradingSetups,
} from "../../../db/schema/index.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { addMember, setPrices } from "../../../tests/membership.ts";
import { correct } from "./corrections.server.ts";
import { follow, queueWeeklyDigests, verifyUnsubscribe } from "./follows.server.ts";
import { approve, createDraft, publishDue, saveDraft, sendBack, submitForReview } from "./studio.server.ts";
import { studioMessages } from "./studio-rules.ts";

// The studio's workflow (ADR 0073): draft → in review → published or scheduled, by another
// analyst; a pick is priced by the feed at publishing; followers hear once; corrections are
// versions. A second author's drafts stay theirs.
const t = setupTestDatabase();

async function analyst(tag: string) {
  const id = await addMember(t.db, tag);
  await t.db.execute(sql`update users set role = 'analyst' where id = ${id}`);
  return { id, role: "analyst" };
}

async function priceSol(now: Date, price = "150.25") {
  await setPrices(t.db, now, { BTC: "100000" });
  await t.db.execute(
    sql`update market_quotes set price_usd = ${price}, last_updated = ${now} where symbol = 'SOL'`,
  );
}

const pickDraft = {
  title: "Solana into the upgrade",
  summary: "Throughput and fees keep users arriving.",
  body: "## Why\n\nThe **upgrade** lands in December. Validators are ready.",
  premium: true,
  holdings: "The author holds none of the assets mentioned.",
  assets: ["SOL"],
  topics: ["layer-1"],
};

async function pickInReview(author: { id: string; role: string }) {
  const id = await createDraft(t.db, { author, kind: "pick" });
  const saved = await saveDraft(t.db, {
    pieceId: id,
    author,
    draft: pickDraft,
    details: { asset: "SOL", risk: "high", horizon: "medium", held: "none" },
  });
  expect(saved).toEqual({ ok: true, id });
  expect(await submitForReview(t.db, { pieceId: id, author })).toEqual({ ok: true, id });
  return id;
}

describe("research studio", () => {
  it("a pick written by one analyst, approved by another, publishes with the feed's price; followers are e-mailed once", async () => {
    const maya = await analyst("studio-maya");
    const ravi = await analyst("studio-ravi");
    const reader = await addMember(t.db, "studio-reader");
    const other = await addMember(t.db, "studio-other");
    await follow(t.db, reader, "asset", "SOL");
    await follow(t.db, reader, "analyst", maya.id);
    await follow(t.db, other, "asset", "BTC");
    const id = await pickInReview(maya);

    // The author never approves their own piece.
    expect(await approve(t.db, { pieceId: id, reviewer: maya, staleSeconds: 600 })).toMatchObject({
      ok: false,
      status: 403,
      message: studioMessages.ownPiece,
    });
    // No fresh price: publishing refuses and changes nothing.
    const stale = new Date(Date.now() - 3_600_000);
    await priceSol(stale);
    expect(await approve(t.db, { pieceId: id, reviewer: ravi, staleSeconds: 600 })).toMatchObject({
      ok: false,
      status: 503,
    });
    const [still] = await t.db.select().from(researchPieces).where(eq(researchPieces.id, id));
    expect(still).toMatchObject({ status: "in_review", pickId: null, version: 0 });
    // …nor queues any e-mail: the followers' messages are in the publishing transaction.
    const queuedEarly = (await t.db.select({ key: outbox.messageKey }).from(outbox)).map((r) => r.key);
    expect(queuedEarly.filter((k) => k.startsWith(`research:${id}:`))).toEqual([]);

    const now = new Date();
    await priceSol(now, "151.50");
    expect(await approve(t.db, { pieceId: id, reviewer: ravi, now, staleSeconds: 600 })).toEqual({
      ok: true,
      id,
      status: "published",
    });
    // A second click publishes nothing more.
    expect(await approve(t.db, { pieceId: id, reviewer: ravi, now, staleSeconds: 600 })).toMatchObject({
      status: 409,
    });
    const [piece] = await t.db.select().from(researchPieces).where(eq(researchPieces.id, id));
    expect(piece).toMatchObject({ status: "published", version: 1, reviewerId: ravi.id });
    const [pick] = await t.db
      .select()
      .from(researchPicks)
      .where(eq(researchPicks.id, piece?.pickId ?? ""));
    expect(Number(pick?.entryPrice)).toBe(151.5);
    expect(pick).toMatchObject({ analystId: maya.id, asset: "SOL", risk: "high", horizon: "medium" });
    const versions = await t.db.select().from(researchVersions).where(eq(researchVersions.pieceId, id));
    expect(versions).toHaveLength(1);

    // The reader follows SOL and Maya: one e-mail; the member following BTC gets none.
    const keys = (await t.db.select({ key: outbox.messageKey }).from(outbox)).map((r) => r.key);
    expect(keys.filter((k) => k.startsWith(`research:${id}:`))).toEqual([
      `research:${id}:follower:${reader}`,
    ]);
  });

  it("a setup is checked before review and opens on the board at the feed's price when published", async () => {
    const maya = await analyst("studio-maya6");
    const ravi = await analyst("studio-ravi6");
    const id = await createDraft(t.db, { author: maya, kind: "setup" });
    const levels = {
      asset: "SOL",
      side: "long",
      entryLow: "140",
      entryHigh: "145",
      stop: "150",
      target1: "160",
      timeframe: "4h",
      expiryDays: "14",
      held: "none",
    };
    await saveDraft(t.db, {
      pieceId: id,
      author: maya,
      draft: { ...pickDraft, premium: false },
      details: levels,
    });
    // A long's stop above its entry zone: named beside the stop field, and nothing moves.
    const refused = await submitForReview(t.db, { pieceId: id, author: maya });
    expect(refused).toMatchObject({ ok: false, status: 400 });
    expect(refused.ok ? {} : refused.fields).toHaveProperty("setup.stop");
    await saveDraft(t.db, {
      pieceId: id,
      author: maya,
      draft: { ...pickDraft, premium: false },
      details: { ...levels, stop: "130" },
    });
    expect(await submitForReview(t.db, { pieceId: id, author: maya })).toMatchObject({ ok: true });
    const now = new Date();
    await priceSol(now, "152.40");
    expect(await approve(t.db, { pieceId: id, reviewer: ravi, now, staleSeconds: 600 })).toMatchObject({
      ok: true,
      status: "published",
    });
    const [piece] = await t.db.select().from(researchPieces).where(eq(researchPieces.id, id));
    const [setup] = await t.db
      .select()
      .from(tradingSetups)
      .where(eq(tradingSetups.id, piece?.setupId ?? ""));
    expect(setup).toMatchObject({ asset: "SOL", side: "long", status: "waiting", pieceId: id });
    expect(Number(setup?.publishedPrice)).toBe(152.4);
    expect(setup?.targets.map(Number)).toEqual([160]);
    const events = await t.db
      .select()
      .from(tradingSetupEvents)
      .where(eq(tradingSetupEvents.setupId, setup?.id ?? ""));
    expect(events.map((e) => e.status)).toEqual(["waiting"]);
  });

  it("drafts belong to their author; sending back needs a note; review needs every field and the disclosure", async () => {
    const maya = await analyst("studio-maya2");
    const ravi = await analyst("studio-ravi2");
    const id = await createDraft(t.db, { author: maya, kind: "report" });
    expect(
      await saveDraft(t.db, {
        pieceId: id,
        author: ravi,
        draft: { ...pickDraft, holdings: "" },
        details: {},
      }),
    ).toMatchObject({ ok: false, status: 403 });
    await saveDraft(t.db, {
      pieceId: id,
      author: maya,
      draft: { ...pickDraft, holdings: "", summary: "" },
      details: {},
    });
    const incomplete = await submitForReview(t.db, { pieceId: id, author: maya });
    expect(incomplete).toMatchObject({
      ok: false,
      status: 400,
      fields: { summary: studioMessages.summaryRequired, holdings: studioMessages.holdingsRequired },
    });
    await saveDraft(t.db, { pieceId: id, author: maya, draft: pickDraft, details: {} });
    expect(await submitForReview(t.db, { pieceId: id, author: maya })).toMatchObject({ ok: true });
    // In review, the author cannot change it.
    expect(await saveDraft(t.db, { pieceId: id, author: maya, draft: pickDraft, details: {} })).toMatchObject(
      {
        status: 409,
      },
    );
    expect(await sendBack(t.db, { pieceId: id, reviewer: ravi, note: "  " })).toMatchObject({ status: 400 });
    expect(
      await sendBack(t.db, { pieceId: id, reviewer: ravi, note: "Add a source for the table." }),
    ).toMatchObject({
      ok: true,
    });
    const [back] = await t.db.select().from(researchPieces).where(eq(researchPieces.id, id));
    expect(back).toMatchObject({ status: "draft", reviewNote: "Add a source for the table." });
  });

  it("a scheduled piece publishes when its time comes, once, even with two jobs at once", async () => {
    const maya = await analyst("studio-maya3");
    const ravi = await analyst("studio-ravi3");
    const id = await createDraft(t.db, { author: maya, kind: "report" });
    await saveDraft(t.db, {
      pieceId: id,
      author: maya,
      draft: { ...pickDraft, premium: false },
      details: {},
    });
    await submitForReview(t.db, { pieceId: id, author: maya });
    const now = new Date();
    expect(
      await approve(t.db, {
        pieceId: id,
        reviewer: ravi,
        publishAt: new Date(now.getTime() - 1000),
        now,
        staleSeconds: 600,
      }),
    ).toMatchObject({ ok: false, status: 400 });
    const at = new Date(now.getTime() + 60_000);
    expect(
      await approve(t.db, { pieceId: id, reviewer: ravi, publishAt: at, now, staleSeconds: 600 }),
    ).toMatchObject({
      ok: true,
      status: "scheduled",
    });
    expect(await publishDue(t.db, { now, staleSeconds: 600 })).toEqual([]);
    const later = new Date(at.getTime() + 1000);
    // PGlite runs one transaction at a time; PostgreSQL runs the two jobs truly at once.
    const runs = onPostgres
      ? await Promise.all([
          publishDue(t.db, { now: later, staleSeconds: 600 }),
          publishDue(t.db, { now: later, staleSeconds: 600 }),
        ])
      : [
          await publishDue(t.db, { now: later, staleSeconds: 600 }),
          await publishDue(t.db, { now: later, staleSeconds: 600 }),
        ];
    expect(runs.flat().filter((p) => p === id)).toHaveLength(1);
    const versions = await t.db.select().from(researchVersions).where(eq(researchVersions.pieceId, id));
    expect(versions).toHaveLength(1);
  });

  it("a correction is a new version with its note; the versions are history the database keeps", async () => {
    const maya = await analyst("studio-maya4");
    const ravi = await analyst("studio-ravi4");
    const id = await createDraft(t.db, { author: maya, kind: "update" });
    await saveDraft(t.db, {
      pieceId: id,
      author: maya,
      draft: { ...pickDraft, premium: false },
      details: {},
    });
    await submitForReview(t.db, { pieceId: id, author: maya });
    await approve(t.db, { pieceId: id, reviewer: ravi, staleSeconds: 600 });
    const input = {
      pieceId: id,
      title: pickDraft.title,
      summary: pickDraft.summary,
      body: `${pickDraft.body}\n\nThe upgrade moved to January.`,
      holdings: pickDraft.holdings,
    };
    expect(await correct(t.db, { ...input, editor: maya, changeNote: "" })).toMatchObject({
      ok: false,
      fields: { changeNote: studioMessages.changeNoteRequired },
    });
    expect(await correct(t.db, { ...input, editor: ravi, changeNote: "Date" })).toMatchObject({
      status: 403,
    });
    expect(await correct(t.db, { ...input, editor: maya, changeNote: "The upgrade's date moved" })).toEqual({
      ok: true,
      id,
      version: 2,
    });
    const versions = await t.db.select().from(researchVersions).where(eq(researchVersions.pieceId, id));
    expect(versions.map((v) => [v.version, v.changeNote])).toEqual([
      [1, null],
      [2, "The upgrade's date moved"],
    ]);
    const refused = await t.db.execute(sql`delete from research_versions where piece_id = ${id}`).then(
      () => "deleted",
      (e: { cause?: { message?: string }; message?: string }) => e.cause?.message ?? e.message ?? "",
    );
    expect(refused).toContain("history");
  });

  it("the weekly digest lists last week's research on what a member follows, once; unsubscribe links are signed", async () => {
    const maya = await analyst("studio-maya5");
    const reader = await addMember(t.db, "studio-digest");
    await follow(t.db, reader, "analyst", maya.id);
    const lastWeek = new Date("2026-11-18T10:00:00Z");
    await t.db.insert(researchPieces).values({
      id: "digest-piece",
      slug: "digest-piece",
      kind: "report",
      authorId: maya.id,
      status: "published",
      title: "A week in markets",
      summary: "s",
      publishedAt: lastWeek,
      version: 1,
    });
    const monday = new Date("2026-11-23T09:00:00Z");
    expect(await queueWeeklyDigests(t.db, monday)).toBeGreaterThanOrEqual(1);
    expect(await queueWeeklyDigests(t.db, new Date("2026-11-25T09:00:00Z"))).toBe(0);
    const keys = (await t.db.select({ key: outbox.messageKey }).from(outbox)).map((r) => r.key);
    expect(keys).toContain(`research-digest:2026-W47:${reader}`);

    const params = new URLSearchParams({ u: reader, k: "analyst", t: maya.id, s: "forged" });
    expect(verifyUnsubscribe(params, "secret")).toBeNull();
  });
});
