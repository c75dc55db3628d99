// What the back-office support pages show, as plain JSON (issue 20, ADR 0080).
import type { Db } from "../../db/client.server.ts";
import { formatDuration, SUPPORT_CATEGORIES, SUPPORT_STATUSES } from "./rules.ts";
import {
  assignableStaff,
  getTicketForStaff,
  listCannedReplies,
  listQueue,
  type QueueFilter,
  queueMetrics,
} from "./staff.server.ts";
import { operationLabel, threadView } from "./views.server.ts";

/** The queue's filter from the URL; anything unknown falls back to the default view. */
export function queueFilterOf(params: URLSearchParams): QueueFilter {
  const status = params.get("status") ?? "active";
  const category = params.get("category") ?? "all";
  const assigned = params.get("assigned") ?? "all";
  return {
    status:
      status === "active" || status === "all" || (SUPPORT_STATUSES as readonly string[]).includes(status)
        ? (status as QueueFilter["status"])
        : "active",
    category:
      category === "all" || (SUPPORT_CATEGORIES as readonly string[]).includes(category)
        ? (category as QueueFilter["category"])
        : "all",
    assigned: assigned === "me" || assigned === "unassigned" ? assigned : "all",
    q: (params.get("q") ?? "").slice(0, 100),
  };
}

export async function queueView(db: Db, input: { staffId: string; filter: QueueFilter; now: Date }) {
  const [rows, metrics] = await Promise.all([listQueue(db, input), queueMetrics(db, input.now)]);
  const ms = (v: number | null) => (v === null ? null : formatDuration(v));
  return {
    filter: input.filter,
    metrics: {
      medianFirstResponse: ms(metrics.medianFirstResponseMs),
      medianResolution: ms(metrics.medianResolutionMs),
      averageRating: metrics.averageRating === null ? null : metrics.averageRating.toFixed(1),
      ratings: metrics.ratings,
      open: metrics.counts.open ?? 0,
      waiting: metrics.counts.waiting ?? 0,
    },
    tickets: rows.map((r) => ({
      id: r.id.toString(),
      subject: r.subject,
      category: r.category,
      status: r.status,
      email: r.email,
      source: r.source,
      assignee: r.assignee,
      updatedAt: r.updatedAt.toISOString(),
      age: formatDuration(input.now.getTime() - r.createdAt.getTime()),
      firstResponse: r.firstResponseAt
        ? formatDuration(r.firstResponseAt.getTime() - r.createdAt.getTime())
        : null,
      rating: r.rating,
    })),
  };
}

export async function staffTicketView(db: Db, ticketId: bigint, now: Date) {
  const found = await getTicketForStaff(db, ticketId);
  if (!found) return null;
  const [staff, canned] = await Promise.all([assignableStaff(db), listCannedReplies(db)]);
  const t = found.ticket;
  const names = new Map(found.messages.map((m) => [m.authorId, m.authorName]));
  return {
    ticket: {
      id: t.id.toString(),
      subject: t.subject,
      category: t.category,
      status: t.status,
      source: t.source,
      email: t.email,
      fromPath: t.fromPath,
      assigneeId: t.assigneeId,
      createdAt: t.createdAt.toISOString(),
      age: formatDuration(now.getTime() - t.createdAt.getTime()),
      firstResponse: t.firstResponseAt
        ? formatDuration(t.firstResponseAt.getTime() - t.createdAt.getTime())
        : null,
      resolution: t.resolvedAt ? formatDuration(t.resolvedAt.getTime() - t.createdAt.getTime()) : null,
      rating: t.rating,
      ratingComment: t.ratingComment,
    },
    member: found.member,
    operation: found.operation
      ? { id: found.operation.id.toString(), label: operationLabel(found.operation) }
      : null,
    messages: threadView(found.messages, (id) => names.get(id) ?? null),
    staff: staff.map((s) => ({ id: s.id, label: `${s.name} (${s.email})` })),
    canned: canned.map((c) => ({ id: c.id.toString(), title: c.title, body: c.body })),
  };
}

export async function cannedView(db: Db) {
  return (await listCannedReplies(db)).map((c) => ({ id: c.id.toString(), title: c.title, body: c.body }));
}
