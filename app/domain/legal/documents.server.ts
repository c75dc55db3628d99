import { readFile } from "node:fs/promises";
import path from "node:path";
import { type Block, type PlaceholderValues, parseLegalMarkdown } from "./markdown.ts";

/**
 * The legal documents: the footer's four, and the terms (also the footer's Terms & Conditions
 * dialog, app/ui/layout/terms-content.tsx). The operator edits their Markdown templates.
 */
export const legalSlugs = Object.freeze(["aml", "privacy", "risk", "disclosure", "terms"] as const);
export type LegalSlug = (typeof legalSlugs)[number];

export function isLegalSlug(value: string | undefined): value is LegalSlug {
  return (legalSlugs as readonly string[]).includes(value ?? "");
}

export interface LegalDocument {
  slug: LegalSlug;
  title: string;
  blocks: Block[];
}

/**
 * Reads `<templatesDir>/<slug>.md` on each request, so an operator's edit shows without a
 * rebuild. The first `#` heading is the title.
 */
export async function loadLegalDocument(
  slug: LegalSlug,
  values: PlaceholderValues,
  templatesDir = path.resolve(process.cwd(), "content/legal"),
): Promise<LegalDocument> {
  const source = await readFile(path.join(templatesDir, `${slug}.md`), "utf8");
  const blocks = parseLegalMarkdown(source, values);
  const first = blocks[0];
  const title =
    first?.kind === "heading"
      ? first.content.map((c) => ("text" in c ? c.text : (c.value ?? ""))).join("")
      : slug;
  return { slug, title, blocks };
}

/** The operator's brand settings as template values; unset ones stay visibly unfilled. */
export function legalPlaceholderValues(brand: {
  name: string;
  legalEntity?: string | undefined;
  registration?: string | undefined;
  regulator?: string | undefined;
  governingLaw?: string | undefined;
  contactEmail?: string | undefined;
}): PlaceholderValues {
  return {
    brand: brand.name,
    legalEntity: brand.legalEntity,
    registration: brand.registration,
    regulator: brand.regulator,
    governingLaw: brand.governingLaw,
    contactEmail: brand.contactEmail,
  };
}
