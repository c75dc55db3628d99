import { describe, expect, it } from "vitest";
import { isSafeLink, renderMarkdown } from "./markdown.ts";

// Hostile Markdown, as an author (or someone who took over an author's account) might write it.
// Whatever comes in, what goes out is checked tag by tag: only the elements and attributes the
// renderer means to write, and only addresses on the allowlist. (Escaped text such as
// "&lt;img onerror=…&gt;" is text on the page, not markup, so only real tags are read.)
const ELEMENTS = new Set(
  "p a img h2 h3 h4 h5 h6 em strong code pre blockquote ul ol li hr br table thead tbody tr th td s".split(
    " ",
  ),
);
const ATTRIBUTES = new Set(["href", "src", "alt", "title", "rel", "loading", "style", "start"]);
const TAG = /<\/?([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*\/?>/gi;
const ATTRIBUTE = /\s+([a-z-]+)(?:="([^"]*)")?/gi;

function expectHarmless(html: string) {
  // Everything that looks like a tag must be one the pattern reads in full (no stray "<").
  expect(html.replace(TAG, ""), html).not.toMatch(/</);
  for (const [, name = "", attributes = ""] of html.matchAll(TAG)) {
    expect(ELEMENTS.has(name.toLowerCase()), `<${name}> in ${html}`).toBe(true);
    for (const [, attribute = "", value = ""] of attributes.matchAll(ATTRIBUTE)) {
      expect(ATTRIBUTES.has(attribute.toLowerCase()), `${attribute}= in ${html}`).toBe(true);
      if (attribute === "href") expect(value, html).toMatch(/^(?:https?:\/\/|mailto:|\/(?![/\\])|#)/);
      if (attribute === "src") expect(value, html).toMatch(/^\/research\/images\//);
      if (attribute === "style") expect(value, html).toMatch(/^text-align:(?:left|center|right)$/);
    }
  }
}

const hostile = {
  "a script element": "<script>alert(1)</script>",
  "an inline event handler": '<img src=x onerror="alert(1)">',
  "an SVG with onload": "<svg onload=alert(1)><circle r=10 /></svg>",
  "an iframe": '<iframe src="https://evil.example"></iframe>',
  "a javascript: link": "[click](javascript:alert(1))",
  "a javascript: link in mixed case": "[click](JaVaScRiPt:alert(1))",
  "a javascript: link hidden in an entity": "[click](&#106;avascript:alert(1))",
  "a javascript: link hidden in a tab": "[click](java&#9;script:alert(1))",
  "a javascript: autolink": "<javascript:alert(1)>",
  "a javascript: reference link": "[click][1]\n\n[1]: javascript:alert(1)",
  "a vbscript: link": "[click](vbscript:msgbox(1))",
  "a data: link": "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "a data: SVG image": "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  "an external tracking image": "![pixel](https://tracker.example/p.gif)",
  "a protocol-relative link": "[click](//evil.example/login)",
  "a backslash host link": "[click](/\\evil.example/login)",
  "a title that breaks out of its attribute": '[click](https://ok.example "x\\" onmouseover=\\"alert(1)")',
  "raw HTML inside a table": "| a | b |\n|---|---|\n| <b onclick=alert(1)>x</b> | y |",
  "an HTML comment hiding a script": "<!-- --><script>alert(1)</script>",
};

describe("rendering an analyst's Markdown", () => {
  for (const [name, source] of Object.entries(hostile)) {
    it(`neutralises ${name}`, () => {
      expectHarmless(renderMarkdown(source));
    });
  }

  it("shows raw HTML as the text it is, never as markup", () => {
    expect(renderMarkdown("<script>alert(1)</script>")).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(renderMarkdown("[click](javascript:alert(1))")).not.toContain("<a");
    expect(renderMarkdown("![pixel](https://tracker.example/p.gif)")).toBe("<p>[image: pixel]</p>\n");
  });

  it("keeps what analysts need: web links (nofollow), links on this site, our images, tables, headings under the page's title", () => {
    expect(renderMarkdown("[Source](https://example.com/report)")).toBe(
      '<p><a href="https://example.com/report" rel="nofollow noopener noreferrer">Source</a></p>\n',
    );
    expect(renderMarkdown("[Our picks](/picks)")).toBe('<p><a href="/picks">Our picks</a></p>\n');
    expect(renderMarkdown("![BTC chart](/research/images/abc-123.png)")).toBe(
      '<p><img src="/research/images/abc-123.png" alt="BTC chart" loading="lazy"></p>\n',
    );
    expect(renderMarkdown("# Thesis\n\n## Risks")).toBe("<h2>Thesis</h2>\n<h3>Risks</h3>\n");
    expect(renderMarkdown("| Asset | Risk |\n|---|---|\n| SOL | high |")).toContain("<td>SOL</td>");
  });

  it("allows links by an allowlist", () => {
    expect(isSafeLink("https://example.com")).toBe(true);
    expect(isSafeLink("mailto:desk@example.com")).toBe(true);
    expect(isSafeLink("/research/report-1")).toBe(true);
    expect(isSafeLink("#risks")).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "//evil.example",
      "/\\evil.example",
      "ftp://x",
      "data:,x",
      "  ",
    ]) {
      expect(isSafeLink(bad), bad).toBe(false);
    }
  });
});
