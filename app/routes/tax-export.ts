import { data, redirect } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { systemClock } from "~/domain/accounts/clock.ts";
import { exportTaxFile, type TaxFileKind } from "~/domain/exports/tax-exports.server.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/tax-export";

/**
 * GET /transactions/export/koinly.csv, /transactions/export/cointracker.csv and
 * /transactions/statement/<year>.pdf: the signed-in member's own real-account history for tax
 * tools (ADR 0077). /transactions/statement?year=<year> (the card's plain form) redirects to the PDF.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const url = new URL(args.request.url);
  let kind: TaxFileKind | null = null;
  let year: number | undefined;
  if (args.params.file === "koinly.csv") kind = "koinly";
  else if (args.params.file === "cointracker.csv") kind = "cointracker";
  else if (url.pathname.startsWith("/transactions/statement")) {
    if (!args.params.file) {
      const asked = url.searchParams.get("year") ?? "";
      if (!/^\d{4}$/.test(asked)) throw data("Choose a year.", { status: 400 });
      throw redirect(`/transactions/statement/${asked}.pdf`);
    }
    const match = /^(\d{4})\.pdf$/.exec(args.params.file);
    if (match) {
      kind = "statement";
      year = Number(match[1]);
    }
  }
  if (!kind || (kind !== "statement" && url.pathname.startsWith("/transactions/statement")))
    throw data("Not Found", { status: 404 });
  const result = await exportTaxFile(getDb(), {
    userId: session.user.id,
    memberName: session.user.name,
    kind,
    year,
    clock: systemClock,
  });
  if (!result.ok) {
    if (result.reason === "bad_year") throw data("There is no statement for that year.", { status: 404 });
    throw data("Too many exports. Please try again later.", {
      status: 429,
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  return new Response(result.body, {
    headers: {
      "Content-Type": result.contentType,
      "Content-Disposition": `attachment; filename="${result.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
