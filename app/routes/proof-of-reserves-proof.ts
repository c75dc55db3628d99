import { data } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { parseId } from "~/domain/forms.ts";
import { memberInclusionProof } from "~/domain/reserves/snapshots.server.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/proof-of-reserves-proof";

/**
 * GET /proof-of-reserves/proof?snapshot=<id> — the signed-in member's own inclusion proof (ADR
 * 0087). It is always the session's member's: there is no way to name another member, and a
 * snapshot the member is not in is the same 404 as one that does not exist.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const snapshotId = parseId(new URL(args.request.url).searchParams.get("snapshot") ?? undefined);
  const proof =
    snapshotId === null
      ? undefined
      : await memberInclusionProof(getDb(), { snapshotId, userId: session.user.id });
  if (!proof) throw data("Not found", { status: 404 });
  const body = JSON.stringify(proof, null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="coinlens-reserves-proof-${proof.takenAt.slice(0, 10)}.json"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
