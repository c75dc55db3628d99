import { data } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { parseId } from "~/domain/forms.ts";
import { decideAccess } from "~/domain/payments/permissions.ts";
import { attachmentFor } from "~/domain/support/tickets.server.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/support-attachment";

/**
 * GET /support/attachments/:id — a ticket's file, for the ticket's member or staff allowed to read
 * tickets (with a two-factor session, like every back-office page). Anyone else, and any id that is
 * not a file, gets the same 404. Served as a download unless it is an image, never sniffed.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const id = parseId(args.params.id);
  const staff = decideAccess(session, "read:ticket:any").ok;
  const file = id === null ? null : await attachmentFor(getDb(), { id, userId: session.user.id, staff });
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
