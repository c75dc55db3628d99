import { describe, expect, it } from "vitest";
import { type ChartSeries, chartKey, findChartShortcodes, parseChartShortcode } from "./chart.ts";
import { readingMinutes, renderMarkdown, teaserMarkdown, wordCount } from "./markdown.ts";

// The chart shortcode: what an author may write, what the page gets, and what a hostile author
// cannot get through it. Every tag and attribute a chart writes is read back against the list of
// those the chart means to write; the path data is numbers only.
const CHART_ELEMENTS = new Set(["figure", "figcaption", "div", "span", "svg", "path", "p", "code"]);
const CHART_ATTRIBUTES = new Set([
  "class",
  "data-chart",
  "viewbox",
  "preserveaspectratio",
  "role",
  "aria-label",
  "focusable",
  "d",
  "fill",
  "fill-opacity",
  "stroke",
  "stroke-width",
  "stroke-linejoin",
  "vector-effect",
]);
const TAG = /<\/?([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*\/?>/gi;
const ATTRIBUTE = /\s+([a-z-]+)(?:="([^"]*)")?/gi;

function expectOnlyChartMarkup(html: string) {
  expect(html.replace(TAG, ""), html).not.toMatch(/</);
  for (const [, name = "", attributes = ""] of html.matchAll(TAG)) {
    expect(CHART_ELEMENTS.has(name.toLowerCase()), `<${name}> in ${html}`).toBe(true);
    for (const [, attribute = "", value = ""] of attributes.matchAll(ATTRIBUTE)) {
      expect(CHART_ATTRIBUTES.has(attribute.toLowerCase()), `${attribute}= in ${html}`).toBe(true);
      if (attribute === "d") expect(value).toMatch(/^[MLZ0-9. -]+$/);
      expect(value, html).not.toMatch(/javascript:|[<>]/i);
    }
  }
}

const day = (n: number) => new Date(Date.UTC(2026, 8, 1 + n)).toISOString();
const btc90: ChartSeries = {
  asset: "BTC",
  name: "Bitcoin",
  range: "90d",
  resolution: "daily",
  sample: true,
  points: [
    { at: day(0), priceUsd: 100_000 },
    { at: day(45), priceUsd: 98_000 },
    { at: day(89), priceUsd: 104_000 },
  ],
};
const charts = new Map([[chartKey("BTC", "90d"), btc90]]);

describe("the chart shortcode", () => {
  it("reads an asset and a range on a line of its own, in any case", () => {
    expect(parseChartShortcode("{{chart BTC 90d}}")).toEqual({ ok: true, asset: "BTC", range: "90d" });
    expect(parseChartShortcode("  {{ chart eth 1Y }}  ")).toEqual({ ok: true, asset: "ETH", range: "1y" });
    expect(parseChartShortcode("{{chart BTC 2w}}")).toEqual({ ok: false, text: "{{chart BTC 2w}}" });
    expect(parseChartShortcode("{{chart}}")).toMatchObject({ ok: false });
    expect(parseChartShortcode("See {{chart BTC 90d}}")).toBeNull();
    expect(parseChartShortcode("{{chart BTC 90d}} and more")).toBeNull();
    expect(findChartShortcodes("{{chart BTC 90d}}\n\ntext\n\n{{chart btc 90d}}\n{{chart SOL 7d}}")).toEqual([
      { asset: "BTC", range: "90d" },
      { asset: "SOL", range: "7d" },
    ]);
  });

  it("draws an accessible SVG of the series, its label the first and last price", () => {
    const html = renderMarkdown("## Price\n\n{{chart BTC 90d}}\n\nAfter.", { charts });
    expectOnlyChartMarkup(html.replace(/<\/?(?:h3|p)>/g, ""));
    expect(html).toContain('role="img"');
    expect(html).toContain(
      'aria-label="Bitcoin (BTC) price over 90 days: $100,000.00 on 1 Sep 2026, $104,000.00 on 29 Nov 2026, up 4.00%."',
    );
    expect(html).toContain("+4.00%");
    expect(html).toContain("Daily prices from our market data (sample prices)</span>");
    expect(html).toContain("<p>After.</p>");
  });

  it("says so when our history is shorter than the range asked for", () => {
    const short = new Map([[chartKey("BTC", "90d"), { ...btc90, points: btc90.points.slice(1) }]]);
    const html = renderMarkdown("{{chart BTC 90d}}", { charts: short });
    expect(html).toContain('aria-label="Bitcoin (BTC) price since 16 Oct 2026: $98,000.00 on 16 Oct 2026');
    expect(html).toContain("our history starts 16 Oct 2026, short of the full 90 days");
  });

  it("ends a paragraph it follows without a blank line, and is plain text inside code", () => {
    expect(renderMarkdown("Intro line\n{{chart BTC 90d}}", { charts })).toMatch(
      /^<p>Intro line<\/p>\n<figure/,
    );
    expect(renderMarkdown("    {{chart BTC 90d}}", { charts })).toBe(
      "<pre><code>{{chart BTC 90d}}\n</code></pre>\n",
    );
    expect(renderMarkdown("`{{chart BTC 90d}}`", { charts })).toBe("<p><code>{{chart BTC 90d}}</code></p>\n");
  });

  it("shows a visible note for an unknown asset, a range it cannot draw, or too little history", () => {
    expect(renderMarkdown("{{chart DOGE 90d}}", { charts })).toContain(
      "Chart unavailable: we have no price history for DOGE over 90 days yet.",
    );
    expect(renderMarkdown("{{chart BTC 5y}}", { charts })).toContain(
      "Chart unavailable: <code>{{chart BTC 5y}}</code>",
    );
    const onePoint = new Map([[chartKey("BTC", "90d"), { ...btc90, points: btc90.points.slice(0, 1) }]]);
    expect(renderMarkdown("{{chart BTC 90d}}", { charts: onePoint })).toContain("Chart unavailable");
    expect(renderMarkdown("{{chart BTC 90d}}")).toContain("Chart unavailable");
  });

  const hostile = {
    "a script for the asset": "{{chart <script>alert(1)</script> 90d}}",
    "an attribute break-out": '{{chart BTC 90d" onload="alert(1)}}',
    "a javascript: asset": "{{chart javascript:alert(1) 7d}}",
    "an SVG in the range": "{{chart BTC <svg/onload=alert(1)>}}",
    "an entity-encoded tag": "{{chart &lt;img src=x onerror=alert(1)&gt; 7d}}",
    "a tag after the braces": "{{chart BTC 90d}}<img src=x onerror=alert(1)>",
    "a nested shortcode": "{{chart {{chart BTC 7d}} 7d}}",
    "a very long argument": `{{chart ${"A".repeat(5000)} 7d}}`,
  };
  for (const [name, source] of Object.entries(hostile)) {
    it(`neutralises ${name}`, () => {
      const html = renderMarkdown(source, { charts });
      expectOnlyChartMarkup(html);
      expect(html).not.toMatch(/<(?:script|img|svg[^>]*onload)/i);
      expect(html.length).toBeLessThan(1000);
    });
  }

  it("escapes whatever a series carries and drops prices that are not positive numbers", () => {
    const odd = new Map([
      [
        chartKey("BTC", "90d"),
        {
          ...btc90,
          name: '<img src=x onerror="alert(1)">',
          points: [{ at: day(0), priceUsd: Number.NaN }, { at: day(1), priceUsd: -5 }, ...btc90.points],
        },
      ],
    ]);
    const html = renderMarkdown("{{chart BTC 90d}}", { charts: odd });
    expectOnlyChartMarkup(html);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; (BTC)");
    expect(html).toContain("$100,000.00 on 1 Sep 2026");
  });
});

describe("the teaser and the reading time", () => {
  const body =
    "# Thesis\n\nFirst paragraph,\nstill first.\n\nSecond paragraph secret.\n\n| a |\n|---|\n| b |";

  it("the teaser is the Markdown up to the end of the first paragraph", () => {
    expect(teaserMarkdown(body)).toBe("# Thesis\n\nFirst paragraph,\nstill first.");
    expect(teaserMarkdown("| a |\n|---|\n| b |")).toBe("");
    expect(teaserMarkdown("> quoted\n\nPlain.")).toBe("> quoted\n\nPlain.");
  });

  it("counts words, not Markdown, at 200 a minute and at least one minute", () => {
    expect(
      wordCount(
        "## A *b* [c](https://x.example/y) ![d](/research/images/e)\n\n{{chart BTC 7d}}\n\n| f | g |",
      ),
    ).toBe(6);
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("word ".repeat(200))).toBe(1);
    expect(readingMinutes("word ".repeat(201))).toBe(2);
  });
});
