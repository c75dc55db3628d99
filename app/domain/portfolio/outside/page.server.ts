// The Holdings elsewhere page (/portfolio/accounts) as workflows (codebase guide §13): its data, and
// one function per form intent, each rate-limited and scoped to the signed-in member.
import type { Db } from "../../../db/client.server.ts";
import { systemClock } from "../../accounts/clock.ts";
import { consume, type Window } from "../../accounts/rate-limit.server.ts";
import type { BalanceReaders } from "../../chain/balances.server.ts";
import { formText, formValues, parseId } from "../../forms.ts";
import { getQuotes } from "../../market-data/cache.server.ts";
import type { TrackedSymbol } from "../../market-data/types.ts";
import { formatAmount } from "../../money/amount.ts";
import { type Asset, CRYPTO_ASSETS } from "../../money/assets.ts";
import { listOutsideTransactions, listWatchedWallets } from "../sources.server.ts";
import { formatCents, valueInUsdCents } from "../valuation.ts";
import { IMPORT_MAX_BYTES, IMPORT_SOURCES, type ImportSource } from "./lines.ts";
import { MANUAL_KIND_LABELS, validateManual } from "./manual-rules.ts";
import { FILE_TOO_LARGE, IMPORT_PRESETS } from "./presets.ts";
import {
  addManualTransaction,
  confirmImport,
  deleteImport,
  deleteManualTransaction,
  type ImportPreview,
  listImports,
  previewImport,
} from "./transactions.server.ts";
import type { AccountsAnswer, ImportRow, PreviewView, TransactionRow, WalletRow } from "./views.ts";
import { WALLET_TYPE_LABELS, walletFormSchema } from "./wallet-rules.ts";
import { addWallet, deleteWallet, refreshWallets } from "./wallets.server.ts";

/** Changes on the page by one member: far above any person's use, a stop for a script. */
export const ACCOUNT_CHANGES_PER_MEMBER: Readonly<Window> = Object.freeze({
  limit: 300,
  windowMs: 60 * 60_000,
});
/** Balance lookups (adding a wallet, "Refresh balances"): each one calls a chain provider. */
export const BALANCE_LOOKUPS_PER_MEMBER: Readonly<Window> = Object.freeze({
  limit: 10,
  windowMs: 10 * 60_000,
});
export const TOO_MANY = "Too many changes in a short time. Try again later.";
export const TOO_MANY_LOOKUPS =
  "Balances were looked up many times in the last minutes. Try again in 10 minutes.";

const SOURCE_LABEL: Readonly<Record<ImportSource, string>> = Object.freeze({
  coinbase: "Coinbase",
  kraken: "Kraken",
  binance: "Binance",
});

const shorten = (v: string) => (v.length > 24 ? `${v.slice(0, 12)}…${v.slice(-8)}` : v);
const usd = (c: bigint | null) => (c === null ? null : formatCents(c, "USD"));

