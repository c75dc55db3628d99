// The yearly statement (ADR 0077): opening and closing balance per asset and every movement of
// the year, as blocks for the PDF writer the legal documents and receipts already use. Pure.
import { formatDateTime } from "../dates.ts";
import type { Block } from "../legal/markdown.ts";
import { formatAmount } from "../money/amount.ts";
import { ASSETS, type Asset } from "../money/assets.ts";
import type { TaxLeg, TaxRow } from "./tax-rows.ts";

export interface StatementInput {
  year: number;
  memberName: string;
  opening: ReadonlyMap<Asset, bigint>;
  closing: ReadonlyMap<Asset, bigint>;
  movements: readonly TaxRow[];
  generatedAt: Date;
}

/** The years a statement can be asked for: from 2009 (the first coins) to the current one. */
export function isStatementYear(year: number, now: Date): boolean {
  return Number.isSafeInteger(year) && year >= 2009 && year <= now.getUTCFullYear();
}

export function yearBounds(year: number): { start: Date; end: Date } {
  return { start: new Date(Date.UTC(year, 0, 1)), end: new Date(Date.UTC(year + 1, 0, 1)) };
}

const text = (t: string) => [{ kind: "text" as const, text: t }];
const legText = (leg: TaxLeg) =>
  `${formatAmount(leg.amountMinor, leg.asset, { grouping: true })} ${leg.asset}`;

/** "2 Jan 2026, 03:04 UTC - Swap BTC to USDT: sent 0.1 BTC; received 6,003 USDT; fee 3 USDT". */
export function movementLine(row: TaxRow): string {
  const parts: string[] = [];
  if (row.sent) parts.push(`sent ${legText(row.sent)}`);
  if (row.received) parts.push(`received ${legText(row.received)}`);
  if (row.fee) parts.push(`fee ${legText(row.fee)}`);
  return `${formatDateTime(row.at)} - ${row.description}: ${parts.join("; ")}`;
}

export function statementBlocks(input: StatementInput): Block[] {
  const assets = ASSETS.filter(
    (a) =>
      (input.opening.get(a) ?? 0n) !== 0n ||
      (input.closing.get(a) ?? 0n) !== 0n ||
      input.movements.some((m) => m.sent?.asset === a || m.received?.asset === a || m.fee?.asset === a),
  );
  const balance = (map: ReadonlyMap<Asset, bigint>, a: Asset) =>
    `${formatAmount(map.get(a) ?? 0n, a, { grouping: true })} ${a}`;
  const blocks: Block[] = [
    { kind: "heading", level: 1, content: text(`Coinlens statement ${input.year}`) },
    {
      kind: "paragraph",
      content: text(
        `${input.memberName}. Your real account from 1 January ${input.year} to 31 December ${input.year} (UTC), from the ledger. Demo money is not included. Amounts are exact; a swap's received amount is before its fee, which is listed beside it.`,
      ),
    },
    { kind: "heading", level: 2, content: text("Balances") },
  ];
  blocks.push(
    assets.length === 0
      ? { kind: "paragraph", content: text("No balances and no movements in this year.") }
      : {
          kind: "list",
          items: assets.map((a) =>
            text(`${a}: opening ${balance(input.opening, a)}, closing ${balance(input.closing, a)}`),
          ),
        },
  );
  blocks.push({ kind: "heading", level: 2, content: text(`Movements (${input.movements.length})`) });
  blocks.push(
    input.movements.length === 0
      ? { kind: "paragraph", content: text("No movements in this year.") }
      : { kind: "list", items: input.movements.map((m) => text(movementLine(m))) },
  );
  blocks.push({
    kind: "paragraph",
    content: text(
      `Generated ${formatDateTime(input.generatedAt)}. This statement is a record of your account, not tax advice.`,
    ),
  });
  return blocks;
}

/** The years a member can ask a statement for, newest first: from the year they joined to now. */
export function statementYears(joined: Date, now: Date): number[] {
  const first = Math.max(2009, Math.min(joined.getUTCFullYear(), now.getUTCFullYear()));
  const years: number[] = [];
  for (let year = now.getUTCFullYear(); year >= first; year--) years.push(year);
  return years;
}
