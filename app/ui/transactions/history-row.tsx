// One operation of the member's history (/transactions), as a table row on wide screens and a list
// item on phones, each with the way to ask support about it.
import { LifeBuoy } from "lucide-react";
import { Link } from "react-router";
import { formatDateTime } from "~/domain/dates.ts";
import { activeStakeUntil, type HistoryRowJson, operationNote } from "~/domain/ledger/history.ts";
import {
  LEDGER_LABELS,
  OPERATION_STATUS_LABELS,
  OPERATION_TYPE_LABELS,
  type OperationStatus,
} from "~/domain/ledger/types.ts";
import { groupThousands } from "~/domain/money/decimal.ts";
import { Badge } from "../badge.tsx";
import { Td } from "../table.tsx";

const STATUS_TONES: Record<OperationStatus, "positive" | "warning" | "negative"> = Object.freeze({
  completed: "positive",
  pending: "warning",
  failed: "negative",
});

/** The row's status badge; a running stake reads "Active until <date>", not "Pending". */
function StatusBadge({ row }: { row: HistoryRowJson }) {
  const until = activeStakeUntil(row);
  if (until) return <Badge tone="brand">Active until {formatDateTime(until)}</Badge>;
  return <Badge tone={STATUS_TONES[row.status]}>{OPERATION_STATUS_LABELS[row.status]}</Badge>;
}

/** What the type alone would not say (a demo balance reset is recorded as a Deposit). */
function Note({ row }: { row: HistoryRowJson }) {
  const note = operationNote(row);
  return note ? <span className="block text-xs font-normal text-muted">{note}</span> : null;
}

function amountText(row: HistoryRowJson) {
  const main = `${groupThousands(row.amount)} ${row.asset}`;
  return row.counterAmount && row.counterAsset
    ? `${main} → ${groupThousands(row.counterAmount)} ${row.counterAsset}`
    : main;
}

/** The support form with this operation chosen (it checks the operation is the member's own). */
export function helpHref(row: Pick<HistoryRowJson, "id">) {
  return `/support/new?operation=${encodeURIComponent(row.id)}&from=/transactions`;
}

/** "Get help with this", named for screen readers by the operation it is about. */
function HelpLink({ row }: { row: HistoryRowJson }) {
  return (
    <Link
      to={helpHref(row)}
      className="inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap text-brand hover:underline"
      aria-label={`Get help with this ${OPERATION_TYPE_LABELS[row.type].toLowerCase()} of ${amountText(row)} on ${formatDateTime(row.createdAt)}`}
    >
      <LifeBuoy aria-hidden className="size-3.5" />
      Get help with this
    </Link>
  );
}

/** A row of the wide-screen table: date, type, amount, currency, status, account, help. */
export function HistoryTableRow({ row }: { row: HistoryRowJson }) {
  return (
    <tr data-testid="history-row">
      <Td className="whitespace-nowrap text-muted">{formatDateTime(row.createdAt)}</Td>
      <Td className="font-medium">
        {OPERATION_TYPE_LABELS[row.type]}
        <Note row={row} />
      </Td>
      <Td className="text-right tabular-nums">
        {groupThousands(row.amount)}
        {row.counterAmount && row.counterAsset ? (
          <span className="block text-xs text-muted">
            → {groupThousands(row.counterAmount)} {row.counterAsset}
          </span>
        ) : null}
      </Td>
      <Td>{row.asset}</Td>
      <Td>
        <StatusBadge row={row} />
      </Td>
      <Td className="text-muted">{LEDGER_LABELS[row.account]}</Td>
      <Td className="text-right">
        <HelpLink row={row} />
      </Td>
    </tr>
  );
}

/** An item of the phone list: type and account, date, amount and status, help. */
export function HistoryListItem({ row }: { row: HistoryRowJson }) {
  return (
    <li className="flex items-start justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium text-ink">
          {OPERATION_TYPE_LABELS[row.type]}
          <span className="ml-2 text-xs font-normal text-muted">{LEDGER_LABELS[row.account]}</span>
        </p>
        <Note row={row} />
        <p className="text-xs text-muted">{formatDateTime(row.createdAt)}</p>
        <p className="mt-1">
          <HelpLink row={row} />
        </p>
      </div>
      <div className="text-right">
        <p className="text-sm font-semibold text-ink tabular-nums">{amountText(row)}</p>
        <StatusBadge row={row} />
      </div>
    </li>
  );
}
