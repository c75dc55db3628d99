import { Wallet } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { AccountsAnswer, WalletRow } from "~/domain/portfolio/outside/views.ts";
import { WALLET_TYPE_LABELS, WALLET_TYPES } from "~/domain/portfolio/outside/wallet-rules.ts";
import { Button } from "../button.tsx";
import { Card, CardHeader } from "../card.tsx";
import { EmptyState } from "../empty-state.tsx";
import { Field, FieldError } from "../field.tsx";
import { Select } from "../select.tsx";
import { ConfirmDelete, Done, useResetOnSuccess, utc } from "./confirm-delete.tsx";

/** Watch-only wallets: the add form, each wallet's balance and value, and "Refresh balances". */
export function WalletsCard({
  wallets,
  answer,
  testNetwork,
}: {
  wallets: WalletRow[];
  answer: AccountsAnswer | undefined;
  testNetwork: boolean;
}) {
  const navigation = useNavigation();
  const formRef = useResetOnSuccess(answer, "add-wallet");
  const busy = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errors = answer && !answer.ok && answer.intent === "add-wallet" ? answer.errors : {};
  const refreshError =
    answer && !answer.ok && (answer.intent === "refresh" || answer.intent === "delete-wallet")
      ? answer.errors.form
      : undefined;
  return (
    <Card>
      <CardHeader
        title="Watch-only wallets"
        action={
          wallets.length > 0 ? (
            <Form method="post">
              <Button
                type="submit"
                name="intent"
                value="refresh"
                variant="secondary"
                size="sm"
                disabled={busy("refresh")}
              >
                {busy("refresh") ? "Refreshing…" : "Refresh balances"}
              </Button>
            </Form>
          ) : null
        }
      />
      <div className="space-y-4 p-5">
        <p className="text-sm text-muted">
          Add an address or a wallet's public key to see its balance here. Coinlens only reads the chain: it
          can never move these coins.{testNetwork ? " This environment watches Bitcoin testnet." : ""}
        </p>
        <Form ref={formRef} method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="add-wallet" />
          <Select
            label="What to watch"
            name="type"
            options={WALLET_TYPES.map((t) => ({ value: t, label: WALLET_TYPE_LABELS[t] }))}
            error={errors.type}
          />
          <Field
            label="Name"
            name="label"
            autoComplete="off"
            maxLength={40}
            placeholder="Cold storage"
            error={errors.label}
          />
          <Field
            label="Address or public key"
            name="value"
            autoComplete="off"
            spellCheck={false}
            className="sm:col-span-2"
            error={errors.value}
            hint="A public key (xpub, ypub or zpub) covers every address of the wallet. Never enter a private key or seed words."
          />
          <div className="space-y-2 sm:col-span-2">
            <FieldError message={errors.form} />
            <Button type="submit" disabled={busy("add-wallet")}>
              {busy("add-wallet") ? "Adding…" : "Add wallet"}
            </Button>
          </div>
        </Form>
        <FieldError message={refreshError} />
        <Done answer={answer} intents={["add-wallet", "delete-wallet", "refresh"]} />
      </div>
      {wallets.length === 0 ? (
        <EmptyState icon={Wallet} title="No wallets watched yet" headingLevel={3}>
          A hardware wallet or a phone wallet you keep yourself: add its address above and its balance counts
          in your portfolio.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-line border-t border-line" aria-label="Watched wallets">
          {wallets.map((w) => (
            <li key={w.id} className="space-y-2 px-5 py-4 sm:flex sm:items-start sm:gap-4 sm:space-y-0">
              <div className="min-w-0 flex-1 space-y-1">
                <p className="font-semibold text-ink">{w.label}</p>
                <p className="text-sm text-muted">
                  {w.kindLabel} ·{" "}
                  <span className="font-mono break-all" title={w.value}>
                    {w.shortValue}
                  </span>
                </p>
                {w.lastError ? <p className="text-sm font-medium text-negative">{w.lastError}</p> : null}
              </div>
              <div className="sm:text-right">
                <p className="font-semibold text-ink tabular-nums">
                  {w.balanceText === null ? "Balance not read yet" : `${w.balanceText} ${w.asset}`}
                </p>
                <p className="text-sm text-muted tabular-nums">
                  {w.valueText ? `${w.valueText} · ` : ""}
                  {w.asOf ? `as of ${utc(w.asOf)}` : ""}
                </p>
              </div>
              <ConfirmDelete intent="delete-wallet" id={w.id} name={`wallet ${w.label}`} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
