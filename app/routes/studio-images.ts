import { data } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { systemClock } from "~/domain/accounts/clock.ts";
import { consume, limits } from "~/domain/accounts/rate-limit.server.ts";
import { MAX_IMAGE_BYTES, storeImage } from "~/domain/research/image-uploads.server.ts";
import { requireStudio } from "./_app/studio/guard.server.ts";
import type { Route } from "./+types/studio-images";

/**
 * POST /studio/images — an analyst uploads an image for a piece (multipart, field `image`); the
 * answer is the Markdown to insert. Studio staff only, 60 an hour; the type comes from the bytes.
 */
export async function action(args: Route.ActionArgs) {
  const { staff } = await requireStudio(args);
  const length = Number(args.request.headers.get("content-length") ?? "0");
  // Refused before reading: a form a little over the image limit for its own fields.
  if (length > MAX_IMAGE_BYTES + 64 * 1024) {
    return Response.json({ error: "Images can be up to 2 MB." }, { status: 413 });
  }
  const db = getDb();
  const decision = await consume(db, `research-image:${staff.id}`, limits.researchImagesPerUser, systemClock);
  if (!decision.allowed) {
    return Response.json({ error: "Too many uploads this hour. Try again later." }, { status: 429 });
  }
  const form = await args.request.formData();
  const file = form.get("image");
  if (!(file instanceof File)) return Response.json({ error: "Choose an image to upload." }, { status: 400 });
  const result = await storeImage(db, { uploaderId: staff.id, bytes: Buffer.from(await file.arrayBuffer()) });
  if (!result.ok) return Response.json({ error: result.message }, { status: result.status });
  const alt =
    file.name
      .replace(/\.[a-z0-9]+$/i, "")
      .replace(/[[\]()]/g, "")
      .slice(0, 80) || "Image";
  return Response.json({ markdown: `![${alt}](${result.path})`, path: result.path });
}

export function loader() {
  throw data("Not found", { status: 404 });
}
