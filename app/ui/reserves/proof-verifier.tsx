import { type ChangeEvent, useId, useState } from "react";
import { type InclusionProof, type Sums, verifyInclusionProof } from "~/domain/reserves/merkle-sum.ts";

export interface PublishedRoot {
  snapshotId: string;
  day: string;
  rootHash: string;
  totals: Sums;
}

type Outcome = { kind: "idle" } | { kind: "ok"; text: string } | { kind: "fail"; text: string };

/**
 * Checks a downloaded inclusion proof in this browser, against the root published on this page
 * for the proof's day (never against the root written inside the proof itself).
 */
export function ProofVerifier({ published }: { published: readonly PublishedRoot[] }) {
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });

  async function check(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    let proof: InclusionProof;
    try {
      proof = JSON.parse(await file.text()) as InclusionProof;
    } catch {
      setOutcome({ kind: "fail", text: "This file is not a proof: it is not JSON." });
      return;
    }
    const root = published.find((p) => p.snapshotId === String(proof?.snapshotId));
    if (!root) {
      setOutcome({ kind: "fail", text: "This proof is for a snapshot not published on this page." });
      return;
    }
    const result = await verifyInclusionProof(proof, { hash: root.rootHash, sums: root.totals });
    setOutcome(
      result.ok
        ? { kind: "ok", text: `Verified: your balances are included in the ${root.day} commitment.` }
        : { kind: "fail", text: `Not verified. ${result.reason}` },
    );
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Check a proof file in this browser
      </label>
      <input
        id={id}
        type="file"
        accept="application/json,.json"
        onChange={check}
        className="block w-full text-sm text-muted file:mr-3 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-ink"
      />
      <p
        role="status"
        className={
          outcome.kind === "ok"
            ? "rounded-md bg-positive-soft px-3 py-2 text-sm font-semibold text-positive"
            : outcome.kind === "fail"
              ? "rounded-md bg-negative-soft px-3 py-2 text-sm font-semibold text-negative"
              : "sr-only"
        }
      >
        {outcome.kind === "idle" ? "" : outcome.text}
      </p>
    </div>
  );
}
