import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { researchComments } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { addMember } from "../../../tests/membership.ts";
import { fakeClock } from "../accounts/clock.ts";
import {
  commentsPerHour,
  editComment,
  hideComment,
  listComments,
  listReportedComments,
  postComment,
  readablePiece,
  reportComment,
} from "./comments.server.ts";
import { commentMessages } from "./rules.ts";

const t = setupTestDatabase();
const NOW = new Date("2026-11-26T12:00:00Z");
let n = 0;

/** A member whose account is `ageDays` old at NOW. */
async function member(tag: string, ageDays = 30) {
  const id = await addMember(t.db, `${tag}-${++n}`);
  await t.db.execute(
    sql`update users set created_at = ${new Date(NOW.getTime() - ageDays * 86_400_000)}, first_name = 'Ann', last_name = 'Smith' where id = ${id}`,
  );
  return id;
}

async function piece(premium = false) {
  const author = await member("analyst");
  const id = `piece-${++n}`;
  await t.db.execute(
    sql`insert into research_pieces (id, slug, kind, author_id, status, title, premium, published_at, version)
        values (${id}, ${id}, 'report', ${author}, 'published', 'A report', ${premium}, ${NOW}, 1)`,
  );
  return id;
}

const post = (pieceId: string, userId: string, body: string, parentId: bigint | null = null, at = NOW) =>
  postComment(t.db, { pieceId, userId, body, parentId, clock: fakeClock(at) });

