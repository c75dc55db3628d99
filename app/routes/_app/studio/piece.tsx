import { data, Link, redirect } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import type { AdminAuditEvent } from "~/domain/accounts/audit.server.ts";
import { formatDateTime } from "~/domain/dates.ts";
import { recordAdminAudit } from "~/domain/payments/admin-audit.server.ts";
import { hasPermission } from "~/domain/payments/permissions.ts";
import { articleRecord } from "~/domain/research/article-record.server.ts";
import { renderResearchHtml } from "~/domain/research/chart-data.server.ts";
import { correct } from "~/domain/research/corrections.server.ts";
import { closePick } from "~/domain/research/picks.server.ts";
import { approve, getPiece, saveDraft, sendBack, submitForReview } from "~/domain/research/studio.server.ts";
import { readEditorForm, readHeld } from "~/domain/research/studio-form.ts";
import { peopleNames } from "~/domain/research/studio-overview.server.ts";
import { mayReview, RESEARCH_KIND_LABELS, STATUS_LABELS } from "~/domain/research/studio-rules.ts";
import { Badge } from "~/ui/badge.tsx";
import { ClosePick, CorrectionForm } from "~/ui/research/studio-correction.tsx";
import { StudioEditor } from "~/ui/research/studio-editor.tsx";
import { ReviewPanel } from "~/ui/research/studio-review.tsx";
import { requestMeta } from "~/utils/auth.server.ts";
import type { Route } from "./+types/piece";
import { requireStudio } from "./guard.server.ts";
import { statusTone } from "./index.tsx";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.piece.title || "Untitled draft"} · Research studio · Coinlens` },
  { name: "robots", content: "noindex" },
];

type Mode = "edit" | "review" | "correct" | "view";

export async function loader(args: Route.LoaderArgs) {
  const { staff } = await requireStudio(args);
  const db = getDb();
  const piece = await getPiece(db, args.params.id);
  const isAuthor = piece?.authorId === staff.id;
  const reviewer = piece ? mayReview(staff, piece.authorId) : false;
  // Someone else's draft is theirs alone: the same 404 as no piece at all.
  if (!piece || (piece.status === "draft" && !isAuthor)) throw data("No such piece.", { status: 404 });
  const mode: Mode =
    piece.status === "draft"
      ? "edit"
      : piece.status === "in_review" && reviewer
        ? "review"
        : piece.status === "published" && (isAuthor || staff.role === "admin")
          ? "correct"
          : "view";
  const names = await peopleNames(db, [piece.authorId, piece.reviewerId ?? ""]);
  return {
    mode,
    piece: {
      id: piece.id,
      kind: piece.kind,
      status: piece.status,
      title: piece.title,
      summary: piece.summary,
      body: piece.bodyMd,
      premium: piece.premium,
      holdings: piece.holdings,
      assets: piece.assets,
      topics: piece.topics,
      details: piece.details as Record<string, unknown>,
      held: readHeld(piece.details),
      slug: piece.slug,
      version: piece.version,
      reviewNote: piece.reviewNote,
      publishAt: piece.publishAt,
      publishedAt: piece.publishedAt,
      author: names[piece.authorId] ?? "",
      reviewer: piece.reviewerId ? (names[piece.reviewerId] ?? "") : "",
    },
    // What the reader will see, rendered by the same code as the article page.
    html: mode === "edit" ? "" : await renderResearchHtml(db, piece.bodyMd),
    // A published pick stays open until its author or an admin closes it at the feed's price.
    pick: piece.pickId && mode === "correct" ? (await articleRecord(db, piece.slug)).pick : null,
    canReview: hasPermission(staff.role, "review:research:any"),
  };
}

/** The reviewer's decisions and corrections go to the audit log, with who and from where. */
function auditStudio(
  args: Route.ActionArgs,
  staffId: string,
  event: AdminAuditEvent,
  pieceId: string,
  detail = {},
) {
  const meta = requestMeta(args);
  return recordAdminAudit(getDb(), {
    adminId: staffId,
    event,
    detail: { pieceId, ...detail },
    ip: meta.ip,
    userAgent: args.request.headers.get("user-agent") ?? undefined,
  });
}

export async function action(args: Route.ActionArgs) {
  const { staff } = await requireStudio(args);
  const db = getDb();
  const id = args.params.id;
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const piece = await getPiece(db, id);
  if (!piece) throw data("No such piece.", { status: 404 });
  const staleSeconds = getConfig().market.staleSeconds;
  if (intent === "save" || intent === "submit") {
    const { draft, details } = readEditorForm(form, piece.kind);
    const saved = await saveDraft(db, { pieceId: id, author: staff, draft, details });
    if (!saved.ok) return data(saved, { status: saved.status });
    if (intent === "save") return { ok: true as const, saved: new Date().toISOString() };
    const submitted = await submitForReview(db, { pieceId: id, author: staff });
    if (!submitted.ok) return data(submitted, { status: submitted.status });
    return redirect("/studio");
  }
  if (intent === "approve" || intent === "schedule") {
    const when = String(form.get("publishAt") ?? "");
    // The form's time is UTC (labelled so): "2026-12-01T09:00" → that minute in UTC.
    const publishAt = intent === "schedule" ? new Date(`${when}:00Z`) : undefined;
    const result = await approve(db, { pieceId: id, reviewer: staff, publishAt, staleSeconds });
    if (!result.ok) return data(result, { status: result.status });
    await auditStudio(
      args,
      staff.id,
      result.status === "published" ? "admin-research-published" : "admin-research-scheduled",
      id,
      {
        authorId: piece.authorId,
        ...(publishAt ? { publishAt: publishAt.toISOString() } : {}),
      },
    );
    return redirect("/studio");
  }
  if (intent === "send-back") {
    const result = await sendBack(db, { pieceId: id, reviewer: staff, note: String(form.get("note") ?? "") });
    if (!result.ok) return data(result, { status: result.status });
    await auditStudio(args, staff.id, "admin-research-sent-back", id, { authorId: piece.authorId });
    return redirect("/studio");
  }
  if (intent === "close-pick") {
    if (!piece.pickId || (piece.authorId !== staff.id && staff.role !== "admin")) {
      throw data("Only the author or an admin closes a pick.", { status: 403 });
    }
    const result = await closePick(db, { pickId: piece.pickId, staleSeconds });
    if (!result.ok) return data({ ok: false as const, message: result.message }, { status: result.status });
    await auditStudio(args, staff.id, "admin-research-pick-closed", id, { pickId: piece.pickId });
    return { ok: true as const, closed: true };
  }
  if (intent === "correct") {
    const result = await correct(db, {
      pieceId: id,
      editor: staff,
      title: String(form.get("title") ?? ""),
      summary: String(form.get("summary") ?? ""),
      body: String(form.get("body") ?? ""),
      holdings: piece.holdings,
      changeNote: String(form.get("changeNote") ?? ""),
    });
    if (!result.ok) return data(result, { status: result.status });
    await auditStudio(args, staff.id, "admin-research-corrected", id, { version: result.version });
    return { ok: true as const, corrected: result.version };
  }
  throw data("Unknown action.", { status: 400 });
}

export default function StudioPiece({ loaderData }: Route.ComponentProps) {
  const { mode, piece, html } = loaderData;
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/studio" className="text-brand underline-offset-2 hover:underline">
          Research studio
        </Link>
      </nav>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-ink">
          {mode === "edit"
            ? `${piece.title ? "" : "New "}${RESEARCH_KIND_LABELS[piece.kind].toLowerCase()}`
            : piece.title}
        </h1>
        <Badge tone={statusTone[piece.status] ?? "neutral"}>{STATUS_LABELS[piece.status]}</Badge>
        {piece.premium ? <Badge tone="brand">Premium</Badge> : null}
      </div>
      <p className="text-sm text-muted">
        {RESEARCH_KIND_LABELS[piece.kind]} by {piece.author}
        {piece.publishedAt ? ` · published ${formatDateTime(piece.publishedAt)}` : ""}
        {piece.status === "scheduled" && piece.publishAt
          ? ` · publishes ${formatDateTime(piece.publishAt)}`
          : ""}
        {piece.reviewer && piece.status !== "draft" ? ` · approved by ${piece.reviewer}` : ""}
      </p>
      {mode === "edit" ? <StudioEditor piece={piece} /> : null}
      {mode === "review" ? <ReviewPanel piece={piece} html={html} /> : null}
      {mode === "correct" && loaderData.pick ? <ClosePick pick={loaderData.pick} /> : null}
      {mode === "correct" ? <CorrectionForm piece={piece} html={html} /> : null}
      {mode === "view" ? <ReviewPanel piece={piece} html={html} readOnly /> : null}
    </>
  );
}
