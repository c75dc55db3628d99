// Research pieces are written in Markdown by analysts and rendered to HTML for members (issue 18).
// No raw HTML from an author reaches a page: markdown-it escapes it (html: false), and every link
// and image address is checked against an allowlist, not a blocklist — web and mail links and our
// own paths for links, our own uploaded images only for images (no tracking pixels, no data: or
// SVG). Headings move down one level: the page's title is its only h1. Pure: the server renders
// articles with it and the editor's live preview can run the same code in the browser.
import MarkdownIt from "markdown-it";

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

/** A new renderer per call: nothing about one request's rendering is kept for the next. */
function renderer() {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.validateLink = (url) => isSafeLink(url) || isSafeImage(url);
  const rules = md.renderer.rules;
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
export function renderMarkdown(source: string): string {
  return renderer().render(source);
}