export async function accountsPage(db: Db, userId: string, options: { staleSeconds: number; now?: Date }) {
  const now = options.now ?? new Date();
  const [wallets, outside, imports, quotes] = await Promise.all([
    listWatchedWallets(db, userId),
    listOutsideTransactions(db, userId),
    listImports(db, userId),
    getQuotes(db, {
      staleSeconds: options.staleSeconds,
      now,
      symbols: CRYPTO_ASSETS as unknown as TrackedSymbol[],
    }),
  ]);
  const price = (asset: Asset) =>
    quotes.quotes.find((q) => q.symbol.toUpperCase() === asset)?.priceUsd ?? null;
  const walletRows = wallets.map((w): WalletRow => {
    const p = price(w.asset);
    return {
      id: w.id.toString(),
      label: w.label,
      kindLabel:
        w.chain === "tron"
          ? WALLET_TYPE_LABELS["tron-address"]
          : WALLET_TYPE_LABELS[w.kind === "xpub" ? "btc-xpub" : "btc-address"],
      shortValue: shorten(w.value),
      value: w.value,
      asset: w.asset as "BTC" | "USDT",
      balanceText: w.balanceMinor === null ? null : formatAmount(w.balanceMinor, w.asset),
      valueText:
        w.balanceMinor === null || p === null
          ? null
          : formatCents(valueInUsdCents(w.balanceMinor, w.asset, p), "USD"),
      asOf: w.balanceAsOf?.toISOString() ?? null,
      lastError: w.lastError,
    };
  });
  const transactions = [...outside].reverse().map(
    (t): TransactionRow => ({
      id: t.id.toString(),
      source: t.source,
      kindLabel: MANUAL_KIND_LABELS[t.kind],
      asset: t.asset,
      quantityText: formatAmount(t.quantityMinor, t.asset),
      valueText: usd(t.valueUsdCents),
      feeText: t.feeUsdCents > 0n ? usd(t.feeUsdCents) : null,
      at: t.occurredAt.toISOString(),
      note: t.note,
    }),
  );
  const importRows = imports.map(
    (i): ImportRow => ({
      id: i.id.toString(),
      sourceLabel: SOURCE_LABEL[i.source],
      fileName: i.fileName,
      rowsAdded: i.rowsAdded,
      rowsSkipped: i.rowsSkipped,
      at: i.createdAt.toISOString(),
    }),
  );
  return {
    wallets: walletRows,
    transactions,
    imports: importRows,
    presets: IMPORT_PRESETS.map((p) => ({ ...p })),
    sample: quotes.sample,
    pricesAsOf: quotes.asOf,
  };
}

export interface AccountsContext {
  readers: BalanceReaders;
  now?: Date;
}

function isSource(v: string): v is ImportSource {
  return (IMPORT_SOURCES as readonly string[]).includes(v);
}

/** The file of an upload form, or its text sent back with a confirmation. */
export interface UploadedFile {
  name: string;
  text: string;
  /** Over the size limit: not read at all. */
  tooLarge?: boolean;
}

