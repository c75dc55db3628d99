import { data } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { memberInvoicePdf } from "~/domain/membership/invoice-pdf.server.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/invoice-pdf";

/**
 * GET /settings/billing/invoices/<id>.pdf: the signed-in member's own receipt. Another member's
 * invoice answers 404, as one that does not exist: an id never tells whether it is someone's.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const id = /^([A-Za-z0-9-]{1,64})\.pdf$/.exec(args.params.file)?.[1];
  const receipt = id ? await memberInvoicePdf(getDb(), { userId: session.user.id, invoiceId: id }) : null;
  if (!receipt) throw data("Not Found", { status: 404 });
  return new Response(new Uint8Array(receipt.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${receipt.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
