import { Link } from "react-router";
import { faqItems } from "~/domain/content/faq.ts";
import { Disclosure } from "~/ui/disclosure.tsx";
import { JsonLd } from "~/ui/marketing/json-ld.tsx";
import { useBrand } from "~/utils/brand.ts";
import { seo } from "~/utils/seo.ts";
import { faqPageData } from "~/utils/structured-data.ts";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Frequently asked questions",
    description:
      "Answers to the questions members ask most: our research, analysis, team and help for beginners.",
    path: "/faq",
    matches,
  });

export default function FaqPage() {
  const brand = useBrand();
  const items = faqItems(brand.name);
  return (
    <div className="container-page max-w-3xl py-12">
      <JsonLd data={faqPageData(items)} />
      <h1 className="text-3xl font-bold tracking-tight text-ink">Frequently asked questions</h1>
      <p className="mt-2 text-muted">
        Can't find what you are looking for?{" "}
        <Link to="/contact" className="font-medium text-brand underline">
          Contact us
        </Link>
        .
      </p>
      <div className="mt-8 border-t border-line">
        {items.map((item, index) => (
          <Disclosure key={item.question} title={item.question} defaultOpen={index === 0} headingLevel={2}>
            <p>{item.answer}</p>
          </Disclosure>
        ))}
      </div>
    </div>
  );
}
