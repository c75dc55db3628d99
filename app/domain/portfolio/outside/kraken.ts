// Kraken "Ledgers" export (History → Export → Ledgers, ledgers.csv):
//   "txid","refid","time","type","subtype","aclass",["subclass",]"asset",["wallet",]"amount","fee","balance"
// One line per balance change. A trade is two lines with one refid (the USD spent, the coins
// received); the coins' line becomes the transaction, valued at the USD line. Amounts and fees
// are in the line's own asset. Asset codes are Kraken's (XXBT, XETH, ZUSD, ETH2.S…).
import { safeParseAmount } from "../../money/amount.ts";
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
  usdCentsOf,
  utcTimeOf,
} from "./lines.ts";

const REQUIRED = Object.freeze(["txid", "refid", "time", "type", "asset", "amount", "fee"]);
const ALIASES: Readonly<Record<string, string>> = Object.freeze({ XBT: "BTC", XDG: "DOGE", ETH2: "ETH" });

/** XXBT → BTC, ZUSD → USD, ETH2.S → ETH, SOL.S → SOL. */
export function krakenAssetCode(code: string): string {
  let c = code
    .trim()
    .toUpperCase()
    .replace(/\.[A-Z]$/, "");
  if (c.length === 4 && (c.startsWith("X") || c.startsWith("Z")) && c !== "USDT" && c !== "USDC")
    c = c.slice(1);
  return ALIASES[c] ?? c;
}

interface Row {
  line: number;
  txid: string;
  refid: string;
  time: string;
  type: string;
  subtype: string;
  code: string;
  amount: string;
  fee: string;
}

export function parseKraken(rows: CsvRow[]): ParsedFile {
  const at = findHeader(rows, REQUIRED, 1);
  if (at < 0) {
    return {
      ok: false,
      message:
        "This is not a Kraken ledgers export: its first line must name txid, refid, time, type, asset, amount and fee.",
    };
  }
  const col = columnsOf((rows[at] as CsvRow).fields);
  const parsed: Row[] = rows.slice(at + 1).map(({ line, fields }) => ({
    line,
    txid: col(fields, "txid"),
    refid: col(fields, "refid"),
    time: col(fields, "time"),
    type: col(fields, "type").toLowerCase(),
    subtype: col(fields, "subtype").toLowerCase(),
    code: krakenAssetCode(col(fields, "asset")),
    amount: col(fields, "amount"),
    fee: col(fields, "fee"),
  }));
  const byRef = new Map<string, Row[]>();
  for (const r of parsed) if (r.refid) byRef.set(r.refid, [...(byRef.get(r.refid) ?? []), r]);
  return { ok: true, lines: parsed.map((r) => parseLine(r, byRef.get(r.refid) ?? [r])) };
}

const TRADE_TYPES: readonly string[] = Object.freeze(["trade", "spend", "receive"]);

function kindOf(r: Row, negative: boolean): OutsideKind | "internal" | null {
  if (TRADE_TYPES.includes(r.type)) return negative ? "sell" : "buy";
  if (r.type === "deposit") return "receive";
  if (r.type === "withdrawal") return "send";
  if (r.type === "staking" || (r.type === "earn" && r.subtype === "reward"))
    return negative ? null : "reward";
  if (r.type === "transfer" || r.type === "earn") return "internal";
  return null;
}

function parseLine(r: Row, group: Row[]): ParsedLine {
  const line = r.line;
  if (!r.txid)
    return {
      line,
      status: "error",
      message: "The line has no txid (Kraken leaves it empty while a change is pending).",
    };
  if (isFiat(r.code)) {
    const pair = group.find((g) => g !== r && !isFiat(g.code));
    if (TRADE_TYPES.includes(r.type) && pair) {
      return { line, status: "ignored", message: `The ${r.code} side of the trade on line ${pair.line}.` };
    }
    return {
      line,
      status: "ignored",
      message: `${r.code} is money, not a coin: only coins are tracked here.`,
    };
  }
  const asset = cryptoAssetOf(r.code);
  if (!asset.ok) return { line, status: "error", message: asset.message };
  const amount = quantityOf(r.amount, asset.asset);
  if (!amount.ok) return { line, status: "error", message: amount.message };
  const fee = safeParseAmount(r.fee.replace(/^-/, "") || "0", asset.asset);
  if (!fee.ok) return { line, status: "error", message: `The fee: ${fee.error.message}` };
  const kind = kindOf(r, amount.negative);
  if (kind === "internal")
    return {
      line,
      status: "ignored",
      message: "A move between your own Kraken wallets: nothing changed hands.",
    };
  if (kind === null)
    return { line, status: "error", message: `“${r.type}” is not a ledger type Coinlens reads.` };
  // What the member ends with: a receipt less its fee, a spending plus its fee.
  const quantityMinor = amount.negative ? amount.minor + fee.value : amount.minor - fee.value;
  if (quantityMinor <= 0n)
    return { line, status: "ignored", message: "The fee takes the whole amount: no coins moved." };
  const occurredAt = utcTimeOf(r.time);
  if (!occurredAt) return { line, status: "error", message: `The time “${r.time}” is not a date and time.` };
  let valueUsdCents: bigint | null = null;
  let feeUsdCents = 0n;
  if (kind === "buy" || kind === "sell") {
    const money = group.find((g) => g !== r && isFiat(g.code));
    if (money && money.code !== "USD") {
      return {
        line,
        status: "error",
        message: `Trades against ${money.code} are not read; only USD trades are.`,
      };
    }
    if (money) {
      const usd = usdCentsOf(money.amount);
      const usdFee = usdCentsOf(money.fee);
      if (!usd.ok || !usdFee.ok || usd.cents === null)
        return {
          line,
          status: "error",
          message: `The USD side of this trade (line ${money.line}) has no readable amount.`,
        };
      const cents = usd.cents < 0n ? -usd.cents : usd.cents;
      feeUsdCents = usdFee.cents === null ? 0n : usdFee.cents < 0n ? -usdFee.cents : usdFee.cents;
      // A buy paid the USD spent plus its fee; a sale received the USD less its fee.
      valueUsdCents = kind === "buy" ? cents + feeUsdCents : cents - feeUsdCents;
      if (valueUsdCents < 0n) valueUsdCents = 0n;
    }
  }
  const base = { kind, asset: asset.asset, quantityMinor, valueUsdCents, feeUsdCents, occurredAt };
  const note =
    valueUsdCents === null && (kind === "buy" || kind === "sell")
      ? `Kraken trade ${r.refid} (valued at the day's close)`
      : `Kraken ${r.type} ${r.refid}`;
  return {
    line,
    status: "transaction",
    tx: { ...base, note, dedupeKey: dedupeKeyOf("kraken", r.txid, base) },
  };
}
