// The Merkle sum tree behind /proof-of-reserves (ADR 0087). Runs unchanged on the server (to
// build the tree and a member's proof), in the browser (to verify a proof) and in the documented
// script (scripts/verify-reserves-proof.ts): SHA-256 through Web Crypto, amounts as decimal
// strings of integer minor units, so nothing here depends on Node.
//
// Every node carries the sums of its subtree per asset, and a parent's hash covers both children's
// hashes AND both children's sums. A verifier walking a proof therefore checks, at every step,
// that the sibling's sums are not negative and that the parent's sums are exactly the two added:
// a negative balance hidden somewhere in the tree to shrink the published totals would have to
// appear, negative, in some member's proof (the fix to Maxwell's original scheme).

/** Domain-separation tags: a leaf can never be read as a node, nor a node as padding. */
const LEAF_TAG = "coinlens-por-leaf-v1";
const NODE_TAG = "coinlens-por-node-v1";
const PAD_TAG = "coinlens-por-pad-v1";

/** Per asset, integer minor units as decimal strings (bigint does not survive JSON). */
export type Sums = Readonly<Record<string, string>>;

export interface Leaf {
  /** The member's id, salted so a published hash reveals nothing about who is in the tree. */
  userId: string;
  /** 32 random bytes as hex, one per member per snapshot, given only to that member. */
  salt: string;
  /** The member's liabilities per asset, every asset of `assets` present. */
  balances: Sums;
}

export interface ProofStep {
  /** Where the sibling sits: the parent is hash(left, right). */
  side: "left" | "right";
  hash: string;
  sums: Sums;
}

/** What a member downloads: enough to recompute the root from their own leaf alone. */
export interface InclusionProof {
  version: 1;
  snapshotId: string;
  takenAt: string;
  assets: readonly string[];
  root: { hash: string; sums: Sums };
  leaf: Leaf;
  path: ProofStep[];
}

interface Node {
  hash: string;
  sums: Sums;
}

const encoder = new TextEncoder();

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The sums in the tree's asset order, e.g. "BTC=12;ETH=0": the same bytes wherever computed. */
function encodeSums(assets: readonly string[], sums: Sums): string {
  return assets.map((a) => `${a}=${sums[a] ?? "0"}`).join(";");
}

const INTEGER = /^(0|-?[1-9][0-9]*)$/;

function readAmount(value: string | undefined): bigint {
  if (value === undefined || !INTEGER.test(value)) throw new Error(`not an integer amount: ${value}`);
  return BigInt(value);
}

function addSums(assets: readonly string[], a: Sums, b: Sums): Sums {
  return Object.fromEntries(
    assets.map((asset) => [asset, (readAmount(a[asset]) + readAmount(b[asset])).toString()]),
  );
}

function zeroSums(assets: readonly string[]): Sums {
  return Object.fromEntries(assets.map((a) => [a, "0"]));
}

export function leafHash(assets: readonly string[], leaf: Leaf): Promise<string> {
  return sha256Hex(`${LEAF_TAG}|${leaf.salt}|${leaf.userId}|${encodeSums(assets, leaf.balances)}`);
}

function nodeHash(assets: readonly string[], left: Node, right: Node): Promise<string> {
  return sha256Hex(
    `${NODE_TAG}|${left.hash}|${encodeSums(assets, left.sums)}|${right.hash}|${encodeSums(assets, right.sums)}`,
  );
}

/** The filler beside the last node of an odd level: zero sums, a hash fixed by its place. */
async function padding(assets: readonly string[], level: number, index: number): Promise<Node> {
  return { hash: await sha256Hex(`${PAD_TAG}|${level}|${index}`), sums: zeroSums(assets) };
}

function checkLeaf(assets: readonly string[], leaf: Leaf) {
  for (const asset of assets) {
    if (readAmount(leaf.balances[asset]) < 0n)
      throw new Error(`a negative ${asset} balance cannot be committed to`);
  }
}