describe("comments on research", () => {
  it("only members who can read the piece reach its comments: premium needs research:premium", async () => {
    const free = await piece(false);
    const premium = await piece(true);
    expect(await readablePiece(t.db, free, false)).toEqual({ id: free });
    expect(await readablePiece(t.db, premium, false)).toBeNull();
    expect(await readablePiece(t.db, premium, true)).toEqual({ id: premium });
    expect(await readablePiece(t.db, "no-such-piece", true)).toBeNull();
  });

  it("threads one level: a reply answers a comment, never a reply (the database refuses it too)", async () => {
    const pieceId = await piece();
    const ann = await member("thread-ann");
    const ben = await member("thread-ben");
    const top = await post(pieceId, ann, "Great read.");
    if (!top.ok) throw new Error(top.message);
    const reply = await post(pieceId, ben, "Agreed.", BigInt(top.commentId));
    if (!reply.ok) throw new Error(reply.message);
    expect(await post(pieceId, ann, "Deeper?", BigInt(reply.commentId))).toEqual({
      ok: false,
      field: "body",
      message: commentMessages.replyDepth,
    });
    // A reply to a comment on another piece is no reply here.
    const other = await piece();
    expect(await post(other, ann, "Cross-post", BigInt(top.commentId))).toMatchObject({
      ok: false,
      field: "form",
    });
    await expect(
      t.db
        .insert(researchComments)
        .values({ pieceId, authorId: ann, parentId: BigInt(reply.commentId), body: "x" }),
    ).rejects.toThrow();
    const tree = await listComments(t.db, pieceId, ben, NOW);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ body: "Great read.", mine: false, authorName: "Ann S." });
    expect(tree[0]?.replies.map((r) => [r.body, r.mine])).toEqual([["Agreed.", true]]);
  });

  it("the author edits within 15 minutes, not after, and nobody else ever", async () => {
    const pieceId = await piece();
    const ann = await member("edit-ann");
    const ben = await member("edit-ben");
    const c = await post(pieceId, ann, "First thought.");
    if (!c.ok) throw new Error(c.message);
    const id = BigInt(c.commentId);
    const at = (minutes: number) => fakeClock(new Date(NOW.getTime() + minutes * 60_000));
    expect(
      await editComment(t.db, { pieceId, commentId: id, userId: ben, body: "Mine now", clock: at(1) }),
    ).toMatchObject({
      ok: false,
      field: "form",
    });
    expect(
      (
        await editComment(t.db, {
          pieceId,
          commentId: id,
          userId: ann,
          body: "Second thought.",
          clock: at(14),
        })
      ).ok,
    ).toBe(true);
    expect(
      await editComment(t.db, { pieceId, commentId: id, userId: ann, body: "Too late.", clock: at(16) }),
    ).toEqual({
      ok: false,
      field: "body",
      message: commentMessages.editWindow,
    });
    const [row] = await t.db.select().from(researchComments).where(eq(researchComments.id, id));
    expect(row?.body).toBe("Second thought.");
    expect(row?.editedAt).not.toBeNull();
    const [view] = await listComments(t.db, pieceId, ann, new Date(NOW.getTime() + 16 * 60_000));
    expect(view).toMatchObject({ edited: true, canEdit: false });
  });

  it("a member younger than 7 days posts no links (said beside the field); an older one may", async () => {
    const pieceId = await piece();
    const fresh = await member("links-new", 6);
    const settled = await member("links-old", 8);
    for (const body of [
      "see https://evil.example",
      "join t.me/pumpgroup",
      "www.scam.test now",
      "coinlens-airdrop.xyz",
    ]) {
      expect(await post(pieceId, fresh, body)).toEqual({
        ok: false,
        field: "body",
        message: commentMessages.links,
      });
    }
    expect(commentMessages.links).toMatch(/7 days old/);
    expect((await post(pieceId, fresh, "No links here, 3.5% yield is fine.")).ok).toBe(true);
    expect((await post(pieceId, settled, "Source: https://example.org/report")).ok).toBe(true);
  });

  it("a member is rate-limited: the 21st comment in an hour is refused and nothing is saved", async () => {
    const pieceId = await piece();
    const ann = await member("rate-ann");
    for (let i = 0; i < commentsPerHour.limit; i++)
      expect((await post(pieceId, ann, `Comment ${i}`)).ok).toBe(true);
    expect(await post(pieceId, ann, "One too many")).toEqual({
      ok: false,
      field: "body",
      message: commentMessages.rate,
    });
    const rows = await t.db.select().from(researchComments).where(eq(researchComments.pieceId, pieceId));
    expect(rows).toHaveLength(commentsPerHour.limit);
    // Another member is not affected.
    expect((await post(pieceId, await member("rate-ben"), "Hello")).ok).toBe(true);
  });

  it("a moderator hides with a reason everyone reads in its place; the words are not sent; reports once each", async () => {
    const pieceId = await piece();
    const ann = await member("hide-ann");
    const ben = await member("hide-ben");
    const mod = await member("hide-mod");
    const c = await post(pieceId, ann, "Buy my coin at a discount");
    if (!c.ok) throw new Error(c.message);
    const id = BigInt(c.commentId);
    const clock = fakeClock(NOW);
    expect(
      await reportComment(t.db, { pieceId, commentId: id, userId: ann, reason: "spam", clock }),
    ).toMatchObject({
      ok: false,
      message: commentMessages.reportOwn,
    });
    expect(
      (await reportComment(t.db, { pieceId, commentId: id, userId: ben, reason: "scam", clock })).ok,
    ).toBe(true);
    expect(
      (await reportComment(t.db, { pieceId, commentId: id, userId: ben, reason: "spam", clock })).ok,
    ).toBe(true);
    const reports = await t.db.execute(
      sql`select count(*)::int as c from research_comment_reports where comment_id = ${id}`,
    );
    expect((reports as unknown as { rows: { c: number }[] }).rows[0]?.c).toBe(1);

    expect((await listReportedComments(t.db)).find((r) => r.id === c.commentId)).toMatchObject({
      reports: 1,
      reasons: ["scam"],
      body: "Buy my coin at a discount",
    });
    const audit = { clock };
    expect((await hideComment(t.db, { commentId: id, staffId: mod, reason: "Advertising", audit })).ok).toBe(
      true,
    );
    expect((await hideComment(t.db, { commentId: id, staffId: mod, reason: "Again", audit })).ok).toBe(false);
    expect((await listReportedComments(t.db)).find((r) => r.id === c.commentId)).toBeUndefined();
    for (const viewer of [ann, ben]) {
      const [view] = await listComments(t.db, pieceId, viewer, NOW);
      expect(view).toMatchObject({ body: null, hiddenReason: "Advertising", canEdit: false });
    }
    expect(
      await editComment(t.db, { pieceId, commentId: id, userId: ann, body: "Changed", clock }),
    ).toMatchObject({
      ok: false,
      message: commentMessages.hidden,
    });
    expect(await post(pieceId, ben, "Reply to hidden", id)).toMatchObject({
      ok: false,
      message: commentMessages.replyHidden,
    });
    const audited = await t.db.execute(
      sql`select count(*)::int as c from audit_log where user_id = ${mod} and event = 'admin-comment-hidden'`,
    );
    expect((audited as unknown as { rows: { c: number }[] }).rows[0]?.c).toBe(1);
  });
});
