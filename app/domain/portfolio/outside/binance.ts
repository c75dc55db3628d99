// Binance "Transaction History" export (Wallet → Transaction History → Export Transaction Records):
//   "User_ID","UTC_Time","Account","Operation","Coin","Change","Remark"
// One line per balance change, signed; a trade is several lines at one time (the coin bought, the
// coin spent, the fee). The export names no price, so trades are kept without a USD value and
// valued at that day's close; it has no transaction id either, so lines are told apart by a hash
// of their fields.
import type { CsvRow } from "./csv.ts";
import {
  columnsOf,
  cryptoAssetOf,
  dedupeKeyOf,
  findHeader,
  isFiat,
  type OutsideKind,
  type ParsedFile,
  type ParsedLine,
  quantityOf,
  utcTimeOf,
} from "./lines.ts";

const REQUIRED = Object.freeze(["UTC_Time", "Operation", "Coin", "Change"]);

const TRADES: readonly string[] = Object.freeze([
  "buy",
  "sell",
  "transaction buy",
  "transaction spend",
  "transaction revenue",
  "transaction sold",
  "binance convert",
  "small assets exchange bnb",
  "large otc trading",
]);
const FEES: readonly string[] = Object.freeze(["fee", "transaction fee"]);
const REWARDS: readonly string[] = Object.freeze([
  "simple earn flexible interest",
  "simple earn locked rewards",
  "staking rewards",
  "eth 2.0 staking rewards",
  "pos savings interest",
  "savings interest",
  "launchpool interest",
  "distribution",
  "airdrop assets",
]);
const INTERNAL =
  /subscription|redemption|staking purchase|transfer between|transfer_|main and funding|funding account|to earn|from earn/i;

export function parseBinance(rows: CsvRow[]): ParsedFile {
  const at = findHeader(rows, REQUIRED, 1);
  if (at < 0) {
    return {
      ok: false,
      message:
        "This is not a Binance transaction history: its first line must name UTC_Time, Operation, Coin and Change.",
    };
  }
  const col = columnsOf((rows[at] as CsvRow).fields);
  return { ok: true, lines: rows.slice(at + 1).map((row) => parseLine(row, col)) };
}

function parseLine({ line, fields }: CsvRow, col: ReturnType<typeof columnsOf>): ParsedLine {
  const operation = col(fields, "Operation");
  const op = operation.toLowerCase();
  const code = col(fields, "Coin").toUpperCase();
  if (INTERNAL.test(op)) {
    return {
      line,
      status: "ignored",
      message: "A move between your own Binance accounts: nothing changed hands.",
    };
  }
  if (isFiat(code))
    return { line, status: "ignored", message: `${code} is money, not a coin: only coins are tracked here.` };
  const asset = cryptoAssetOf(code);
  if (!asset.ok) return { line, status: "error", message: asset.message };
  const change = quantityOf(col(fields, "Change"), asset.asset);
  if (!change.ok) return { line, status: "error", message: change.message };
  let kind: OutsideKind;
  if (TRADES.includes(op)) kind = change.negative ? "sell" : "buy";
  else if (FEES.includes(op)) kind = "send";
  else if (REWARDS.includes(op)) kind = "reward";
  else if (op === "deposit") kind = "receive";
  else if (op === "withdraw") kind = "send";
  else
    return {
      line,
      status: "error",
      message: operation
        ? `“${operation}” is not an operation Coinlens reads.`
        : "The line has no operation.",
    };
  if ((kind === "receive" || kind === "reward" || kind === "buy") === change.negative && !FEES.includes(op)) {
    return {
      line,
      status: "error",
      message: `A ${operation} line with ${change.negative ? "a negative" : "a positive"} change cannot be read.`,
    };
  }
  const occurredAt = utcTimeOf(col(fields, "UTC_Time"));
  if (!occurredAt)
    return {
      line,
      status: "error",
      message: `The time “${col(fields, "UTC_Time")}” is not a date and time.`,
    };
  const base = {
    kind,
    asset: asset.asset,
    quantityMinor: change.minor,
    valueUsdCents: null,
    feeUsdCents: 0n,
    occurredAt,
  };
  const note = FEES.includes(op)
    ? `Binance fee paid in ${asset.asset}`
    : kind === "buy" || kind === "sell"
      ? `Binance ${operation} (valued at the day's close)`
      : `Binance ${operation}`;
  return {
    line,
    status: "transaction",
    tx: { ...base, note, dedupeKey: dedupeKeyOf("binance", null, base) },
  };
}
