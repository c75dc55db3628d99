// What a support attachment may be (issue 20, ADR 0080): a PNG, JPEG, GIF, WebP image or a PDF, at
// most 5 MB, its type read from the bytes (never the name or the browser's claim). The file must
// also be *only* that: it has to end where its format says it ends, and it may not carry markup,
// script or an archive inside — so a renamed executable, a GIF that is also a JAR (a "GIFAR") or a
// PDF with an HTML page appended is refused. Pure.

export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const MAX_ATTACHMENTS_PER_MESSAGE = 3;

export type AttachmentType = "image/png" | "image/jpeg" | "image/gif" | "image/webp" | "application/pdf";

export type AttachmentCheck =
  | { ok: true; type: AttachmentType; ext: string }
  | { ok: false; message: string };

export const attachmentMessages = Object.freeze({
  empty: "The file is empty.",
  tooLarge: "Files can be up to 5 MB.",
  type: "Attach a PNG, JPEG, GIF or WebP image, or a PDF.",
  mixed:
    "This file holds more than an image or a PDF, so it cannot be attached. Save it again as a plain image or PDF.",
  tooMany: `Attach up to ${MAX_ATTACHMENTS_PER_MESSAGE} files.`,
});

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG is chunks (length, type, data, CRC) from its signature to IEND, and nothing after. */
function pngEndsAtIend(b: Buffer): boolean {
  let at = 8;
  while (at + 12 <= b.length) {
    const length = b.readUInt32BE(at);
    const type = b.subarray(at + 4, at + 8).toString("latin1");
    const next = at + 12 + length;
    if (next > b.length) return false;
    if (type === "IEND") return next === b.length;
    at = next;
  }
  return false;
}

/** A JPEG ends with its End Of Image marker. */
function jpegEndsAtEoi(b: Buffer): boolean {
  return b[b.length - 2] === 0xff && b[b.length - 1] === 0xd9;
}

/** A GIF ends with its trailer byte. */
function gifEndsAtTrailer(b: Buffer): boolean {
  return b[b.length - 1] === 0x3b;
}

/** A WebP's RIFF header states its size: the file is exactly that long. */
function webpSizeMatches(b: Buffer): boolean {
  return b.readUInt32LE(4) + 8 === b.length;
}

/** A PDF ends with %%EOF (and at most a line end). */
function pdfEndsAtEof(b: Buffer): boolean {
  const tail = b.subarray(Math.max(0, b.length - 32)).toString("latin1");
  return /%%EOF\s*$/.test(tail);
}

const FORMATS: readonly {
  type: AttachmentType;
  ext: string;
  magic: (b: Buffer) => boolean;
  whole: (b: Buffer) => boolean;
}[] = Object.freeze([
  { type: "image/png", ext: "png", magic: (b) => b.subarray(0, 8).equals(PNG_MAGIC), whole: pngEndsAtIend },
  {
    type: "image/jpeg",
    ext: "jpg",
    magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
    whole: jpegEndsAtEoi,
  },
  {
    type: "image/gif",
    ext: "gif",
    magic: (b) => ["GIF87a", "GIF89a"].includes(b.subarray(0, 6).toString("latin1")),
    whole: gifEndsAtTrailer,
  },
  {
    type: "image/webp",
    ext: "webp",
    magic: (b) =>
      b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
    whole: webpSizeMatches,
  },
  {
    type: "application/pdf",
    ext: "pdf",
    magic: (b) => b.subarray(0, 5).toString("latin1") === "%PDF-",
    whole: pdfEndsAtEof,
  },
]);

/**
 * What must never be inside an attachment: markup a browser could run, a server-side script, an
 * archive (a ZIP or JAR's local file header); and, in a PDF, the actions that run code.
 */
const FORBIDDEN: readonly RegExp[] = Object.freeze([
  /<\s*(script|html|body|iframe|svg|object|embed)\b/i,
  /<\?php/i,
  // A ZIP or JAR's local file header, "PK" 03 04 (built from a string: no control characters in a literal).
  new RegExp(`PK${String.fromCharCode(3, 4)}`),
]);
const FORBIDDEN_IN_PDF: readonly RegExp[] = Object.freeze([
  /\/JavaScript\b/,
  /\/JS\b/,
  /\/Launch\b/,
  /\/EmbeddedFile\b/,
]);

export function checkAttachment(bytes: Buffer): AttachmentCheck {
  if (bytes.length === 0) return { ok: false, message: attachmentMessages.empty };
  if (bytes.length > MAX_ATTACHMENT_BYTES) return { ok: false, message: attachmentMessages.tooLarge };
  const format = bytes.length >= 12 ? FORMATS.find((f) => f.magic(bytes)) : undefined;
  if (!format) return { ok: false, message: attachmentMessages.type };
  const text = bytes.toString("latin1");
  const forbidden = format.type === "application/pdf" ? [...FORBIDDEN, ...FORBIDDEN_IN_PDF] : FORBIDDEN;
  if (!format.whole(bytes) || forbidden.some((re) => re.test(text))) {
    return { ok: false, message: attachmentMessages.mixed };
  }
  return { ok: true, type: format.type, ext: format.ext };
}

/** A file name safe to show and to send in Content-Disposition: no path, no control or quote characters. */
export function safeFileName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .replace(/[^\w.\- ]+/g, "_")
    .replace(/^\.+/, "")
    .slice(0, 80)
    .trim();
  const stem = base.replace(/\.[^.]*$/, "") || "attachment";
  return `${stem}.${ext}`;
}
