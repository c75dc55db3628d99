import { FileDown } from "lucide-react";
import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { getConfig } from "~/config.server.ts";
import {
  isLegalSlug,
  legalPlaceholderValues,
  legalSlugs,
  loadLegalDocument,
} from "~/domain/legal/documents.server.ts";
import { type Block, type Inline, unfilledPlaceholders } from "~/domain/legal/markdown.ts";
import { buttonClass } from "~/ui/button.tsx";
import { seo } from "~/utils/seo.ts";
import type { Route } from "./+types/legal";

export async function loader({ params }: Route.LoaderArgs) {
  if (!isLegalSlug(params.doc)) throw data(null, { status: 404 });
  const document = await loadLegalDocument(params.doc, legalPlaceholderValues(getConfig().brand));
  return { document, unfilled: unfilledPlaceholders(document.blocks), slugs: legalSlugs };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) =>
  seo({
    title: loaderData?.document.title ?? "Legal",
    description: `${loaderData?.document.title ?? "Legal document"}: the full text, also as a PDF.`,
    path: `/legal/${params.doc}`,
    matches,
  });

function InlineContent({ content }: { content: Inline[] }) {
  return (
    <>
      {content.map((part, i) => {
        const key = `${i}-${part.kind}`;
        if (part.kind === "bold")
          return (
            <strong key={key} className="font-semibold text-ink">
              {part.text}
            </strong>
          );
        if (part.kind === "placeholder")
          return part.value ? (
            <span key={key}>{part.value}</span>
          ) : (
            <mark key={key} className="rounded bg-warning-soft px-1 font-medium text-warning">
              [{part.label}]
            </mark>
          );
        return <span key={key}>{part.text}</span>;
      })}
    </>
  );
}

function BlockView({ block }: { block: Block }): ReactNode {
  if (block.kind === "heading") {
    if (block.level === 1) return null; // the page renders the title itself
    const Tag = block.level === 2 ? "h2" : "h3";
    return (
      <Tag
        className={block.level === 2 ? "mt-8 text-xl font-semibold text-ink" : "mt-6 font-semibold text-ink"}
      >
        <InlineContent content={block.content} />
      </Tag>
    );
  }
  if (block.kind === "list")
    return (
      <ul className="mt-3 list-disc space-y-1.5 pl-6">
        {block.items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static document order
          <li key={i}>
            <InlineContent content={item} />
          </li>
        ))}
      </ul>
    );
  return (
    <p className="mt-3">
      <InlineContent content={block.content} />
    </p>
  );
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { document, unfilled } = loaderData;
  return (
    <div className="container-page max-w-3xl py-12">
      <p className="text-sm font-semibold text-brand">Legal</p>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-ink">{document.title}</h1>
        <a
          href={`/legal/${document.slug}/pdf`}
          className={buttonClass("secondary", "sm")}
          download={`${document.slug}.pdf`}
        >
          <FileDown aria-hidden className="size-4" />
          Download PDF
        </a>
      </div>
      {unfilled.length > 0 ? (
        <p className="mt-4 rounded-md border border-warning/30 bg-warning-soft px-4 py-3 text-sm text-warning">
          This document is a template. Details marked in brackets ({unfilled.join(", ")}) have not been set by
          the operator yet.
        </p>
      ) : null}
      <article className="mt-4 leading-relaxed text-muted">
        {document.blocks.map((block, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static document order
          <BlockView key={i} block={block} />
        ))}
      </article>
      <p className="mt-10 text-sm text-muted">
        Questions about this document?{" "}
        <Link to="/contact" className="font-medium text-brand underline">
          Contact us
        </Link>
        .
      </p>
    </div>
  );
}
