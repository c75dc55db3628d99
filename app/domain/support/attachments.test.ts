import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { attachmentMessages, checkAttachment, MAX_ATTACHMENT_BYTES, safeFileName } from "./attachments.ts";

// What the issue asks of uploads: "a renamed executable, an oversized file and a polyglot are
// refused" — and real images and PDFs are accepted, their type read from the bytes.

const png = readFileSync(new URL("../../../tests/fixtures/support/receipt.png", import.meta.url));
const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
  Buffer.from("JFIF\0\x01\x01\0\0\x01\0\x01\0\0", "latin1"),
  Buffer.from([0xff, 0xd9]),
]);
const gif = Buffer.concat([
  Buffer.from("GIF89a\x01\0\x01\0\x80\0\0", "latin1"),
  Buffer.alloc(6),
  Buffer.from(",\0\0\0\0\x01\0\x01\0\0\x02\x02D\x01\0;", "latin1"),
]);
const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  "latin1",
);
function webp(payload: Buffer) {
  const body = Buffer.concat([Buffer.from("WEBPVP8 ", "latin1"), payload]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from("RIFF", "latin1"), size, body]);
}

describe("checkAttachment", () => {
  it("accepts PNG, JPEG, GIF, WebP and PDF by their bytes", () => {
    expect(checkAttachment(png)).toEqual({ ok: true, type: "image/png", ext: "png" });
    expect(checkAttachment(jpeg)).toEqual({ ok: true, type: "image/jpeg", ext: "jpg" });
    expect(checkAttachment(gif)).toEqual({ ok: true, type: "image/gif", ext: "gif" });
    expect(checkAttachment(webp(Buffer.alloc(20, 7)))).toEqual({ ok: true, type: "image/webp", ext: "webp" });
    expect(checkAttachment(pdf)).toEqual({ ok: true, type: "application/pdf", ext: "pdf" });
  });

  it("refuses a renamed executable, whatever its name says", () => {
    const exe = Buffer.concat([Buffer.from("MZ\x90\0\x03\0\0\0", "latin1"), Buffer.alloc(120, 1)]);
    const elf = Buffer.concat([Buffer.from("\x7fELF\x02\x01\x01", "latin1"), Buffer.alloc(64)]);
    const script = Buffer.from("#!/bin/sh\nrm -rf ~\n");
    for (const bytes of [exe, elf, script])
      expect(checkAttachment(bytes)).toEqual({ ok: false, message: attachmentMessages.type });
  });

  it("refuses an empty or oversized file", () => {
    expect(checkAttachment(Buffer.alloc(0))).toEqual({ ok: false, message: attachmentMessages.empty });
    const big = Buffer.concat([png.subarray(0, 8), Buffer.alloc(MAX_ATTACHMENT_BYTES)]);
    expect(checkAttachment(big)).toEqual({ ok: false, message: attachmentMessages.tooLarge });
    // Exactly the limit is allowed in size (then judged on its content).
    expect(checkAttachment(Buffer.alloc(MAX_ATTACHMENT_BYTES, 0x20))).toEqual({
      ok: false,
      message: attachmentMessages.type,
    });
  });

  it("refuses polyglots: an image or PDF that is also an archive, a web page or a script", () => {
    const zip = Buffer.concat([
      Buffer.from("PK\x03\x04\x14\0\0\0\0\0", "latin1"),
      Buffer.alloc(30),
      Buffer.from("PK\x05\x06", "latin1"),
      Buffer.alloc(18),
    ]);
    const cases = [
      Buffer.concat([gif, zip]), // a GIFAR: a GIF with a JAR after its trailer
      Buffer.concat([png, Buffer.from("<html><script>alert(1)</script></html>")]),
      Buffer.concat([
        jpeg.subarray(0, jpeg.length - 2),
        Buffer.from("<script>alert(1)</script>"),
        Buffer.from([0xff, 0xd9]),
      ]),
      Buffer.concat([pdf, Buffer.from("<html><body>hi</body></html>")]),
      Buffer.from(
        "%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n",
        "latin1",
      ),
      webp(Buffer.concat([Buffer.alloc(10), Buffer.from("<?php system($_GET['c']); ?>")])),
      // A WebP whose header lies about its size, with something hidden after it.
      Buffer.concat([webp(Buffer.alloc(20)), Buffer.from("more")]),
    ];
    for (const bytes of cases)
      expect(checkAttachment(bytes)).toEqual({ ok: false, message: attachmentMessages.mixed });
  });
});

describe("safeFileName", () => {
  it("keeps a plain name and puts the real extension on it", () => {
    expect(safeFileName("receipt.png", "png")).toBe("receipt.png");
    expect(safeFileName("invoice.exe", "pdf")).toBe("invoice.pdf");
    expect(safeFileName("../../etc/passwd", "png")).toBe("passwd.png");
    expect(safeFileName('a"b\r\nc.jpg', "jpg")).toBe("a_b_c.jpg");
    expect(safeFileName("", "pdf")).toBe("attachment.pdf");
  });
});
