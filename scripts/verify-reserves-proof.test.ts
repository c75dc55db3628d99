import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type InclusionProof, type Leaf, merkleSumProof } from "../app/domain/reserves/merkle-sum.ts";

// The documented script (ADR 0087) run as a member would run it: node, a file, an exit code.

const assets = ["USD", "BTC"];
const leaves: Leaf[] = [0, 1, 2].map((n) => ({
  userId: `m${n}`,
  salt: String(n).repeat(64),
  balances: { USD: String(100 * (n + 1)), BTC: String(n) },
}));
const dir = mkdtempSync(path.join(tmpdir(), "por-script-"));

async function proofFile(name: string, change: (p: InclusionProof) => InclusionProof = (p) => p) {
  const { root, path: branch } = await merkleSumProof(assets, leaves, 1);
  const proof: InclusionProof = {
    version: 1,
    snapshotId: "7",
    takenAt: "2026-11-26T00:00:00.000Z",
    assets,
    root,
    leaf: leaves[1] as Leaf,
    path: branch,
  };
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(change(proof)));
  return { file, root };
}

function run(...args: string[]) {
  return spawnSync(process.execPath, ["scripts/verify-reserves-proof.ts", ...args], { encoding: "utf8" });
}

describe("scripts/verify-reserves-proof.ts", () => {
  it("verifies a good proof against the published root", async () => {
    const { file, root } = await proofFile("good.json");
    const result = run(file, root.hash);
    expect(result.stdout).toContain(`Verified: your leaf is in the tree whose root is ${root.hash}`);
    expect(result.stdout).toContain("USD 600");
    expect(result.status).toBe(0);
  });

  it("refuses a tampered proof and a different published root", async () => {
    const { file } = await proofFile("tampered.json", (p) => ({
      ...p,
      leaf: { ...p.leaf, balances: { USD: "9999", BTC: "1" } },
    }));
    const tampered = run(file);
    expect(tampered.stdout).toContain("NOT VERIFIED: The recomputed root does not match the published root.");
    expect(tampered.status).toBe(1);
    const { file: good } = await proofFile("good2.json");
    expect(run(good, "f".repeat(64)).status).toBe(1);
  });

  it("says how to use it", () => {
    const result = run();
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("usage: node scripts/verify-reserves-proof.ts");
  });
});
