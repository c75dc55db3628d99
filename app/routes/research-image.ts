import { getDb } from "~/db/db.server.ts";
import { getResearchImage, imageIdFromParam } from "~/domain/research/images.server.ts";
import type { Route } from "./+types/research-image";

/**
 * GET /research/images/<id>: an image an analyst uploaded, from the database (so any app server
 * answers). Public, like the pages' other static files: free pieces, the Atom feed and the public
 * previews show these images to visitors, and an id is the image's SHA-256 — only someone who saw
 * the piece knows it. Because the id is the content's hash, the bytes at an address never change:
 * cached for a year, immutable. nosniff and a sandboxing CSP: a browser never runs it as a page.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const id = imageIdFromParam(params.id);
  const image = id ? await getResearchImage(getDb(), id) : null;
  if (!image) {
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
