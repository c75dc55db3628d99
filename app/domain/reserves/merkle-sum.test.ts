import { describe, expect, it } from "vitest";
import {
  type InclusionProof,
  type Leaf,
  merkleSumProof,
  merkleSumRoot,
  verifyInclusionProof,
} from "./merkle-sum.ts";

const assets = ["USD", "BTC"] as const;

function leaf(n: number, usd: string, btc: string): Leaf {
  return { userId: `member-${n}`, salt: n.toString(16).padStart(64, "0"), balances: { USD: usd, BTC: btc } };
}

const leaves = [
  leaf(1, "1000", "0"),
  leaf(2, "250", "100000000"),
  leaf(3, "0", "5"),
  leaf(4, "7", "0"),
  leaf(5, "3", "1"),
];

async function proofFor(index: number, list: readonly Leaf[] = leaves): Promise<InclusionProof> {
  const { root, path } = await merkleSumProof(assets, list, index);
  return {
    version: 1,
    snapshotId: "1",
    takenAt: "2026-11-26T00:00:00.000Z",
    assets,
    root,
    leaf: list[index] as Leaf,
    path,
  };
}

describe("the Merkle sum tree", () => {
  it("carries the total liabilities per asset at its root", async () => {
    const root = await merkleSumRoot(assets, leaves);
    expect(root.sums).toEqual({ USD: "1260", BTC: "100000006" });
    expect(root.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("gives every member a proof that recomputes the root, for odd and even sizes", async () => {
    for (const size of [1, 2, 3, 5]) {
      const list = leaves.slice(0, size);
      const root = await merkleSumRoot(assets, list);
      for (let i = 0; i < size; i++) {
        const proof = await proofFor(i, list);
        expect(proof.root).toEqual(root);
        expect(await verifyInclusionProof(proof)).toEqual({ ok: true, balances: list[i]?.balances });
      }
    }
  });

  it("changes its root when any balance, salt or id changes", async () => {
    const root = await merkleSumRoot(assets, leaves);
    const changed = [
      leaf(1, "1000", "0"),
      leaf(2, "250", "100000000"),
      leaf(3, "0", "5"),
      leaf(4, "7", "0"),
      { ...leaf(5, "3", "1"), salt: "ff".repeat(32) },
    ];
    expect((await merkleSumRoot(assets, changed)).hash).not.toBe(root.hash);
    const moved = [
      leaf(1, "999", "0"),
      leaf(2, "251", "100000000"),
      leaf(3, "0", "5"),
      leaf(4, "7", "0"),
      leaf(5, "3", "1"),
    ];
    const movedRoot = await merkleSumRoot(assets, moved);
    expect(movedRoot.sums).toEqual(root.sums);
    expect(movedRoot.hash).not.toBe(root.hash);
  });

  it("refuses to commit to a negative balance", async () => {
    await expect(merkleSumRoot(assets, [leaf(1, "-1", "0")])).rejects.toThrow(/negative USD/);
  });
});

describe("verifying an inclusion proof", () => {
  it("fails when the member's own balance in the proof was changed", async () => {
    const proof = await proofFor(1);
    const tampered = { ...proof, leaf: { ...proof.leaf, balances: { USD: "250", BTC: "99999999" } } };
    const result = await verifyInclusionProof(tampered);
    expect(result).toEqual({ ok: false, reason: "The recomputed root does not match the published root." });
  });

  it("fails when a sibling's sums were lowered to shrink the totals", async () => {
    const proof = await proofFor(0);
    const first = proof.path[0];
    if (!first) throw new Error("no path");
    const path = [{ ...first, sums: { USD: "0", BTC: "0" } }, ...proof.path.slice(1)];
    const result = await verifyInclusionProof({ ...proof, path });
    expect(result.ok).toBe(false);
  });

  it("fails when a branch carries a negative sum, even if the totals still add up", async () => {
    const proof = await proofFor(0);
    const last = proof.path[proof.path.length - 1];
    if (!last) throw new Error("no path");
    const path = [...proof.path.slice(0, -1), { ...last, sums: { USD: "-5", BTC: last.sums.BTC ?? "0" } }];
    const result = await verifyInclusionProof({ ...proof, path });
    expect(result).toEqual({
      ok: false,
      reason: "A branch of the tree carries a negative USD sum, which could hide liabilities.",
    });
  });

  it("fails against a different published root, and when the published totals differ", async () => {
    const proof = await proofFor(2);
    expect((await verifyInclusionProof(proof, { hash: "0".repeat(64), sums: proof.root.sums })).ok).toBe(
      false,
    );
    const result = await verifyInclusionProof(proof, {
      hash: proof.root.hash,
      sums: { USD: "1261", BTC: "100000006" },
    });
    expect(result).toEqual({
      ok: false,
      reason: "The recomputed USD total does not match the published total.",
    });
  });

  it("reports a malformed proof instead of throwing", async () => {
    const proof = await proofFor(0);
    const result = await verifyInclusionProof({
      ...proof,
      leaf: { ...proof.leaf, balances: { USD: "1e3", BTC: "0" } },
    });
    expect(result).toEqual({ ok: false, reason: "The proof could not be read: not an integer amount: 1e3" });
  });
});
