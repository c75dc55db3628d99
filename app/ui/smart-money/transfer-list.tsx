import { ArrowDownLeft, ArrowUpRight } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { formatDateTime } from "../../domain/dates.ts";
import { formatWithSymbol } from "../../domain/money/amount.ts";
import { DIRECTION_LABELS, type Direction } from "../../domain/smart-money/transfers.ts";
import type { TransferView } from "../../domain/smart-money/types.ts";
import { Badge } from "../badge.tsx";
import { Button } from "../button.tsx";
import { FieldError, inputClass } from "../field.tsx";

const directionTone: Record<Direction, "negative" | "positive" | "neutral"> = {
  "to-exchange": "negative",
  "from-exchange": "positive",
  other: "neutral",
};

const short = (value: string) => (value.length > 16 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value);

function NoteForm({ transfer, error }: { transfer: TransferView; error?: string | undefined }) {
  const busy = useNavigation().state === "submitting";
  const id = `note-${transfer.id}`;
  return (
    <Form method="post" preventScrollReset className="mt-3 flex flex-wrap items-end gap-2">
      <input type="hidden" name="transferId" value={transfer.id} />
      <div className="min-w-0 flex-1 space-y-1">
        <label htmlFor={id} className="block text-xs font-medium text-muted">
          Analyst's note
        </label>
        <input
          id={id}
          name="body"
          maxLength={500}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass} h-10 text-sm`}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
        Add note
      </Button>
    </Form>
  );
}

/**
 * Large transfers, newest first: who, which way, how much and its dollar value on the day, with
 * analysts' notes. `annotate`: the viewer may add notes (the server checks again).
 */
export function TransferList({
  transfers,
  annotate,
  errors,
  showAddress = true,
}: {
  transfers: TransferView[];
  annotate: boolean;
  errors?: Record<string, string | undefined>;
  showAddress?: boolean;
}) {
  return (
    <ul className="divide-y divide-line" aria-label="Large transfers">
      {transfers.map((t) => (
        <li key={t.id} className="space-y-2 px-5 py-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={directionTone[t.direction]}>{DIRECTION_LABELS[t.direction]}</Badge>
            {t.isSample ? <Badge tone="warning">Sample</Badge> : null}
            <time dateTime={t.occurredAt} className="text-sm text-muted">
              {formatDateTime(t.occurredAt)}
            </time>
          </div>
          <p className="flex flex-wrap items-baseline gap-x-2 text-ink">
            {t.flow === "in" ? (
              <ArrowDownLeft aria-hidden className="size-4 self-center text-positive" />
            ) : (
              <ArrowUpRight aria-hidden className="size-4 self-center text-negative" />
            )}
            <span className="font-semibold">
              {formatWithSymbol(BigInt(t.amountMinor), t.asset, { decimals: t.asset === "BTC" ? 4 : 0 })}
            </span>
            <span className="text-sm text-muted">
              {t.usdValueCents === null
                ? "USD value unknown (no price for that day)"
                : `${formatWithSymbol(BigInt(t.usdValueCents), "USD", { decimals: 0 })} at that day's close`}
            </span>
          </p>
          <p className="text-sm text-muted">
            {t.flow === "in" ? "Into " : "Out of "}
            {showAddress ? (
              <Link to={`/smart-money/${t.address}`} className="font-semibold text-brand hover:underline">
                {t.label}
              </Link>
            ) : (
              <span className="font-semibold text-ink">{t.label}</span>
            )}
            {t.flow === "in" ? " from " : " to "}
            {t.counterpartyLabel ??
              (t.counterparty ? (
                <span className="font-mono">{short(t.counterparty)}</span>
              ) : (
                "several addresses"
              ))}
            {" · "}
            <span className="font-mono" title={t.txid}>
              tx {short(t.txid)}
            </span>
          </p>
          {t.notes.length > 0 ? (
            <ul className="space-y-1 rounded-md bg-subtle px-3 py-2 text-sm" aria-label="Analysts' notes">
              {t.notes.map((n) => (
                <li key={n.id}>
                  <span className="text-ink">{n.body}</span>{" "}
                  <span className="text-muted">
                    — {n.author}, {formatDateTime(n.at)}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {annotate ? <NoteForm transfer={t} error={errors?.[t.id]} /> : null}
        </li>
      ))}
    </ul>
  );
}