export async function accountsAction(
  db: Db,
  userId: string,
  form: FormData,
  context: AccountsContext & { file?: UploadedFile | null },
): Promise<AccountsAnswer> {
  const intent = formText(form.get("intent"));
  const limit = await consume(db, `portfolio-accounts:${userId}`, ACCOUNT_CHANGES_PER_MEMBER, systemClock);
  if (!limit.allowed) return { ok: false, intent, errors: { form: TOO_MANY } };
  const lookups = () => consume(db, `portfolio-balances:${userId}`, BALANCE_LOOKUPS_PER_MEMBER, systemClock);
  const gone = (what: string) => ({
    ok: false as const,
    intent,
    errors: { form: `That ${what} no longer exists.` },
  });
  switch (intent) {
    case "add-wallet": {
      const parsed = walletFormSchema.safeParse(formValues(form));
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
        return { ok: false, intent, errors };
      }
      if (!(await lookups()).allowed) return { ok: false, intent, errors: { form: TOO_MANY_LOOKUPS } };
      const added = await addWallet(db, context.readers, userId, parsed.data);
      if (!added.ok) return { ok: false, intent, errors: added.errors };
      return {
        ok: true,
        intent,
        message: added.lookupError
          ? `Wallet added. ${added.lookupError}`
          : "Wallet added and its balance read.",
      };
    }
    case "delete-wallet": {
      const id = parseId(form.get("id"));
      return id !== null && (await deleteWallet(db, userId, id))
        ? { ok: true, intent, message: "Wallet removed." }
        : gone("wallet");
    }
    case "refresh": {
      if (!(await lookups()).allowed) return { ok: false, intent, errors: { form: TOO_MANY_LOOKUPS } };
      const { refreshed, failed } = await refreshWallets(db, context.readers, userId);
      return failed > 0
        ? {
            ok: false,
            intent,
            errors: {
              form: `${failed} of ${refreshed + failed} balances could not be read; the last known ones are kept.`,
            },
          }
        : {
            ok: true,
            intent,
            message: refreshed === 1 ? "Balance refreshed." : `${refreshed} balances refreshed.`,
          };
    }
    case "add-tx": {
      const checked = validateManual(formValues(form), context.now ?? new Date());
      if (!checked.ok) return { ok: false, intent, errors: checked.errors };
      const added = await addManualTransaction(db, userId, checked.tx);
      if (!added.ok) return { ok: false, intent, errors: { [added.field]: added.message } };
      return { ok: true, intent, message: "Transaction added." };
    }
    case "delete-tx": {
      const id = parseId(form.get("id"));
      return id !== null && (await deleteManualTransaction(db, userId, id))
        ? { ok: true, intent, message: "Transaction deleted." }
        : gone("transaction");
    }
    case "preview":
    case "import": {
      const source = formText(form.get("source"));
      if (!isSource(source))
        return { ok: false, intent, errors: { source: "Choose the exchange the file comes from." } };
      const file = context.file;
      if (!file) return { ok: false, intent, errors: { file: "Choose a CSV file." } };
      if (file.tooLarge) return { ok: false, intent, errors: { file: FILE_TOO_LARGE } };
      if (intent === "import") {
        const done = await confirmImport(db, userId, { source, fileName: file.name, text: file.text });
        if (!done.ok) return { ok: false, intent, errors: { file: done.message } };
        return {
          ok: true,
          intent,
          message:
            done.added === 0
              ? "Nothing new: every transaction in the file is already here."
              : `${done.added} transaction${done.added === 1 ? "" : "s"} imported, ${done.skipped} line${done.skipped === 1 ? "" : "s"} skipped.`,
        };
      }
      const preview = await previewImport(db, userId, source, file.text);
      if (!preview.ok) return { ok: false, intent, errors: { file: preview.message } };
      return {
        ok: true,
        intent: "preview",
        message: "",
        preview: previewView(source, file, preview.preview),
      };
    }
    case "delete-import": {
      const id = parseId(form.get("id"));
      return id !== null && (await deleteImport(db, userId, id))
        ? { ok: true, intent, message: "Import deleted, with its transactions." }
        : gone("import");
    }
    default:
      return { ok: false, intent, errors: { form: "Unknown action." } };
  }
}

function previewView(source: ImportSource, file: UploadedFile, p: ImportPreview): PreviewView {
  return {
    source,
    sourceLabel: SOURCE_LABEL[source],
    fileName: file.name,
    text: file.text,
    rows: p.lines.map((l) => {
      if (l.status === "new" || l.status === "transaction") {
        const t = l.tx;
        const value = t.valueUsdCents === null ? "" : ` · ${formatCents(t.valueUsdCents, "USD")}`;
        return {
          line: l.line,
          status: "new" as const,
          text: `${MANUAL_KIND_LABELS[t.kind]} ${formatAmount(t.quantityMinor, t.asset)} ${t.asset}${value}`,
          at: t.occurredAt.toISOString(),
        };
      }
      return { line: l.line, status: l.status, text: l.message, at: null };
    }),
    newCount: p.newCount,
    duplicateCount: p.duplicateCount,
    errorCount: p.errorCount,
    ignoredCount: p.ignoredCount,
  };
}

/** Larger requests are refused before their form is read: the file's limit plus room for fields. */
export const ACCOUNTS_MAX_REQUEST_BYTES = 2_200_000;

/**
 * The file of a form: the uploaded file of a preview, or the file's text sent back with a
 * confirmation (re-read from scratch by confirmImport, never trusted as parsed).
 */
export async function uploadedFileOf(form: FormData): Promise<UploadedFile | null> {
  const upload = form.get("file");
  if (upload && typeof upload === "object" && upload.size > 0) {
    if (upload.size > IMPORT_MAX_BYTES) return { name: upload.name, text: "", tooLarge: true };
    return { name: upload.name || "import.csv", text: await upload.text() };
  }
  const text = formText(form.get("fileText"));
  if (text) return { name: formText(form.get("fileName")) || "import.csv", text };
  return null;
}
