// What the support pages show, as plain JSON (strings for ids, amounts and times): the loaders'
// answers. Amounts are formatted here with their asset, so the page never does money arithmetic.
import type { Db } from "../../db/client.server.ts";
import { formatWithSymbol } from "../money/amount.ts";
import { type Asset, isAsset } from "../money/assets.ts";
import type { SupportCategory, ThreadMessage } from "./rules.ts";
import {
  getMyTicket,
  linkedOperation,
  listMyTickets,
  operationsToLink,
  type threadOf,
} from "./tickets.server.ts";

const OPERATION_WORDS: Readonly<Record<string, string>> = Object.freeze({
  deposit: "Deposit",
  withdrawal: "Withdrawal",
  stake: "Stake",
  reward: "Staking reward",
  swap: "Swap",
  membership: "Membership",
});

export interface OperationSummary {
  id: string;
  label: string;
}

export function operationLabel(op: {
  id: bigint;
  type: string;
  asset: string;
  amount: bigint;
  status: string;
  createdAt: Date;
}) {
  const amount = isAsset(op.asset)
    ? formatWithSymbol(op.amount, op.asset as Asset)
    : `${op.amount} ${op.asset}`;
  const day = op.createdAt.toISOString().slice(0, 10);
  return `${OPERATION_WORDS[op.type] ?? op.type} of ${amount} on ${day} (${op.status}, #${op.id})`;
}

export function threadView(
  messages: Awaited<ReturnType<typeof threadOf>>,
  names: (authorId: string | null) => string | null = () => null,
): ThreadMessage[] {
  return messages.map((m) => ({
    id: m.id.toString(),
    author: m.authorKind,
    authorName: names(m.authorId),
    body: m.body,
    internal: m.internal,
    createdAt: m.createdAt.toISOString(),
    files: m.files.map((f) => ({
      id: f.id.toString(),
      fileName: f.fileName,
      contentType: f.contentType,
      size: f.size,
    })),
  }));
}

export async function myTicketsView(db: Db, userId: string) {
  const rows = await listMyTickets(db, userId);
  return rows.map((r) => ({
    id: r.id.toString(),
    subject: r.subject,
    category: r.category,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** The category a question about an operation of this type most likely belongs to. */
const CATEGORY_OF_OPERATION: Readonly<Record<string, SupportCategory>> = Object.freeze({
  deposit: "deposit",
  withdrawal: "withdrawal",
  stake: "staking",
  reward: "staking",
  swap: "other",
  membership: "billing",
});

/**
 * The new-ticket form: the member's recent operations to choose from and, when the page was opened
 * for one (/support/new?operation=<id>, the history's "Get help with this"), that operation chosen
 * and its category suggested. An id that is not one of the member's own operations chooses nothing
 * (the same as a missing one), so the page says nothing about another member's operations.
 */
export async function newTicketView(db: Db, userId: string, requested = "") {
  const ops = await operationsToLink(db, userId);
  const options = ops.map((op) => ({ id: op.id.toString(), label: operationLabel(op) }));
  const found = /^\d{1,18}$/.test(requested)
    ? await linkedOperation(db, { operationId: BigInt(requested), userId })
    : null;
  if (found && !options.some((o) => o.id === requested)) {
    options.unshift({ id: requested, label: operationLabel(found) });
  }
  return {
    operations: options,
    operation: found ? requested : "",
    category: found ? (CATEGORY_OF_OPERATION[found.type] ?? "") : "",
  };
}

export async function myTicketView(db: Db, userId: string, ticketId: bigint) {
  const found = await getMyTicket(db, userId, ticketId);
  if (!found) return null;
  const t = found.ticket;
  return {
    id: t.id.toString(),
    subject: t.subject,
    category: t.category,
    status: t.status,
    createdAt: t.createdAt.toISOString(),
    rating: t.rating,
    operation: found.operation
      ? { id: found.operation.id.toString(), label: operationLabel(found.operation) }
      : null,
    messages: threadView(found.messages),
  };
}
