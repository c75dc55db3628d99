import { getConfig } from "~/config.server.ts";
import { featurePreviews } from "~/domain/content/previews.ts";
import { legalSlugs } from "~/domain/legal/documents.server.ts";

/** Public, indexable pages. The signed-in app and the back-office are not listed. */
const sitemapPaths = [
  "/",
  "/about",
  "/faq",
  "/contact",
  "/airdrop",
  "/pmi",
  "/why-coinlens",
  "/crypto-trading",
  "/proof-of-reserves",
  ...featurePreviews.map((p) => `/preview/${p.id}`),
  "/signup",
  "/login",
  ...legalSlugs.map((slug) => `/legal/${slug}`),
];

export function loader() {
  const base = getConfig().publicUrl.replace(/\/$/, "");
  const urls = sitemapPaths.map((path) => `  <url><loc>${base}${path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
