// Coinbase "Transaction history" CSV (Statements → Transactions → CSV). Newer files start with a
// few preamble lines ("Transactions", "User,…") and an ID column; older ones start at the header:
//   [ID,]Timestamp,Transaction Type,Asset,Quantity Transacted,(Spot )Price Currency,
//   (Spot )Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes
// Money cells may carry "$" and thousands commas; sells may carry a minus on the quantity.
import type { CsvRow } from "./csv.ts";
import {
  columnsOf,
  cryptoAssetOf,
  dedupeKeyOf,
  findHeader,
  type OutsideKind,
  type ParsedFile,
  type ParsedLine,
  quantityOf,
  usdCentsOf,
  utcTimeOf,
} from "./lines.ts";

const REQUIRED = Object.freeze(["Timestamp", "Transaction Type", "Asset", "Quantity Transacted"]);

const KINDS: Readonly<Record<string, OutsideKind>> = Object.freeze({
  buy: "buy",
  "advanced trade buy": "buy",
  sell: "sell",
  "advanced trade sell": "sell",
  send: "send",
  withdrawal: "send",
  receive: "receive",
  deposit: "receive",
  "staking income": "reward",
  "rewards income": "reward",
  "inflation reward": "reward",
  "coinbase earn": "reward",
  "learning reward": "reward",
});

export function parseCoinbase(rows: CsvRow[]): ParsedFile {
  const at = findHeader(rows, REQUIRED);
  if (at < 0) {
    return {
      ok: false,
      message:
        "This is not a Coinbase transaction history: no line names the columns Timestamp, Transaction Type, Asset and Quantity Transacted.",
    };
  }
  const col = columnsOf((rows[at] as CsvRow).fields);
  const lines: ParsedLine[] = [];
  for (const row of rows.slice(at + 1)) lines.push(parseLine(row, col));
  return { ok: true, lines };
}

function parseLine(row: CsvRow, col: ReturnType<typeof columnsOf>): ParsedLine {
  const { line, fields } = row;
  const get = (...names: string[]) => col(fields, ...names);
  const type = get("Transaction Type");
  const kind = KINDS[type.toLowerCase()];
  if (!kind) {
    if (type.toLowerCase() === "convert") {
      return {
        line,
        status: "error",
        message: "Convert lines are not read: add the coins given and received as two manual transactions.",
      };
    }
    return {
      line,
      status: "error",
      message: type
        ? `“${type}” is not a transaction type Coinlens reads.`
        : "The line has no transaction type.",
    };
  }
  const asset = cryptoAssetOf(get("Asset"));
  if (!asset.ok) return { line, status: "error", message: asset.message };
  const quantity = quantityOf(get("Quantity Transacted"), asset.asset);
  if (!quantity.ok) return { line, status: "error", message: quantity.message };
  const occurredAt = utcTimeOf(get("Timestamp"));
  if (!occurredAt)
    return { line, status: "error", message: `The time “${get("Timestamp")}” is not a date and time.` };
  const currency = get("Price Currency", "Spot Price Currency").toUpperCase();
  if (currency && currency !== "USD" && kind !== "send" && kind !== "receive") {
    return { line, status: "error", message: `Prices in ${currency} are not read; only USD exports are.` };
  }
  const subtotal = usdCentsOf(get("Subtotal"));
  const total = usdCentsOf(get("Total (inclusive of fees and/or spread)", "Total"));
  const fees = usdCentsOf(get("Fees and/or Spread", "Fees"));
  for (const cell of [subtotal, total, fees])
    if (!cell.ok) return { line, status: "error", message: cell.message };
  const abs = (c: bigint | null) => (c === null ? null : c < 0n ? -c : c);
  const fee = (fees.ok ? abs(fees.cents) : null) ?? 0n;
  const totalCents = total.ok ? abs(total.cents) : null;
  const subtotalCents = subtotal.ok ? abs(subtotal.cents) : null;
  // A buy paid the total (fees included); a sale received the subtotal less fees, i.e. its total.
  const valueUsdCents =
    kind === "send"
      ? null
      : kind === "buy" || kind === "sell"
        ? (totalCents ?? subtotalCents)
        : (subtotalCents ?? totalCents);
  if ((kind === "buy" || kind === "sell") && valueUsdCents === null) {
    return { line, status: "error", message: "A buy or sell line needs its total in USD." };
  }
  const base = {
    kind,
    asset: asset.asset,
    quantityMinor: quantity.minor,
    valueUsdCents,
    feeUsdCents: fee,
    occurredAt,
  };
  const id = get("ID");
  return {
    line,
    status: "transaction",
    tx: {
      ...base,
      note: get("Notes").slice(0, 200) || null,
      dedupeKey: dedupeKeyOf("coinbase", id || null, base),
    },
  };
}
