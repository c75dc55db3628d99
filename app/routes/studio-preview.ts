import { data } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { renderResearchHtml } from "~/domain/research/chart-data.server.ts";
import { requireStudio } from "./_app/studio/guard.server.ts";
import type { Route } from "./+types/studio-preview";

/**
 * POST /studio/preview — the editor's live preview: the text rendered by the same code as the
 * article page, so what the analyst sees is what readers get. Studio staff only.
 */
export async function action(args: Route.ActionArgs) {
  await requireStudio(args);
  const form = await args.request.formData();
  const body = form.get("body");
  if (typeof body !== "string" || body.length > 60_000) throw data("The text is too long.", { status: 413 });
  return Response.json(
    { html: await renderResearchHtml(getDb(), body) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function loader() {
  throw data("Not found", { status: 404 });
}
