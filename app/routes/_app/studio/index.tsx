import { Compass, FilePlus2 } from "lucide-react";
import { Form, Link, redirect } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formatDateTime } from "~/domain/dates.ts";
import { createDraft } from "~/domain/research/studio.server.ts";
import { studioOverview } from "~/domain/research/studio-overview.server.ts";
import {
  RESEARCH_KIND_LABELS,
  STATUS_LABELS,
  STUDIO_KINDS,
  type StudioKind,
} from "~/domain/research/studio-rules.ts";
import { Badge, type BadgeTone } from "~/ui/badge.tsx";
import { Button, ButtonLink } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { Table, Td, Th } from "~/ui/table.tsx";
import type { Route } from "./+types/index";
import { requireStudio } from "./guard.server.ts";

export const meta = () => [{ title: "Research studio · Coinlens" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { staff } = await requireStudio(args);
  return studioOverview(getDb(), staff);
}

export async function action(args: Route.ActionArgs) {
  const { staff } = await requireStudio(args);
  const form = await args.request.formData();
  const kind = String(form.get("kind") ?? "");
  if (!(STUDIO_KINDS as readonly string[]).includes(kind)) {
    return Response.json({ error: "Choose what to write." }, { status: 400 });
  }
  const id = await createDraft(getDb(), { author: staff, kind: kind as StudioKind });
  return redirect(`/studio/${id}`);
}

export const statusTone: Readonly<Record<string, BadgeTone>> = Object.freeze({
  draft: "neutral",
  in_review: "warning",
  scheduled: "brand",
  published: "positive",
});

type Row = Awaited<ReturnType<typeof loader>>["mine"][number];

function PieceTable({ rows, caption, showAuthor }: { rows: Row[]; caption: string; showAuthor?: boolean }) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <Th>Title</Th>
          <Th>Type</Th>
          {showAuthor ? <Th>Author</Th> : null}
          <Th>Status</Th>
          <Th>Updated</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className="border-b border-line last:border-0">
            <Td>
              <Link
                to={`/studio/${row.id}`}
                className="font-medium text-brand underline-offset-2 hover:underline"
              >
                {row.title || "Untitled draft"}
              </Link>
              {row.premium ? <span className="ml-2 text-xs font-semibold text-muted">Premium</span> : null}
              {row.status === "draft" && row.reviewNote ? (
                <p className="mt-1 text-xs text-warning">Sent back: {row.reviewNote}</p>
              ) : null}
            </Td>
            <Td>{RESEARCH_KIND_LABELS[row.kind]}</Td>
            {showAuthor ? <Td>{row.authorName}</Td> : null}
            <Td>
              <Badge tone={statusTone[row.status] ?? "neutral"}>{STATUS_LABELS[row.status]}</Badge>
              {row.status === "scheduled" && row.publishAt ? (
                <span className="ml-2 text-xs text-muted">{formatDateTime(row.publishAt)}</span>
              ) : null}
            </Td>
            <Td className="whitespace-nowrap text-muted">{formatDateTime(row.updatedAt)}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export default function StudioHome({ loaderData }: Route.ComponentProps) {
  const { mine, queue } = loaderData;
  return (
    <>
      <div className="max-w-2xl">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Research studio</h1>
        <p className="mt-1 text-muted">
          Write reports, picks, trading setups and market updates. Another analyst or an admin reviews each
          piece before it is published; a pick's entry price is taken from our price feed at that moment.
        </p>
      </div>
      <Card>
        <CardHeader title="Start a new piece" />
        <Form method="post" className="flex flex-wrap gap-3 p-5">
          {STUDIO_KINDS.map((kind) => (
            <Button key={kind} type="submit" name="kind" value={kind} variant="secondary">
              <FilePlus2 aria-hidden className="size-4" />
              New {RESEARCH_KIND_LABELS[kind].toLowerCase()}
            </Button>
          ))}
          <ButtonLink to="/studio/market-direction" variant="ghost">
            <Compass aria-hidden className="size-4" />
            Set the market direction
          </ButtonLink>
        </Form>
      </Card>
      <Card>
        <CardHeader title={`Waiting for your review (${queue.length})`} />
        {queue.length === 0 ? (
          <EmptyState title="Nothing to review" headingLevel={3}>
            Pieces other analysts send for review show here.
          </EmptyState>
        ) : (
          <PieceTable rows={queue} caption="Waiting for your review" showAuthor />
        )}
      </Card>
      <Card>
        <CardHeader title="Your pieces" />
        {mine.length === 0 ? (
          <EmptyState title="No pieces yet" headingLevel={3}>
            Start one above: it stays a draft until you send it for review.
          </EmptyState>
        ) : (
          <PieceTable rows={mine} caption="Your pieces" />
        )}
      </Card>
    </>
  );
}
