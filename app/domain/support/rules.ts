// Support tickets' rules (issue 20, ADR 0080), pure: what a ticket form accepts, the words for
// categories and statuses, which status follows which event, and the queue's timings.
import { z } from "../zod.ts";

/** The same lists as support_tickets' check constraints (a test holds them equal). */
export const SUPPORT_CATEGORIES = Object.freeze([
  "account",
  "deposit",
  "withdrawal",
  "staking",
  "billing",
  "other",
] as const);
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_STATUSES = Object.freeze(["open", "waiting", "resolved", "closed"] as const);
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const CATEGORY_LABELS: Readonly<Record<SupportCategory, string>> = Object.freeze({
  account: "Account and sign-in",
  deposit: "Deposits",
  withdrawal: "Withdrawals",
  staking: "Staking",
  billing: "Membership and billing",
  other: "Something else",
});

export const STATUS_LABELS: Readonly<Record<SupportStatus, string>> = Object.freeze({
  open: "Open",
  waiting: "Waiting on you",
  resolved: "Resolved",
  closed: "Closed",
});

/** The staff's view of the same status: "waiting" is the member's turn, not theirs. */
export const STAFF_STATUS_LABELS: Readonly<Record<SupportStatus, string>> = Object.freeze({
  open: "Open",
  waiting: "Waiting on member",
  resolved: "Resolved",
  closed: "Closed",
});

export const ticketMessages = Object.freeze({
  category: "Choose what your question is about.",
  subject: "Give your question a short subject.",
  subjectLong: "Keep the subject under 120 characters.",
  message: "Tell us what happened, so we can help.",
  messageLong: "Keep the message under 5,000 characters.",
  reply: "Write a reply.",
  rating: "Choose from 1 to 5 stars.",
  operation: "Choose one of your own transactions, or none.",
});

const body = z.string().trim().min(1, ticketMessages.message).max(5000, ticketMessages.messageLong);

export const newTicketSchema = z.object({
  category: z.enum(SUPPORT_CATEGORIES, { message: ticketMessages.category }),
  subject: z.string().trim().min(1, ticketMessages.subject).max(120, ticketMessages.subjectLong),
  message: body,
  /** A ledger operation id of the member's, or empty. */
  operationId: z
    .string()
    .trim()
    .regex(/^\d{0,18}$/, ticketMessages.operation)
    .optional()
    .transform((v) => (v ? BigInt(v) : null)),
  fromPath: z
    .string()
    .optional()
    .transform((v) => (v && isSameSitePath(v) ? v.slice(0, 300) : null)),
});
export type NewTicketInput = z.output<typeof newTicketSchema>;

export const replySchema = z.object({
  message: z.string().trim().min(1, ticketMessages.reply).max(5000, ticketMessages.messageLong),
});

export const ratingSchema = z.object({
  rating: z.coerce
    .number({ message: ticketMessages.rating })
    .int(ticketMessages.rating)
    .min(1, ticketMessages.rating)
    .max(5, ticketMessages.rating),
  comment: z.string().trim().max(1000, "Keep the comment under 1,000 characters.").optional(),
});

/** A path on this site ("/wallet"), never another site ("//evil.example", "https://…"). */
export function isSameSitePath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");
}

export type TicketEvent = "member-reply" | "staff-reply" | "internal-note" | "resolve" | "close" | "reopen";

/**
 * The status after an event. A staff reply hands the turn to the member; the member's reply hands
 * it back (and reopens a resolved ticket); an internal note changes nothing. A closed ticket is
 * final: the member opens a new one.
 */
export function nextStatus(current: SupportStatus, event: TicketEvent): SupportStatus | null {
  if (current === "closed") return event === "internal-note" ? "closed" : null;
  switch (event) {
    case "member-reply":
      return "open";
    case "staff-reply":
      return "waiting";
    case "internal-note":
      return current;
    case "resolve":
      return current === "resolved" ? null : "resolved";
    case "close":
      return "closed";
    case "reopen":
      return current === "resolved" ? "open" : null;
  }
}

/** A duration in words for the queue: "45 min", "3 h 10 min", "2 d 4 h". */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/** The median of some durations (ms), or null when there are none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** How a ticket number reads: "#1042". */
export function ticketNumber(id: bigint | string): string {
  return `#${id}`;
}

/** One message of a thread as the pages show it (plain JSON). */
export type ThreadMessage = {
  id: string;
  author: "member" | "staff" | "visitor";
  authorName: string | null;
  body: string;
  internal: boolean;
  createdAt: string;
  files: { id: string; fileName: string; contentType: string; size: number }[];
};
