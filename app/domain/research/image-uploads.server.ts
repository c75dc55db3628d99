// Images in research (issue 18, ADR 0073): uploaded by analysts into the database, so every app
// server serves the same bytes, addressed by their SHA-256 (the same image uploaded twice is
// stored once, and an address never changes meaning, so it can be cached for a year). The type is
// read from the bytes, never from the file name or the browser's claim; SVG is refused (it can
// carry script).
import { createHash } from "node:crypto";
import { researchImages } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

const SIGNATURES: { type: string; ext: string; test: (b: Buffer) => boolean }[] = [
  {
    type: "image/png",
    ext: "png",
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: "image/jpeg", ext: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: "image/gif",
    ext: "gif",
    test: (b) =>
      b.subarray(0, 6).toString("latin1") === "GIF87a" || b.subarray(0, 6).toString("latin1") === "GIF89a",
  },
  {
    type: "image/webp",
    ext: "webp",
    test: (b) =>
      b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

/** The image type the bytes are, or null. */
export function sniffImage(bytes: Buffer): { type: string; ext: string } | null {
  const match = SIGNATURES.find((s) => bytes.length >= 12 && s.test(bytes));
  return match ? { type: match.type, ext: match.ext } : null;
}

export type UploadResult =
  | { ok: true; id: string; path: string }
  | { ok: false; status: 400 | 413; message: string };

export async function storeImage(
  db: Db,
  input: { uploaderId: string; bytes: Buffer },
): Promise<UploadResult> {
  if (input.bytes.length === 0) return { ok: false, status: 400, message: "Choose an image to upload." };
  if (input.bytes.length > MAX_IMAGE_BYTES) {
    return { ok: false, status: 413, message: "Images can be up to 2 MB." };
  }
  const kind = sniffImage(input.bytes);
  if (!kind) return { ok: false, status: 400, message: "Upload a PNG, JPEG, WebP or GIF image." };
  const id = createHash("sha256").update(input.bytes).digest("hex");
  await db
    .insert(researchImages)
    .values({
      id,
      uploaderId: input.uploaderId,
      contentType: kind.type,
      bytes: input.bytes,
      size: input.bytes.length,
    })
    .onConflictDoNothing();
  return { ok: true, id, path: `/research/images/${id}.${kind.ext}` };
}
