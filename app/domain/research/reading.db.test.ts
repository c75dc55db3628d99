import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { researchPieces, researchVersions } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { addMember, setPrices } from "../../../tests/membership.ts";
import { researchFeed } from "./feed.server.ts";
import { getMarketDirection } from "./market-direction.server.ts";
import {
  getArticle,
  latestFreePiece,
  listResearch,
  relatedPieces,
  researchFacets,
} from "./reading.server.ts";
import { HIGHLIGHT_START, type PieceSummary } from "./reading.ts";
import { SAMPLE_ANALYST_ID } from "./sample-picks.server.ts";
import { seedSampleResearch } from "./sample-research.server.ts";

// Reading research on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): what a
// member can find and read, and what never reaches them — drafts, pieces in review or scheduled,
// and the body of a premium piece without Premium.
const t = setupTestDatabase();
const free = { canReadPremium: false };
const premium = { canReadPremium: true };
const now = new Date();

const PREMIUM_SECRET = "The validator exit queue tells us who is leaving staking";
const slugs = (items: PieceSummary[]) => items.map((i) => i.slug);
const marked = (segments: { text: string; mark: boolean }[] = []) =>
  segments.filter((s) => s.mark).map((s) => s.text.toLowerCase());

async function piece(
  id: string,
  status: "draft" | "in_review" | "scheduled" | "published",
  fields: Partial<typeof researchPieces.$inferInsert> = {},
) {
  const published = status === "published";
  await t.db.insert(researchPieces).values({
    id,
    slug: id,
    kind: "report",
    authorId: fields.authorId ?? SAMPLE_ANALYST_ID,
    status,
    title: `Piece ${id}`,
    summary: `Summary of ${id}.`,
    bodyMd: "Opening paragraph.\n\nThe rest.",
    holdings: "The author holds none of the assets mentioned.",
    publishedAt: published ? (fields.publishedAt ?? now) : null,
    publishAt: status === "scheduled" ? new Date(now.getTime() + 86_400_000) : null,
    version: published ? 1 : 0,
    ...fields,
  });
  if (published) {
    await t.db.insert(researchVersions).values({
      pieceId: id,
      version: 1,
      title: `Piece ${id}`,
      summary: "",
      bodyMd: fields.bodyMd ?? "",
      holdings: "x",
      editorId: fields.authorId ?? SAMPLE_ANALYST_ID,
    });
  }
}

