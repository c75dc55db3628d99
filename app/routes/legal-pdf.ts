import { data } from "react-router";
import { getConfig } from "~/config.server.ts";
import { isLegalSlug, legalPlaceholderValues, loadLegalDocument } from "~/domain/legal/documents.server.ts";
import { renderLegalPdf } from "~/domain/legal/pdf.ts";
import type { Route } from "./+types/legal-pdf";

/** The legal documents as PDFs, rendered on request from the same templates as the pages. */
export async function loader({ params }: Route.LoaderArgs) {
  if (!isLegalSlug(params.doc)) throw data(null, { status: 404 });
  const { brand, publicUrl } = getConfig();
  const document = await loadLegalDocument(params.doc, legalPlaceholderValues(brand));
  const pdf = renderLegalPdf(
    document.blocks,
    `${brand.name} - ${document.title} - ${publicUrl}/legal/${params.doc}`,
  );
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${params.doc}.pdf"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
