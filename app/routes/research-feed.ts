import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { researchFeed } from "~/domain/research/feed.server.ts";

/**
 * GET /research/feed.atom: the Atom feed of free research, public (what is in it anyone may read;
 * premium pieces are left out — feed.server.ts). Addresses are built from PUBLIC_URL, never the
 * request's Host. Cached briefly: a piece appears within five minutes.
 */
export async function loader() {
  const config = getConfig();
  const xml = await researchFeed(getDb(), {
    baseUrl: config.publicUrl.replace(/\/$/, ""),
    brandName: config.brand.name,
  });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
