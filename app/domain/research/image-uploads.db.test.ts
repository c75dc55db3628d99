import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { researchImages } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { addMember } from "../../../tests/membership.ts";
import { MAX_IMAGE_BYTES, sniffImage, storeImage } from "./image-uploads.server.ts";

// Research images (ADR 0073): the type is read from the bytes; SVG, HTML and oversized files are
// refused; the same bytes are stored once under their hash.
const t = setupTestDatabase();

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);

describe("research images", () => {
  it("sniffs the type from the bytes, never the name", () => {
    expect(sniffImage(png)).toEqual({ type: "image/png", ext: "png" });
    expect(
      sniffImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16)])),
    ).toMatchObject({ ext: "jpg" });
    expect(sniffImage(Buffer.from("GIF89a......"))).toMatchObject({ ext: "gif" });
    expect(sniffImage(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toMatchObject({ ext: "webp" });
    expect(
      sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
    expect(sniffImage(Buffer.from("<html><body>hi</body></html>"))).toBeNull();
  });

  it("stores an image once under its hash; refuses what is not an image or too big", async () => {
    const analyst = await addMember(t.db, "images-analyst");
    const first = await storeImage(t.db, { uploaderId: analyst, bytes: png });
    const again = await storeImage(t.db, { uploaderId: analyst, bytes: png });
    expect(first).toMatchObject({
      ok: true,
      path: expect.stringMatching(/^\/research\/images\/[0-9a-f]{64}\.png$/),
    });
    expect(again).toEqual(first);
    if (!first.ok) throw new Error("stored");
    const [read] = await t.db.select().from(researchImages).where(eq(researchImages.id, first.id));
    expect(read?.contentType).toBe("image/png");
    expect(Buffer.from(read?.bytes ?? []).equals(png)).toBe(true);
    expect(
      await storeImage(t.db, { uploaderId: analyst, bytes: Buffer.from("<svg></svg>      ") }),
    ).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(
      await storeImage(t.db, {
        uploaderId: analyst,
        bytes: Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES)]),
      }),
    ).toMatchObject({ ok: false, status: 413 });
  });
});
