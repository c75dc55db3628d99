import { data } from "react-router";
import { takeDownload } from "~/domain/account-data/settings.server.ts";
import { accounts, requestMeta, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/data-export-download";

/**
 * GET /settings/data/<id>/download: the signed-in member's own data file (ADR 0086) until it
 * expires. Another member's id answers 404, as one that does not exist.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const { db, env } = accounts();
  const file = await takeDownload(db, env, session, args.params.id, requestMeta(args));
  if (!file) throw data("Not Found", { status: 404 });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
