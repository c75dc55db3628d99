import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, users } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import {
  createReview,
  flagReview,
  listApprovedReviews,
  listModerationQueue,
  moderateReview,
  reviewReporterKey,
  seedSampleReviews,
  voteUseful,
} from "./reviews.server.ts";
import { parseReviewForm, reviewMessages } from "./schema.ts";

const t = setupTestDatabase();

async function member(id: string, role = "member") {
  await t.db.insert(users).values({ id, name: `Member ${id}`, email: `${id}@example.com`, role });
  return { id, name: `Member ${id}` };
}

const input = {
  rating: 4,
  title: "Useful research",
  body: "The reasoning behind each pick is clear and easy to check.",
  country: "FR",
  experiencedOn: "2026-01-10",
};

describe("member reviews", () => {
  it("validates rating, title, text, country and date with the messages shown next to the fields", () => {
    expect(parseReviewForm({ ...input, rating: "5", country: "fr" })).toMatchObject({
      ok: true,
      data: { rating: 5, country: "FR" },
    });
    expect(
      parseReviewForm({
        rating: "6",
        title: "",
        body: "short",
        country: "France",
        experiencedOn: "2999-01-01",
      }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        rating: reviewMessages.rating,
        title: reviewMessages.titleRequired,
        body: reviewMessages.bodyTooShort,
        country: reviewMessages.country,
        experiencedOn: reviewMessages.experiencedOn,
      },
    });
  });

  it("a review shows only after an admin approves it, with the member's review count", async () => {
    expect(await seedSampleReviews(t.db)).toBe(3);
    expect(await seedSampleReviews(t.db)).toBe(0);
    const author = await member("author");
    const admin = await member("admin", "admin");
    const { id } = await createReview(t.db, author, input);
    expect((await listApprovedReviews(t.db)).map((r) => r.id)).not.toContain(id);
    const queue = await listModerationQueue(t.db);
    expect(queue.map((r) => [r.id, r.status])).toEqual([[id, "pending"]]);

    expect(await moderateReview(t.db, id, { adminId: admin.id, ip: "198.51.100.4" }, "approve")).toEqual({
      ok: true,
      title: input.title,
    });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.event, "admin-review-approved"));
    expect(audit).toMatchObject({
      userId: admin.id,
      ip: "198.51.100.4",
      detail: { reviewId: id, title: input.title, author: "Member author" },
    });
    const shown = await listApprovedReviews(t.db);
    expect(shown[0]).toMatchObject({
      id,
      authorName: "Member author",
      authorReviewCount: 1,
      isSample: false,
    });
    expect(shown.filter((r) => r.isSample)).toHaveLength(3);
    expect(await listModerationQueue(t.db)).toEqual([]);
  });

  it("'Useful' counts one vote per member; the flag puts a review back in the queue", async () => {
    const a = await member("voter-a");
    const b = await member("voter-b");
    expect(await voteUseful(t.db, "sample-review-1", a.id)).toEqual({
      ok: true,
      counted: true,
      usefulCount: 1,
    });
    expect(await voteUseful(t.db, "sample-review-1", a.id)).toEqual({
      ok: true,
      counted: false,
      usefulCount: 1,
    });
    expect(await voteUseful(t.db, "sample-review-1", b.id)).toEqual({
      ok: true,
      counted: true,
      usefulCount: 2,
    });
    const seenByA = await listApprovedReviews(t.db, { viewerId: a.id });
    expect(seenByA.find((r) => r.id === "sample-review-1")).toMatchObject({
      usefulCount: 2,
      votedUseful: true,
    });
    expect(await voteUseful(t.db, "missing", a.id)).toEqual({ ok: false });

    await flagReview(t.db, "sample-review-2", `user:${a.id}`);
    await flagReview(t.db, "sample-review-2", `user:${a.id}`);
    await flagReview(t.db, "sample-review-2", "ip:abc");
    const queue = await listModerationQueue(t.db);
    expect(queue.map((r) => [r.id, r.flagCount])).toEqual([["sample-review-2", 2]]);

    // The card shows as reported to whoever reported it, and only to them.
    const reportedBy = async (reporterKey: string | null) =>
      (await listApprovedReviews(t.db, { reporterKey, limit: 10 }))
        .filter((r) => r.reportedByViewer)
        .map((r) => r.id);
    expect(await reportedBy(`user:${a.id}`)).toEqual(["sample-review-2"]);
    expect(await reportedBy("ip:abc")).toEqual(["sample-review-2"]);
    expect(await reportedBy(`user:${b.id}`)).toEqual([]);
    expect(await reportedBy(null)).toEqual([]);
  });
});

describe("reviewReporterKey", () => {
  it("keys a member by id and a visitor by a keyed hash that does not contain the address", () => {
    const secret = "s".repeat(32);
    expect(reviewReporterKey({ userId: "u1", ip: "203.0.113.9", secret })).toBe("user:u1");
    const visitor = reviewReporterKey({ userId: null, ip: "203.0.113.9", secret });
    expect(visitor).toMatch(/^ip:[0-9a-f]{32}$/);
    expect(visitor).not.toContain("203.0.113.9");
    expect(reviewReporterKey({ userId: null, ip: "203.0.113.9", secret })).toBe(visitor);
    expect(reviewReporterKey({ userId: null, ip: "203.0.113.10", secret })).not.toBe(visitor);
    expect(reviewReporterKey({ userId: null, ip: "203.0.113.9", secret: "t".repeat(32) })).not.toBe(visitor);
  });
});

describe("review card formatting", () => {
  it("shows initials and a relative age in whole days, months and years", async () => {
    const { initials, relativeAge } = await import("./format.ts");
    expect(initials("Amara Okafor")).toBe("AO");
    expect(initials("  grace  ")).toBe("G");
    expect(initials("Jean Paul Sartre")).toBe("JS");
    const now = new Date("2026-06-15T12:00:00Z");
    expect(relativeAge("2026-06-15T08:00:00Z", now)).toBe("Today");
    expect(relativeAge("2026-06-14T11:00:00Z", now)).toBe("1 day ago");
    expect(relativeAge("2026-06-09T12:00:00Z", now)).toBe("6 days ago");
    expect(relativeAge("2026-04-15T12:00:00Z", now)).toBe("2 months ago");
    expect(relativeAge("2024-06-01T12:00:00Z", now)).toBe("2 years ago");
  });
});
