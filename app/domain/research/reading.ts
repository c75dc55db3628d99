// Reading research (issue 18): the shapes the hub, the article page, the previews and the feed
// share, the hub's filters as they travel in the address, and the highlight markers of search.
// Pure, so pages and the design system import it; the queries are in reading.server.ts.
import { deepFreeze } from "../freeze.ts";

export type ResearchKind = "report" | "pick" | "setup" | "update";
export const RESEARCH_KINDS: readonly ResearchKind[] = Object.freeze(["report", "pick", "setup", "update"]);

export const KIND_LABELS: Readonly<Record<ResearchKind, string>> = Object.freeze({
  report: "Report",
  pick: "Pick",
  setup: "Trading setup",
  update: "Market update",
});

/** The hub's tabs: latest of every kind, then one per kind. */
export const HUB_TABS: readonly { kind: ResearchKind | ""; label: string }[] = deepFreeze([
  { kind: "", label: "Latest" },
  { kind: "report", label: "Reports" },
  { kind: "pick", label: "Picks" },
  { kind: "setup", label: "Setups" },
  { kind: "update", label: "Market updates" },
]);

/** The product's notice on every piece (seed: research is not financial advice). */
export const NOT_FINANCIAL_ADVICE =
  "Coinlens research is for information and education only. It is not financial advice, and it is not a recommendation to buy or sell any asset. Crypto assets are volatile: you can lose all the money you put in. Do your own research and consider your own circumstances before you invest.";

export const HUB_PAGE_SIZE = 12;

export interface HubFilters {
  kind: ResearchKind | "";
  /** An asset symbol, upper case ("BTC"), or "". */
  asset: string;
  /** An analyst's user id, or "". */
  analyst: string;
  /** A topic word, lower case ("defi"), or "". */
  topic: string;
  /** The search words as typed (trimmed, at most 200 characters). */
  q: string;
  page: number;
}

/** The hub's filters from its address; anything unreadable is simply not a filter. */
export function parseHubFilters(params: URLSearchParams): HubFilters {
  const kind = params.get("kind") ?? "";
  const asset = (params.get("asset") ?? "").trim().toUpperCase();
  const topic = (params.get("topic") ?? "").trim().toLowerCase();
  const page = Number(params.get("page") ?? "1");
  return {
    kind: (RESEARCH_KINDS as readonly string[]).includes(kind) ? (kind as ResearchKind) : "",
    asset: /^[A-Z0-9]{1,10}$/.test(asset) ? asset : "",
    analyst: (params.get("analyst") ?? "").trim().slice(0, 100),
    topic: /^[\p{L}\p{N} -]{1,40}$/u.test(topic) ? topic : "",
    q: (params.get("q") ?? "").trim().slice(0, 200),
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/** The hub's address for `filters` with `changes` (a change of filter starts again at page 1). */
export function hubHref(filters: HubFilters, changes: Partial<HubFilters> = {}): string {
  const next = { ...filters, page: 1, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.kind) params.set("kind", next.kind);
  if (next.asset) params.set("asset", next.asset);
  if (next.topic) params.set("topic", next.topic);
  if (next.analyst) params.set("analyst", next.analyst);
  if (next.page > 1) params.set("page", String(next.page));
  const query = params.toString();
  return query ? `/research?${query}` : "/research";
}

// ts_headline marks matches with these two control characters: they cannot come from an author
// (the query strips them from the text first), and the page splits on them and writes <mark>
// elements itself, so no HTML from the database is ever put on the page.
export const HIGHLIGHT_START = "\u0002";
export const HIGHLIGHT_STOP = "\u0003";

export interface TextSegment {
  text: string;
  mark: boolean;
}

/** "a \u0002b\u0003 c" → [a ][b, marked][ c]. */
export function splitHighlights(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  const push = (part: string, mark: boolean) => {
    const clean = part.replaceAll(HIGHLIGHT_STOP, "").replaceAll(HIGHLIGHT_START, "");
    if (clean) segments.push({ text: clean, mark });
  };
  const [head = "", ...parts] = text.split(HIGHLIGHT_START);
  push(head, false);
  for (const part of parts) {
    const stop = part.indexOf(HIGHLIGHT_STOP);
    push(stop === -1 ? part : part.slice(0, stop), true);
    push(stop === -1 ? "" : part.slice(stop + 1), false);
  }
  return segments;
}

export interface Author {
  id: string;
  name: string;
}

/** A published piece as lists show it (the hub, related pieces, previews, the feed). */
export interface PieceSummary {
  id: string;
  slug: string;
  kind: ResearchKind;
  title: string;
  summary: string;
  premium: boolean;
  sample: boolean;
  assets: string[];
  topics: string[];
  /** ISO. */
  publishedAt: string;
  version: number;
  author: Author;
  readingMinutes: number;
  /** With a search: the title and a passage with the matching words marked. */
  highlight?: { title: TextSegment[]; snippet: TextSegment[] };
}

export interface Correction {
  version: number;
  /** ISO. */
  at: string;
  note: string;
}

/** The article page's data. `locked`: the reader lacks Premium, and `bodyHtml` is the teaser. */
export interface Article {
  piece: PieceSummary & { holdings: string };
  locked: boolean;
  /** Sanitised HTML (markdown.ts): the whole body, or for a locked piece its opening only. */
  bodyHtml: string;
  corrections: Correction[];
  related: PieceSummary[];
}

/** What an article about a pick or a setup links to (article-record.server.ts). */
export interface ArticleRecord {
  pick: { asset: string; entryPrice: string; closed: boolean; exitPrice: string | null } | null;
  setup: { asset: string; side: string; status: string; statusLabel: string } | null;
}
