// The Atom feed of free research (issue 18): /research/feed.atom, public. Premium pieces are left
// out entirely — not even their titles — so the feed is exactly "what anyone may read", and a
// reader's feed never fills with entries that open onto a paywall. Each entry carries the whole
// free body as escaped HTML (the same sanitised rendering as the article page).
import { and, desc, eq } from "drizzle-orm";
import { researchPieces, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { renderResearchHtml } from "./chart-data.server.ts";
import { KIND_LABELS } from "./reading.ts";

export const FEED_SIZE = 20;

/** XML 1.0 text: the five escapes, and characters XML cannot carry at all removed. */
export function xmlEscape(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing exactly those characters
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

export interface FeedOptions {
  /** PUBLIC_URL without a trailing slash: every address in the feed is absolute. */
  baseUrl: string;
  brandName: string;
  now?: Date;
}

/** The feed document: the newest free published pieces, newest first. */
export async function researchFeed(db: Db, options: FeedOptions): Promise<string> {
  const { baseUrl, brandName } = options;
  const now = options.now ?? new Date();
  const rows = await db
    .select({
      slug: researchPieces.slug,
      kind: researchPieces.kind,
      title: researchPieces.title,
      summary: researchPieces.summary,
      bodyMd: researchPieces.bodyMd,
      holdings: researchPieces.holdings,
      assets: researchPieces.assets,
      topics: researchPieces.topics,
      sample: researchPieces.sample,
      publishedAt: researchPieces.publishedAt,
      updatedAt: researchPieces.updatedAt,
      author: users.name,
    })
    .from(researchPieces)
    .innerJoin(users, eq(users.id, researchPieces.authorId))
    .where(and(eq(researchPieces.status, "published"), eq(researchPieces.premium, false)))
    .orderBy(desc(researchPieces.publishedAt))
    .limit(FEED_SIZE);
  const entries = await Promise.all(
    rows.map(async (row) => {
      const published = (row.publishedAt ?? now).toISOString();
      // A correction moves "updated"; nothing moves it before publishing.
      const updated = new Date(
        Math.max(row.updatedAt.getTime(), row.publishedAt?.getTime() ?? 0),
      ).toISOString();
      const url = `${baseUrl}/research/${encodeURIComponent(row.slug)}`;
      const html = `${await renderResearchHtml(db, row.bodyMd, now)}<p><em>${xmlEscape(row.holdings)}</em></p>`;
      const categories = [
        KIND_LABELS[row.kind],
        ...row.assets,
        ...row.topics,
        ...(row.sample ? ["Sample"] : []),
      ];
      return [
        "  <entry>",
        `    <id>${xmlEscape(url)}</id>`,
        `    <title type="text">${xmlEscape(row.sample ? `Sample: ${row.title}` : row.title)}</title>`,
        `    <link rel="alternate" type="text/html" href="${xmlEscape(url)}"/>`,
        `    <published>${published}</published>`,
        `    <updated>${updated}</updated>`,
        `    <author><name>${xmlEscape(row.author)}</name></author>`,
        ...categories.map((term) => `    <category term="${xmlEscape(term)}"/>`),
        `    <summary type="text">${xmlEscape(row.summary)}</summary>`,
        `    <content type="html">${xmlEscape(html)}</content>`,
        "  </entry>",
      ].join("\n");
    }),
  );
  const newest = rows.reduce(
    (max, r) => Math.max(max, r.updatedAt.getTime(), r.publishedAt?.getTime() ?? 0),
    0,
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlEscape(`${baseUrl}/research/feed.atom`)}</id>`,
    `  <title type="text">${xmlEscape(`${brandName} research`)}</title>`,
    `  <subtitle type="text">${xmlEscape(`Free research and market updates from the ${brandName} desk. Not financial advice.`)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlEscape(`${baseUrl}/research/feed.atom`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlEscape(`${baseUrl}/research`)}"/>`,
    `  <updated>${new Date(newest || now.getTime()).toISOString()}</updated>`,
    `  <generator>${xmlEscape(brandName)}</generator>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
