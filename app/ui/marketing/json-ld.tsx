import { useNonce } from "~/utils/nonce.tsx";
import { jsonLd } from "~/utils/seo.ts";

/**
 * Structured data as a JSON-LD script, with the document's CSP nonce when it has one. A data
 * block never runs, so a static document without a nonce (ADR 0091) loses nothing.
 */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, not executable
      dangerouslySetInnerHTML={{ __html: jsonLd(data) }}
    />
  );
}
