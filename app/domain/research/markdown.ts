// Research pieces are written in Markdown by analysts and rendered to HTML for members (issue 18).
// No raw HTML from an author reaches a page: markdown-it escapes it (html: false), and every link
// and image address is checked against an allowlist, not a blocklist — web and mail links and our
// own paths for links, our own uploaded images only for images (no tracking pixels, no data: or
// SVG). Headings move down one level: the page's title is its only h1. Pure: the server renders
// articles with it and the editor's live preview can run the same code in the browser.
import MarkdownIt from "markdown-it";
import { type ChartLookup, type ChartShortcode, parseChartShortcode, renderChart } from "./chart.ts";

/** http(s), mailto, a path on this site (not "//host" or "/\host", which browsers read as a host), or a fragment. */
const SAFE_LINK = /^(?:https?:\/\/[^\s]+|mailto:[^\s]+|\/(?![/\\])[^\s]*|#[^\s]*)$/i;
/** Images analysts uploaded to our database (served by the app, several servers alike). */
const SAFE_IMAGE = /^\/research\/images\/[\w-]+(?:\.(?:png|jpe?g|webp|gif))?$/;

export function isSafeLink(url: string): boolean {
  return SAFE_LINK.test(url.trim());
}

export function isSafeImage(src: string): boolean {
  return SAFE_IMAGE.test(src);
}

export interface RenderOptions {
  /** Each `{{chart …}}` shortcode's prices, loaded by the server (chart-data.server.ts). */
  charts?: ChartLookup;
}

/** A new renderer per call: nothing about one request's rendering is kept for the next. */
function renderer(options: RenderOptions) {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  // `{{chart BTC 90d}}` on a line of its own (and not indented as code) is a chart block. It may
  // end a paragraph, like a heading can; anywhere else the braces are ordinary, escaped text.
  md.block.ruler.before(
    "paragraph",
    "research_chart",
    (state, startLine, _endLine, silent) => {
      if ((state.sCount[startLine] ?? 0) - state.blkIndent >= 4) return false;
      const start = (state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0);
      const code = parseChartShortcode(state.src.slice(start, state.eMarks[startLine]));
      if (!code) return false;
      if (silent) return true;
      const token = state.push("research_chart", "", 0);
      token.block = true;
      token.map = [startLine, startLine + 1];
      token.meta = code;
      state.line = startLine + 1;
      return true;
    },
    { alt: ["paragraph", "reference", "blockquote", "list"] },
  );
  md.validateLink = (url) => isSafeLink(url) || isSafeImage(url);
  const rules = md.renderer.rules;
  rules.research_chart = (tokens, idx) =>
    renderChart(tokens[idx]?.meta as ChartShortcode, options.charts, (text) => md.utils.escapeHtml(text));
  const defaultImage = rules.image;
  rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    if (!token || !isSafeImage(String(token.attrGet("src") ?? "")) || !defaultImage) {
      // Not one of ours: the picture's description stays, the request to someone else's server does not.
      return md.utils.escapeHtml(token?.content ? `[image: ${token.content}]` : "[image]");
    }
    token.attrSet("loading", "lazy");
    return defaultImage(tokens, idx, options, env, self);
  };
  rules.link_open = (tokens, idx, options, _env, self) => {
    const token = tokens[idx];
    if (token && /^https?:/i.test(String(token.attrGet("href") ?? ""))) {
      token.attrSet("rel", "nofollow noopener noreferrer");
    }
    return self.renderToken(tokens, idx, options);
  };
  for (const rule of ["heading_open", "heading_close"] as const) {
    rules[rule] = (tokens, idx, options, _env, self) => {
      const token = tokens[idx];
      if (token) token.tag = `h${Math.min(Number(token.tag.slice(1)) + 1, 6)}`;
      return self.renderToken(tokens, idx, options);
    };
  }
  return md;
}

/** The piece's Markdown as HTML that is safe to put on a page as it is. */
export function renderMarkdown(source: string, options: RenderOptions = {}): string {
  return renderer(options).render(source);
}

/**
 * The opening of a piece for readers without its entitlement: everything up to the end of the
 * first paragraph (headings or a chart before it included), as Markdown. The rest of the body
 * never leaves the server for them.
 */
export function teaserMarkdown(source: string): string {
  const tokens = renderer({}).parse(source, {});
  const opening = tokens.find((t) => t.type === "paragraph_open" && t.level === 0);
  if (!opening?.map) return "";
  return source.split(/\r?\n/).slice(0, opening.map[1]).join("\n");
}

/** The words a reader reads (Markdown's punctuation, addresses and shortcodes left out). */
export function wordCount(source: string): number {
  const text = source
    .replace(/^\s*\{\{[^}]*\}\}\s*$/gm, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`|~-]+/g, " ");
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Minutes at 200 words a minute, rounded up, never under one. */
export function readingMinutes(source: string): number {
  return Math.max(1, Math.ceil(wordCount(source) / 200));
}
