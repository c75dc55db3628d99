import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ArchiveError, listTar, readEntryBytes, writeTar } from "./tar.server.ts";

// The backup container must be an archive the system's tar reads, and ours must read what it writes.

const dir = mkdtempSync(path.join(tmpdir(), "coinlens-tar-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("tar.server", () => {
  it("writes an archive GNU tar lists and extracts, and reads it back", async () => {
    const big = path.join(dir, "big.bin");
    const bigData = Buffer.alloc(1500, 7);
    writeFileSync(big, bigData);
    const file = path.join(dir, "a.tar");
    await writeTar(file, [
      { name: "manifest.json", data: Buffer.from('{"a":1}\n') },
      { name: "database/x.bin", path: big, size: bigData.length },
      { name: "files/empty", data: Buffer.alloc(0), mode: 0o644 },
    ]);
    const listed = spawnSync("tar", ["-tvf", file], { encoding: "utf8" });
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/-rw------- .* 1500 .* database\/x\.bin/);
    expect(listed.stdout).toMatch(/-rw-r--r-- .* files\/empty/);
    const extracted = spawnSync("tar", ["-xOf", file, "manifest.json"], { encoding: "utf8" });
    expect(extracted.stdout).toBe('{"a":1}\n');

    const entries = await listTar(file);
    expect(entries.map((e) => [e.name, e.size, e.mode])).toEqual([
      ["manifest.json", 8, 0o600],
      ["database/x.bin", 1500, 0o600],
      ["files/empty", 0, 0o644],
    ]);
    expect((await readEntryBytes(file, entries[1] as (typeof entries)[number])).equals(bigData)).toBe(true);
  });

  it("reads an archive GNU tar wrote", async () => {
    writeFileSync(path.join(dir, "hello.txt"), "hello\n");
    const file = path.join(dir, "gnu.tar");
    expect(spawnSync("tar", ["-cf", file, "-C", dir, "hello.txt"]).status).toBe(0);
    const [entry] = await listTar(file);
    expect(entry?.name).toBe("hello.txt");
    expect((await readEntryBytes(file, entry as NonNullable<typeof entry>)).toString()).toBe("hello\n");
  });

  it("refuses a damaged header and a file cut short", async () => {
    const file = path.join(dir, "b.tar");
    await writeTar(file, [{ name: "manifest.json", data: Buffer.from("{}") }]);
    const bytes = readFileSync(file);

    const damaged = Buffer.from(bytes);
    damaged[5] = (damaged[5] ?? 0) ^ 0xff;
    writeFileSync(path.join(dir, "damaged.tar"), damaged);
    await expect(listTar(path.join(dir, "damaged.tar"))).rejects.toThrow(/damaged \(checksum\)/);

    writeFileSync(path.join(dir, "cut.tar"), bytes.subarray(0, 1024));
    await expect(listTar(path.join(dir, "cut.tar"))).rejects.toBeInstanceOf(ArchiveError);
    writeFileSync(path.join(dir, "cut2.tar"), bytes.subarray(0, 600));
    await expect(listTar(path.join(dir, "cut2.tar"))).rejects.toThrow(/truncated/);
  });
});
