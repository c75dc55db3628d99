import { data } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { parseId } from "~/domain/forms.ts";
import { decideAccess } from "~/domain/payments/permissions.ts";
import { documentForStaff } from "~/domain/verification/review.server.ts";
import { requestMeta, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/verification-document";

/**
 * GET /verification/documents/:id — an identity document, for staff holding
 * read:identity-document:any with a two-factor session (ADR 0082); every view is audited. Anyone
 * else — the member themselves included — and any id that is not a stored document get the same
 * 404. Served inline only as an image, never sniffed, sandboxed.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const allowed = decideAccess(session, "read:identity-document:any").ok;
  const id = parseId(args.params.id);
  const actor = {
    adminId: session.user.id,
    ip: requestMeta(args).ip,
    userAgent: args.request.headers.get("user-agent") ?? undefined,
  };
  const file = allowed && id !== null ? await documentForStaff(getDb(), actor, id) : null;
  if (!file) throw data("Not found", { status: 404 });
  const inline = file.contentType.startsWith("image/");
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${file.fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; sandbox",
    },
  });
}
