import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { legalPlaceholderValues, loadLegalDocument } from "~/domain/legal/documents.server.ts";
import type { Block, Inline } from "~/domain/legal/markdown.ts";
import type { PublicBrand } from "~/utils/brand.ts";
import { termsSections } from "./terms-content.tsx";

// The terms exist twice: the footer's dialog (React, so the landing page can carry it without a
// request) and /legal/terms with its PDF (the operator's Markdown template). The shipped texts
// must say the same thing, section for section.

const brand: PublicBrand = {
  name: "Coinlens",
  legalEntity: "Lensworks Research Ltd.",
  contactEmail: "legal@coinlens.example",
  governingLaw: "the laws of England and Wales",
  social: {},
};

const inlineText = (content: Inline[]) =>
  content.map((c) => (c.kind === "placeholder" ? (c.value ?? `[${c.label}]`) : c.text)).join("");

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

describe("the Terms & Conditions", () => {
  it("the dialog and /legal/terms have the same sections with the same text", async () => {
    const document = await loadLegalDocument(
      "terms",
      legalPlaceholderValues(brand),
      path.resolve(import.meta.dirname, "../../../content/legal"),
    );
    expect(document.title).toBe("Terms & Conditions");
    const sections: { title: string; body: string }[] = [];
    for (const block of document.blocks as Block[]) {
      if (block.kind === "heading" && block.level === 2)
        sections.push({ title: inlineText(block.content), body: "" });
      else if (block.kind === "paragraph" && sections.length > 0) {
        const last = sections[sections.length - 1];
        if (last) last.body = `${last.body} ${inlineText(block.content)}`.trim();
      }
    }
    const dialog = termsSections(brand).map((s) => ({
      title: s.title,
      body: plain(renderToStaticMarkup(s.body)),
    }));
    expect(sections).toEqual(dialog);
  });
});
