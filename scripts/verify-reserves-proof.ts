// Checks a Coinlens proof-of-reserves inclusion proof on your own computer (ADR 0087):
//
//   node scripts/verify-reserves-proof.ts <proof.json> [published root hash]
//
// It recomputes the root of the Merkle sum tree from your leaf (your balances and salt) and the
// branch in the file, refusing any negative sum on the way, and prints the root and totals it
// reaches. Compare them with the ones on https://<site>/proof-of-reserves for that day — or pass the
// published root hash as the second argument and the script compares it for you. Exit code 0 means
// verified, 1 not verified, 2 a usage error. Needs Node.js 22.6 or newer; nothing else.
import { readFileSync } from "node:fs";
import { type InclusionProof, verifyInclusionProof } from "../app/domain/reserves/merkle-sum.ts";

const [file, publishedRoot] = process.argv.slice(2);
if (!file) {
  console.error("usage: node scripts/verify-reserves-proof.ts <proof.json> [published root hash]");
  process.exit(2);
}
let proof: InclusionProof;
try {
  proof = JSON.parse(readFileSync(file, "utf8")) as InclusionProof;
} catch (error) {
  console.error(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
const root = { hash: publishedRoot ?? proof.root?.hash, sums: proof.root?.sums ?? {} };
const result = await verifyInclusionProof(proof, root);
if (!result.ok) {
  console.log(`NOT VERIFIED: ${result.reason}`);
  process.exit(1);
}
console.log(`Verified: your leaf is in the tree whose root is ${root.hash}`);
console.log(`Snapshot ${proof.snapshotId}, taken ${proof.takenAt}`);
console.log(
  `Your balances (minor units): ${proof.assets.map((a) => `${a} ${result.balances[a]}`).join(", ")}`,
);
console.log(`Totals owed to members:      ${proof.assets.map((a) => `${a} ${root.sums[a]}`).join(", ")}`);
if (!publishedRoot) console.log("Now compare the root hash and totals with the ones published for that day.");
