import type { MetaDescriptor } from "react-router";
import type { RootData } from "./brand.ts";

/** Root loader data as a meta function sees it (matches[0] is the root route). */
type MetaMatch = { id: string; loaderData?: unknown } | undefined;

export function rootDataFromMatches(matches: readonly MetaMatch[]): RootData {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  return (
    root ?? {
      brand: { name: "Coinlens", social: {} },
      year: new Date().getFullYear(),
      publicUrl: "",
      theme: "system",
    }
  );
}

/**
 * Title, description, canonical URL and Open Graph / Twitter tags for a public page. The brand
 * in titles is the operator's; the canonical URL is built from PUBLIC_URL, never the request.
 */
export function seo({
  title,
  description,
  path,
  matches,
  type = "website",
}: {
  /** The page's own title; the brand is appended. Omit for the home page. */
  title?: string;
  description: string;
  path: string;
  matches: readonly MetaMatch[];
  type?: "website" | "article";
}): MetaDescriptor[] {
  const { brand, publicUrl } = rootDataFromMatches(matches);
  const fullTitle = title
    ? `${title} · ${brand.name}`
    : `${brand.name} · Crypto research, analysis and tools`;
  const url = `${publicUrl}${path}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: brand.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${publicUrl}/media/og-image.png` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** JSON-LD must not be able to close its script element. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
