// Publishing a trading-setup piece (ADR 0073): the studio keeps the levels the analyst typed in
// the piece's details while it is a draft; on publishing they are checked again and become the
// setup on the board, timed and priced by the feed (setups.server.ts).
import type { researchPieces } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { setupDetailsSchema, setupExpiresAt } from "./setup-rules.ts";
import { openSetup } from "./setups.server.ts";

/** Field messages keyed `setup.<field>` for the editor, or null when the levels are sound. */
export function setupDetailsErrors(details: unknown): Partial<Record<string, string>> | null {
  const parsed = setupDetailsSchema.safeParse(details);
  if (parsed.success) return null;
  const errors: Partial<Record<string, string>> = {};
  for (const issue of parsed.error.issues)
    errors[`setup.${String(issue.path[0] ?? "form")}`] ??= issue.message;
  return errors;
}

export async function openSetupForPiece(
  tx: Db,
  input: { piece: typeof researchPieces.$inferSelect; now: Date; staleSeconds: number },
) {
  const d = setupDetailsSchema.parse(input.piece.details);
  return openSetup(tx, {
    pieceId: input.piece.id,
    asset: d.asset,
    side: d.side,
    entryLow: d.entryLow,
    entryHigh: d.entryHigh,
    stop: d.stop,
    targets: d.targets,
    timeframe: d.timeframe,
    expiresAt: setupExpiresAt(input.now, d.expiryDays),
    now: input.now,
    staleSeconds: input.staleSeconds,
  });
}