/** Every level of the tree, leaves first; the last level holds the root alone. */
async function buildLevels(assets: readonly string[], leaves: readonly Leaf[]): Promise<Node[][]> {
  const first: Node[] = [];
  for (const leaf of leaves) {
    checkLeaf(assets, leaf);
    first.push({
      hash: await leafHash(assets, leaf),
      sums: Object.fromEntries(assets.map((a) => [a, readAmount(leaf.balances[a]).toString()])),
    });
  }
  if (first.length === 0) first.push(await padding(assets, 0, 0));
  const levels: Node[][] = [first];
  let level = first;
  while (level.length > 1) {
    const next: Node[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Node;
      const right = level[i + 1] ?? (await padding(assets, levels.length - 1, i + 1));
      next.push({ hash: await nodeHash(assets, left, right), sums: addSums(assets, left.sums, right.sums) });
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

/** The root of the tree over `leaves`, in that order: its hash and the total per asset. */
export async function merkleSumRoot(assets: readonly string[], leaves: readonly Leaf[]): Promise<Node> {
  const levels = await buildLevels(assets, leaves);
  return levels[levels.length - 1]?.[0] as Node;
}

/** The root and the path from leaf `index` to it. */
export async function merkleSumProof(
  assets: readonly string[],
  leaves: readonly Leaf[],
  index: number,
): Promise<{ root: Node; path: ProofStep[] }> {
  if (index < 0 || index >= leaves.length) throw new Error("no such leaf");
  const levels = await buildLevels(assets, leaves);
  const path: ProofStep[] = [];
  let position = index;
  for (let depth = 0; depth < levels.length - 1; depth++) {
    const level = levels[depth] as Node[];
    const siblingIndex = position % 2 === 0 ? position + 1 : position - 1;
    const sibling = level[siblingIndex] ?? (await padding(assets, depth, siblingIndex));
    path.push({ side: position % 2 === 0 ? "right" : "left", hash: sibling.hash, sums: sibling.sums });
    position = Math.floor(position / 2);
  }
  return { root: levels[levels.length - 1]?.[0] as Node, path };
}

export type Verification = { ok: true; balances: Sums } | { ok: false; reason: string };

/**
 * Recomputes the root from the member's own leaf and the path, refusing any negative sum on the
 * way, and compares it (hash and totals) with the published root.
 */
export async function verifyInclusionProof(
  proof: InclusionProof,
  published?: { hash: string; sums: Sums },
): Promise<Verification> {
  try {
    if (proof.version !== 1)
      return { ok: false, reason: "This proof was made by a different version of the scheme." };
    const assets = proof.assets;
    const root = published ?? proof.root;
    for (const asset of assets) {
      if (readAmount(proof.leaf.balances[asset]) < 0n)
        return { ok: false, reason: `Your ${asset} balance in the proof is negative.` };
    }
    let node: Node = { hash: await leafHash(assets, proof.leaf), sums: proof.leaf.balances };
    for (const step of proof.path) {
      for (const asset of assets) {
        if (readAmount(step.sums[asset]) < 0n) {
          return {
            ok: false,
            reason: `A branch of the tree carries a negative ${asset} sum, which could hide liabilities.`,
          };
        }
      }
      const sibling: Node = { hash: step.hash, sums: step.sums };
      const [left, right] = step.side === "right" ? [node, sibling] : [sibling, node];
      node = { hash: await nodeHash(assets, left, right), sums: addSums(assets, left.sums, right.sums) };
    }
    if (node.hash !== root.hash)
      return { ok: false, reason: "The recomputed root does not match the published root." };
    for (const asset of assets) {
      if (readAmount(node.sums[asset]) !== readAmount(root.sums[asset])) {
        return { ok: false, reason: `The recomputed ${asset} total does not match the published total.` };
      }
    }
    return { ok: true, balances: proof.leaf.balances };
  } catch (error) {
    return {
      ok: false,
      reason: `The proof could not be read: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
