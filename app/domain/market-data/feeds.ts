/** News feed configuration (pure: the config module imports it). */
import { deepFreeze } from "../freeze.ts";

export interface NewsFeed {
  name: string;
  url: string;
}

export const defaultNewsFeeds: readonly NewsFeed[] = deepFreeze([
  { name: "CoinDesk", url: "https://www.coindesk.com/arc/outboundfeeds/rss/" },
  { name: "Cointelegraph", url: "https://cointelegraph.com/rss" },
  { name: "Decrypt", url: "https://decrypt.co/feed" },
  { name: "The Block", url: "https://www.theblock.co/rss.xml" },
]);

/** "Name|https://…,Name|https://…" (MARKET_NEWS_FEEDS) → feeds; a bare URL is named by its host. Throws on a bad URL. */
export function parseFeedList(text: string): NewsFeed[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [maybeName, maybeUrl] = part.includes("|") ? part.split("|", 2) : [undefined, part];
      const url = new URL((maybeUrl ?? "").trim());
      if (url.protocol !== "https:" && url.protocol !== "http:")
        throw new Error("feeds must be http(s) URLs");
      return { name: maybeName?.trim() || url.hostname.replace(/^www\./, ""), url: url.toString() };
    });
}

export function isValidFeedList(text: string): boolean {
  try {
    return parseFeedList(text).length > 0;
  } catch {
    return false;
  }
}
