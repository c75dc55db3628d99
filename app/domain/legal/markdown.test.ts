import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { legalSlugs } from "./documents.server.ts";
import { inlineText, parseLegalMarkdown, unfilledPlaceholders } from "./markdown.ts";
import { renderLegalPdf } from "./pdf.ts";

describe("legal Markdown templates", () => {
  it("parses headings, paragraphs, lists, bold and placeholders into data, never HTML", () => {
    const blocks = parseLegalMarkdown(
      "# Title\n\nOperated by {{legalEntity}} <script>alert(1)</script>.\n\n- **Bold:** one\n  continued\n- two",
      { legalEntity: undefined },
    );
    expect(blocks).toEqual([
      { kind: "heading", level: 1, content: [{ kind: "text", text: "Title" }] },
      {
        kind: "paragraph",
        content: [
          { kind: "text", text: "Operated by " },
          { kind: "placeholder", label: "Operator legal name", value: undefined },
          { kind: "text", text: " <script>alert(1)</script>." },
        ],
      },
      {
        kind: "list",
        items: [
          [
            { kind: "bold", text: "Bold:" },
            { kind: "text", text: " one continued" },
          ],
          [{ kind: "text", text: "two" }],
        ],
      },
    ]);
    expect(unfilledPlaceholders(blocks)).toEqual(["Operator legal name"]);
  });

  it("fills placeholders from the operator's settings and marks the rest plainly", () => {
    const [block] = parseLegalMarkdown("{{brand}} by {{legalEntity}}, {{regulator}}", {
      brand: "Acme Research",
      legalEntity: "Acme Ltd",
    });
    expect(block?.kind === "paragraph" && inlineText(block.content)).toBe(
      "Acme Research by Acme Ltd, [Regulator]",
    );
  });

  it.each(legalSlugs)("the shipped %s template parses and renders a valid PDF", (slug) => {
    const source = readFileSync(new URL(`../../../content/legal/${slug}.md`, import.meta.url), "utf8");
    const blocks = parseLegalMarkdown(source, { brand: "Coinlens" });
    expect(blocks[0]?.kind).toBe("heading");
    const pdf = renderLegalPdf(blocks, "Coinlens").toString("latin1");
    expect(pdf.startsWith("%PDF-1.4")).toBe(true);
    expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
    // The xref offsets point at the objects they name.
    const xrefAt = Number(pdf.match(/startxref\n(\d+)/)?.[1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe("xref");
    const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    for (const [i, offset] of offsets.entries()) {
      expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
    }
  });
});
