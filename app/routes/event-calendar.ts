import { data } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { parseId } from "~/domain/forms.ts";
import { calendarFileFor } from "~/domain/live-events/actions.server.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/event-calendar";

/**
 * GET /events/:id/calendar.ics — the event as an iCalendar file (RFC 5545), for a member registered
 * for it: it carries the join link. Anyone else, and any id that is not an event, gets the same 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const id = parseId(args.params.id);
  const config = getConfig();
  const file =
    id === null
      ? null
      : await calendarFileFor(getDb(), {
          eventId: id,
          userId: session.user.id,
          publicUrl: config.publicUrl,
          brand: config.brand.name,
          now: new Date(),
        });
  if (!file) throw data("Not found", { status: 404 });
  return new Response(file.body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
