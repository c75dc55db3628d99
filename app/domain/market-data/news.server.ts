import { XMLParser } from "fast-xml-parser";
import type { NewsFeed } from "./feeds.ts";
import { type FetchLike, fetchText, ProviderError, RateLimitedError } from "./http.server.ts";
import type { NewsProvider } from "./providers.ts";
import { tagMentions } from "./tags.ts";
import type { NewsItem } from "./types.ts";

export { defaultNewsFeeds, parseFeedList } from "./feeds.ts";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  textNodeName: "#text",
  // Feeds are untrusted input: no entity expansion beyond the XML built-ins.
  processEntities: true,
  htmlEntities: true,
});

function text(value: unknown): string {
  if (value == null) return "";
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === "object") return text((value as Record<string, unknown>)["#text"]);
  return "";
}

const namedEntities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Plain text from an HTML fragment (descriptions are HTML inside CDATA). React escapes it again on output. */
function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === "#") {
        const code =
          name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : " ";
      }
      return namedEntities[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** Canonical form used to deduplicate: https, no fragment, no tracking parameters, no trailing slash. */
export function canonicalUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  url.protocol = "https:";
  url.hash = "";
  for (const key of [...url.searchParams.keys()])
    if (/^utm_|^(ref|source|mod)$/i.test(key)) url.searchParams.delete(key);
  url.hostname = url.hostname.toLowerCase();
  const result = url.toString();
  return result.endsWith("/") && url.pathname !== "/" && !url.search ? result.slice(0, -1) : result;
}

function atomLink(link: unknown): string {
  const links = Array.isArray(link) ? link : [link];
  for (const l of links) {
    if (typeof l === "string") return l;
    const rel = (l as Record<string, unknown>)?.["@rel"];
    if (!rel || rel === "alternate") return text((l as Record<string, unknown>)["@href"]);
  }
  return "";
}

/** Parses an RSS 2.0 or Atom document into news items (without deduplication across feeds). */
export function parseFeed(xml: string, sourceName: string): NewsItem[] {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw new ProviderError(`${sourceName} feed is not valid XML`);
  }
  const rss = doc.rss as { channel?: { item?: unknown } } | undefined;
  const feed = doc.feed as { entry?: unknown } | undefined;
  if (!rss?.channel && !feed) throw new ProviderError(`${sourceName} feed is neither RSS nor Atom`);
  const raw = rss?.channel ? rss.channel.item : feed?.entry;
  const entries = (Array.isArray(raw) ? raw : raw ? [raw] : []) as Record<string, unknown>[];
  const items: NewsItem[] = [];
  for (const entry of entries) {
    const title = stripHtml(text(entry.title));
    const link = rss ? text(entry.link) || text(entry.guid) : atomLink(entry.link);
    const url = canonicalUrl(link);
    const dateText =
      text(entry.pubDate) || text(entry.published) || text(entry.updated) || text(entry["dc:date"]);
    const published = Date.parse(dateText);
    if (!title || !url || Number.isNaN(published)) continue;
    const summaryText = stripHtml(text(entry.description) || text(entry.summary) || text(entry.content));
    const summary = summaryText ? summaryText.slice(0, 400) : null;
    items.push({
      url,
      title,
      source: sourceName,
      publishedAt: new Date(published).toISOString(),
      summary,
      tags: tagMentions(`${title} ${summary ?? ""}`),
    });
  }
  return items;
}

/** Keeps the first item per canonical URL. */
export function dedupeNews(items: NewsItem[]): NewsItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.url)) return false;
    seen.add(item.url);
    return true;
  });
}

export function createRssNewsProvider(
  feeds: readonly NewsFeed[],
  options: {
    fetch?: FetchLike;
    timeoutMs?: number;
    onFeedError?: (feed: NewsFeed, error: Error) => void;
  } = {},
): NewsProvider {
  return {
    source: "rss",
    async fetchNews() {
      const results = await Promise.allSettled(
        feeds.map(async (feed) =>
          parseFeed(
            await fetchText(feed.url, {
              provider: feed.name,
              fetch: options.fetch,
              timeoutMs: options.timeoutMs,
              headers: { accept: "application/rss+xml, application/atom+xml, application/xml, text/xml" },
            }),
            feed.name,
          ),
        ),
      );
      const items: NewsItem[] = [];
      const errors: Error[] = [];
      results.forEach((result, i) => {
        if (result.status === "fulfilled") items.push(...result.value);
        else {
          errors.push(result.reason as Error);
          const feed = feeds[i];
          if (feed) options.onFeedError?.(feed, result.reason as Error);
        }
      });
      if (items.length === 0 && errors.length > 0) {
        // Every feed failed: report it (a rate limit wins so the refresher backs off).
        throw errors.find((e) => e instanceof RateLimitedError) ?? errors[0];
      }
      return dedupeNews(items.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)));
    },
  };
}