describe("reading research", () => {
  it("seeds the sample research once: reports and updates published at version 1 (one corrected), stances", async () => {
    await setPrices(t.db, now);
    expect(await seedSampleResearch(t.db, now)).toBe(4 + 3 + 6);
    expect(await seedSampleResearch(t.db, now)).toBe(0);
    const all = await listResearch(t.db, {}, premium);
    expect(all.total).toBe(7);
    expect(all.items.every((i) => i.sample && i.author.name === "Maya Chen (sample analyst)")).toBe(true);
    // Newest first.
    const dates = all.items.map((i) => i.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const reports = await listResearch(t.db, { kind: "report" }, premium);
    expect(reports.items.filter((i) => i.premium)).toHaveLength(2);
    expect(reports.items.filter((i) => !i.premium)).toHaveLength(2);

    const corrected = await getArticle(t.db, "sample-solana-and-bnb-altcoin-activity", free);
    expect(corrected?.piece.version).toBe(2);
    expect(corrected?.corrections).toEqual([
      expect.objectContaining({ version: 2, note: expect.stringContaining("new programs deployed") }),
    ]);
    expect(corrected?.bodyHtml).toContain("<table>");
    expect(corrected?.bodyHtml).toContain('role="img"');

    const direction = await getMarketDirection(t.db);
    expect(direction.current.map((c) => `${c.horizon} ${c.entry?.stance}`)).toEqual([
      "short neutral",
      "medium bullish",
      "long bullish",
    ]);
    expect(direction.timeline).toHaveLength(6);
    expect(direction.timeline[0]?.horizon).toBe("short");
    expect(direction.sample).toBe(true);
  });

  it("search finds a report by a word only in its body, ranks title matches first, and marks the words", async () => {
    const lindy = await listResearch(t.db, { q: "Lindy" }, free);
    expect(slugs(lindy.items)).toEqual(["sample-bitcoin-after-the-halving"]);
    expect(lindy.total).toBe(1);
    expect(marked(lindy.items[0]?.highlight?.snippet)).toEqual(["lindy"]);
    // The snippet is plain words: no Markdown, no markers left in the text.
    const snippet = lindy.items[0]?.highlight?.snippet.map((s) => s.text).join("") ?? "";
    expect(snippet).not.toMatch(/[#|*]|\{\{/);
    expect(snippet).not.toContain(HIGHLIGHT_START);

    // A word in one title and in other bodies: the title's piece first (weight A over C).
    const ranked = await listResearch(t.db, { q: "stablecoins" }, premium);
    expect(ranked.items[0]?.slug).toBe("sample-stablecoins-on-tron");
    expect(marked(ranked.items[0]?.highlight?.title)).toEqual(["stablecoins"]);
    expect(ranked.total).toBeGreaterThan(1);

    // Web-search syntax: quoted phrases and exclusions.
    expect(slugs((await listResearch(t.db, { q: '"fee burn" -solana' }, premium)).items)).toEqual([
      "sample-ether-fee-burn-and-staking",
    ]);
    expect((await listResearch(t.db, { q: '"fee burn" -ether' }, premium)).total).toBe(0);
    expect((await listResearch(t.db, { q: "nonexistentword" }, premium)).total).toBe(0);
    // Filters combine with search.
    expect((await listResearch(t.db, { q: "Lindy", kind: "update" }, premium)).total).toBe(0);
  });

  it("filters by kind, asset, topic and analyst; facets list what is published", async () => {
    expect(slugs((await listResearch(t.db, { asset: "TRX" }, free)).items)).toEqual([
      "sample-stablecoins-on-tron",
    ]);
    expect(slugs((await listResearch(t.db, { topic: "altcoins" }, free)).items)).toEqual([
      "sample-solana-and-bnb-altcoin-activity",
    ]);
    expect((await listResearch(t.db, { kind: "update" }, free)).total).toBe(3);
    expect((await listResearch(t.db, { analyst: SAMPLE_ANALYST_ID }, free)).total).toBe(7);
    expect((await listResearch(t.db, { analyst: "nobody" }, free)).total).toBe(0);
    const facets = await researchFacets(t.db);
    expect(facets.assets).toEqual(["BNB", "BTC", "ETH", "SOL", "TRX", "USDT"]);
    expect(facets.topics).toContain("defi");
    expect(facets.analysts).toEqual([{ id: SAMPLE_ANALYST_ID, name: "Maya Chen (sample analyst)" }]);
  });

  it("drafts, pieces in review and scheduled pieces are never returned, by any way in", async () => {
    const ada = await addMember(t.db, "ada-reading");
    for (const status of ["draft", "in_review", "scheduled"] as const) {
      await piece(`hidden-${status}`, status, {
        authorId: ada,
        bodyMd: "Zanzibarian secret draft text.",
        assets: ["BTC", "ZZZ"],
        topics: ["macro", "hiddentopic"],
      });
    }
    expect((await listResearch(t.db, { q: "Zanzibarian" }, premium)).total).toBe(0);
    expect((await listResearch(t.db, { asset: "ZZZ" }, premium)).total).toBe(0);
    expect((await listResearch(t.db, {}, premium)).total).toBe(7);
    for (const status of ["draft", "in_review", "scheduled"])
      expect(await getArticle(t.db, `hidden-${status}`, premium)).toBeNull();
    const facets = await researchFacets(t.db);
    expect(facets.assets).not.toContain("ZZZ");
    expect(facets.topics).not.toContain("hiddentopic");
    expect(facets.analysts.map((a) => a.id)).not.toContain(ada);
    const related = await relatedPieces(
      t.db,
      { id: "x", assets: ["ZZZ", "BTC"], topics: ["hiddentopic"] },
      50,
    );
    expect(related.map((r) => r.slug).filter((s) => s.startsWith("hidden"))).toEqual([]);
    expect(await latestFreePiece(t.db, ["report"])).toMatchObject({
      slug: "sample-solana-and-bnb-altcoin-activity",
    });
    const feed = await researchFeed(t.db, {
      baseUrl: "https://coinlens.example",
      brandName: "Coinlens",
      now,
    });
    expect(feed).not.toContain("Zanzibarian");
  });

  it("a premium body never reaches a reader without Premium: not in the article, not in a search snippet", async () => {
    const locked = await getArticle(t.db, "sample-ether-fee-burn-and-staking", free);
    expect(locked?.locked).toBe(true);
    expect(locked?.bodyHtml).toContain("Ether's supply is not fixed");
    const everything = JSON.stringify(locked);
    expect(everything).not.toContain(PREMIUM_SECRET);
    expect(everything).not.toContain("fee burn</h3>");
    expect(everything).not.toContain("layer-2");

    const open = await getArticle(t.db, "sample-ether-fee-burn-and-staking", premium);
    expect(open?.locked).toBe(false);
    expect(open?.bodyHtml).toContain(PREMIUM_SECRET);

    // Searching a word only in the premium body finds the piece, but its passage is the summary.
    const found = await listResearch(t.db, { q: "validator exit queue" }, free);
    expect(slugs(found.items)).toEqual(["sample-ether-fee-burn-and-staking"]);
    const passage = found.items[0]?.highlight?.snippet.map((s) => s.text).join("") ?? "";
    expect(passage).not.toContain("validator");
    expect(JSON.stringify(found)).not.toContain("validator exit");
    const asPremium = await listResearch(t.db, { q: "validator exit queue" }, premium);
    expect(marked(asPremium.items[0]?.highlight?.snippet)).toContain("validator");
  });

  it("a second member's view is the same shared content, whatever was read before it", async () => {
    const slug = "sample-ether-fee-burn-and-staking";
    const first = await getArticle(t.db, slug, { ...free, now });
    await getArticle(t.db, slug, { ...premium, now });
    const second = await getArticle(t.db, slug, { ...free, now });
    expect(second).toEqual(first);
    const a = await getArticle(t.db, slug, { ...premium, now });
    const b = await getArticle(t.db, slug, { ...premium, now });
    expect(b).toEqual(a);
    expect(JSON.stringify(first)).not.toContain(HIGHLIGHT_START);
  });

  it("an article has its author, reading time, holdings and related pieces sharing an asset or topic, not itself", async () => {
    const article = await getArticle(t.db, "sample-bitcoin-after-the-halving", free);
    expect(article?.piece.author).toEqual({ id: SAMPLE_ANALYST_ID, name: "Maya Chen (sample analyst)" });
    expect(article?.piece.holdings).toBe("The author holds BTC.");
    expect(article?.piece.readingMinutes).toBe(2);
    expect(article?.corrections).toEqual([]);
    const related = slugs(article?.related ?? []);
    expect(related).not.toContain("sample-bitcoin-after-the-halving");
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(3);
    for (const r of article?.related ?? [])
      expect(r.assets.includes("BTC") || r.topics.some((x) => ["macro", "on-chain"].includes(x))).toBe(true);
  });

  it("the Atom feed is valid XML with free pieces only, their bodies escaped", async () => {
    await piece("free-hostile", "published", {
      title: 'A <b>"quoted"</b> & odd title',
      bodyMd: "<script>alert(1)</script>\n\nBody & text \u0001 with a control character.",
      premium: false,
    });
    const feed = await researchFeed(t.db, {
      baseUrl: "https://coinlens.example",
      brandName: "Coinlens",
      now,
    });
    expect(XMLValidator.validate(feed)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(feed) as {
      feed: { entry: { title: { "#text": string }; content: { "#text": string } }[] };
    };
    const titles = parsed.feed.entry.map((e) => e.title["#text"]);
    expect(titles).toContain('A <b>"quoted"</b> & odd title');
    expect(titles.some((x) => x.includes("Ether's fee burn") || x.includes("Stablecoins on TRON"))).toBe(
      false,
    );
    // The four free sample pieces and this one; none of the three premium ones.
    expect(titles).toHaveLength(5);
    const hostile = parsed.feed.entry.find((e) => e.title["#text"].startsWith("A <b>"));
    expect(hostile?.content["#text"]).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(feed).not.toContain(PREMIUM_SECRET);
  });
});
