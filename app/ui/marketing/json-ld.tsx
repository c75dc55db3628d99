import { useNonce } from "~/utils/nonce.tsx";
import { jsonLd } from "~/utils/seo.ts";

/** Structured data as a JSON-LD script carrying the CSP nonce (inline scripts need it). */
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
