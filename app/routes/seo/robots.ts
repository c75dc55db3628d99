import { getConfig } from "~/config.server.ts";

/** Public pages may be indexed; the member area, back-office, API and dev tools may not. */
export function loader() {
  const base = getConfig().publicUrl.replace(/\/$/, "");
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /dev/",
    "Disallow: /dashboard",
    "Disallow: /wallet",
    "Disallow: /settings",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
