// Reading the images analysts upload (research_images; the studio writes them). Kept in the
// database so every app server can serve them. Only raster types are ever served: an SVG or HTML
// file under an image's address could run script on our origin, so whatever else a row might
// hold is treated as missing.
import { eq } from "drizzle-orm";
import { researchImages } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";

export const SERVED_IMAGE_TYPES: readonly string[] = Object.freeze([
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/gif",
]);

/** The id in an image's address ("<sha256>" or "<sha256>.png", as markdown.ts allows). */
export function imageIdFromParam(param: string): string | null {
  const match = /^([\w-]{1,128})(?:\.(?:png|jpe?g|webp|gif))?$/.exec(param);
  return match?.[1] ?? null;
}

export async function getResearchImage(
  db: Db,
  id: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ contentType: researchImages.contentType, bytes: researchImages.bytes })
    .from(researchImages)
    .where(eq(researchImages.id, id))
    .limit(1);
  if (!row || !SERVED_IMAGE_TYPES.includes(row.contentType)) return null;
  return row;
}
