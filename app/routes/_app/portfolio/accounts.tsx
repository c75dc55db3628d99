import { data } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { createBalanceReaders } from "~/domain/chain/balances.server.ts";
import {
  ACCOUNTS_MAX_REQUEST_BYTES,
  accountsAction,
  accountsPage,
  uploadedFileOf,
} from "~/domain/portfolio/outside/page.server.ts";
import { FILE_TOO_LARGE } from "~/domain/portfolio/outside/presets.ts";
import type { AccountsAnswer } from "~/domain/portfolio/outside/views.ts";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { DataLabels } from "~/ui/market/data-labels.tsx";
import { ImportCard } from "~/ui/portfolio-accounts/import-card.tsx";
import { TransactionsCard } from "~/ui/portfolio-accounts/transactions-card.tsx";
import { WalletsCard } from "~/ui/portfolio-accounts/wallets-card.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/accounts";

export const meta = () => [{ title: "Holdings elsewhere · Portfolio · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const config = getConfig();
  const page = await accountsPage(getDb(), session.user.id, { staleSeconds: config.market.staleSeconds });
  return { ...page, testNetwork: createBalanceReaders(getDb(), config).bitcoinNetwork === "testnet" };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  if (Number(args.request.headers.get("content-length") ?? 0) > ACCOUNTS_MAX_REQUEST_BYTES) {
    return data(
      {
        ok: false,
        intent: "preview",
        errors: { file: FILE_TOO_LARGE },
      } as AccountsAnswer,
      413,
    );
  }
  const form = await args.request.formData();
  const db = getDb();
  return accountsAction(db, session.user.id, form, {
    readers: createBalanceReaders(db, getConfig()),
    file: await uploadedFileOf(form),
  });
}

export default function Accounts({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  const { wallets, transactions, imports, presets, sample, testNetwork } = loaderData;
  const answer = actionData as AccountsAnswer | undefined;
  const empty = wallets.length === 0 && transactions.length === 0 && imports.length === 0;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-2xl space-y-1">
          <h2 className="text-xl font-semibold text-ink">Holdings elsewhere</h2>
          <p className="text-sm text-muted">
            {empty
              ? "Coins you keep outside Coinlens — in your own wallet or on another exchange — belong in the picture too. Watch a wallet's address, type a transaction, or import an exchange's CSV: your portfolio then counts them beside what you hold on Coinlens. Coinlens only reads; it never moves these coins."
              : "Coins kept outside Coinlens, counted in your portfolio beside what you hold here. Coinlens only reads them; it never moves them."}
          </p>
        </div>
        <DataLabels sample={sample} stale={false} />
      </div>
      <WalletsCard wallets={wallets} answer={answer} testNetwork={testNetwork} />
      <TransactionsCard transactions={transactions} answer={answer} />
      <ImportCard presets={presets} imports={imports} answer={answer} />
    </div>
  );
}
