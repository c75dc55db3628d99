// A minimal POSIX ustar archive: the container of a Coinlens backup (ADR 0088), so an operator can
// open one with `tar -xf` and hand its pieces to pg_restore by hand. Writing streams large members
// from disk; reading indexes the file by offsets and never loads a large member into memory.
import { createReadStream, createWriteStream, type ReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { pipeline } from "node:stream/promises";

const BLOCK = 512;

export class ArchiveError extends Error {}

export type TarSource = { name: string; mode?: number } & (
  | { data: Uint8Array }
  | { path: string; size: number }
);

function writeString(header: Buffer, offset: number, length: number, value: string) {
  const bytes = Buffer.from(value, "utf8");
  if (bytes.length > length) throw new ArchiveError(`name too long for the archive: ${value}`);
  bytes.copy(header, offset);
}

function writeOctal(header: Buffer, offset: number, length: number, value: number) {
  const digits = value.toString(8);
  if (digits.length < length) {
    header.write(`${digits.padStart(length - 1, "0")}\0`, offset, "ascii");
    return;
  }
  // GNU base-256 for sizes past 8 GiB: high bit set, big-endian value in the rest.
  let rest = BigInt(value);
  for (let i = offset + length - 1; i > offset; i--) {
    header[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  header[offset] = 0x80;
}

function headerFor(name: string, size: number, mode: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  writeString(header, 0, 100, name);
  writeOctal(header, 100, 8, mode);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, size);
  writeOctal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header.write("        ", 148, "ascii");
  header.write("0", 156, "ascii");
  header.write("ustar\0", 257, "ascii");
  header.write("00", 263, "ascii");
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return header;
}

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

/** Writes `sources` in order to `file` (created with mode 0600: a backup holds every secret). */
export async function writeTar(file: string, sources: TarSource[], mtime = new Date()): Promise<void> {
  const out = createWriteStream(file, { mode: 0o600, flags: "wx" });
  async function* chunks() {
    for (const source of sources) {
      const size = "data" in source ? source.data.length : source.size;
      yield headerFor(source.name, size, source.mode ?? 0o600, mtime);
      if ("data" in source) yield source.data;
      else yield* createReadStream(source.path);
      yield padding(size);
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  await pipeline(chunks, out);
}

export interface TarEntry {
  name: string;
  mode: number;
  size: number;
  /** Where the member's bytes start in the archive. */
  offset: number;
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const first = header[offset] ?? 0;
  if (first & 0x80) {
    let value = BigInt(first & 0x7f);
    for (let i = offset + 1; i < offset + length; i++) value = (value << 8n) | BigInt(header[i] ?? 0);
    return Number(value);
  }
  const text = header
    .subarray(offset, offset + length)
    .toString("ascii")
    .replace(/[\0 ]+$/, "")
    .trim();
  if (!/^[0-7]*$/.test(text)) throw new ArchiveError("a header field is not a number");
  return text === "" ? 0 : Number.parseInt(text, 8);
}

/**
 * The members of the archive at `file`, with their offsets. Throws ArchiveError when the file is
 * not a tar archive, a header is damaged, or the file ends before the archive does (truncated).
 */
export async function listTar(file: string): Promise<TarEntry[]> {
  const handle = await open(file, "r");
  try {
    const { size: fileSize } = await handle.stat();
    const entries: TarEntry[] = [];
    const header = Buffer.alloc(BLOCK);
    let offset = 0;
    for (;;) {
      if (offset + BLOCK > fileSize) {
        throw new ArchiveError("the file ends before the archive does: it is truncated");
      }
      await handle.read(header, 0, BLOCK, offset);
      if (header.every((byte) => byte === 0)) return entries;
      const stored = readOctal(header, 148, 8);
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] ?? 0);
      if (stored !== sum) throw new ArchiveError(`a header at byte ${offset} is damaged (checksum)`);
      const nameEnd = header.indexOf(0, 0);
      const name = header.subarray(0, nameEnd < 0 || nameEnd > 100 ? 100 : nameEnd).toString("utf8");
      const size = readOctal(header, 124, 12);
      const dataOffset = offset + BLOCK;
      if (dataOffset + size > fileSize) {
        throw new ArchiveError(`the file ends inside ${name}: it is truncated`);
      }
      entries.push({ name, mode: readOctal(header, 100, 8), size, offset: dataOffset });
      offset = dataOffset + size + padding(size).length;
    }
  } finally {
    await handle.close();
  }
}

/** A stream of one member's bytes. */
export function readEntry(file: string, entry: TarEntry): ReadStream {
  return createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 });
}

/** One member's bytes, for small members. */
export async function readEntryBytes(file: string, entry: TarEntry): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(entry.size);
    if (entry.size > 0) await handle.read(buffer, 0, entry.size, entry.offset);
    return buffer;
  } finally {
    await handle.close();
  }
}
