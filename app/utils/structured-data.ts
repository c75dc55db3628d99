import type { FaqItem } from "~/domain/content/faq.ts";
import type { PublicBrand } from "./brand.ts";

/** schema.org Organization: only what the operator configured is claimed. */
export function organizationData(brand: PublicBrand, publicUrl: string) {
  const sameAs = Object.values(brand.social).filter(Boolean);
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: brand.name,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    ...(brand.legalEntity ? { legalName: brand.legalEntity } : {}),
    ...(brand.contactEmail ? { email: brand.contactEmail } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    foundingDate: "2024",
  };
}

export function faqPageData(items: FaqItem[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}
