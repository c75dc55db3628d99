import { sql } from "drizzle-orm";
import { data, Form } from "react-router";
import { queryRows } from "~/db/client.server.ts";
import { getDb } from "~/db/db.server.ts";
import { mineBlocks, simulatedTip, simulateSend } from "~/domain/chain/simulated.server.ts";
import { scanAllDeposits } from "~/domain/deposits/watch.server.ts";
import { formValues } from "~/domain/forms.ts";
import { safeParseAmount } from "~/domain/money/amount.ts";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import { Select } from "~/ui/select.tsx";
import { notFound, requireLocalDevelopment } from "~/utils/dev-only.server.ts";
import type { Route } from "./+types/chain";

export const meta = () => [
  { title: "Simulated chain (development) · Coinlens" },
  { name: "robots", content: "noindex" },
];

/**
 * Development and test only, to a browser on this machine, with the simulated chain: "send" a
 * payment to a deposit address and mine blocks. 404 otherwise.
 */
function guard(args: Route.LoaderArgs | Route.ActionArgs) {
  const config = requireLocalDevelopment(args);
  if (config.chainWatcher !== "simulated") throw notFound();
  return config;
}

export async function loader(args: Route.LoaderArgs) {
  const config = guard(args);
  const db = getDb();
  const outputs = await queryRows<{
    chain: string;
    txid: string;
    address: string;
    amount: string;
    block_height: number | null;
  }>(
    db,
    sql`select chain, txid, address, amount::text as amount, block_height from simulated_chain_outputs order by id desc limit 20`,
  );
  return {
    tips: { bitcoin: await simulatedTip(db, "bitcoin"), tron: await simulatedTip(db, "tron") },
    confirmations: { BTC: config.payments.btcConfirmations, USDT: config.payments.tronConfirmations },
    outputs,
  };
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const config = guard(args);
  const db = getDb();
  const form = formValues(await request.formData());
  const asset = form.asset === "USDT" ? "USDT" : "BTC";
  const chain = asset === "USDT" ? "tron" : "bitcoin";
  if (form.intent === "mine") {
    const count = Math.min(Math.max(Number(form.count) || 1, 1), 100);
    await mineBlocks(db, chain, count);
  } else {
    const amount = safeParseAmount(form.amount ?? "", asset, { allowZero: false });
    const address = (form.address ?? "").trim();
    if (!amount.ok || !address) return data({ error: "Enter an address and a positive amount." }, 400);
    await simulateSend(db, { chain, address, amountMinor: amount.value });
  }
  const credited = await scanAllDeposits(db, config);
  return { error: undefined, credited };
}

export default function DevChain({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-6 p-6">
      <h1 className="text-2xl font-semibold text-ink">Simulated chain (development)</h1>
      <p className="text-muted">
        Tips: Bitcoin {loaderData.tips.bitcoin}, TRON {loaderData.tips.tron}. Required confirmations: BTC{" "}
        {loaderData.confirmations.BTC}, USDT {loaderData.confirmations.USDT}.
      </p>
      {actionData?.error ? (
        <p role="alert" className="text-negative">
          {actionData.error}
        </p>
      ) : null}
      <Card className="p-5">
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="send" />
          <Select
            label="Asset"
            name="asset"
            options={[
              { value: "BTC", label: "BTC (Bitcoin)" },
              { value: "USDT", label: "USDT (TRC20)" },
            ]}
          />
          <Field label="Deposit address" name="address" autoComplete="off" />
          <Field label="Amount" name="amount" inputMode="decimal" autoComplete="off" />
          <Button type="submit">Send payment</Button>
        </Form>
      </Card>
      <Card className="p-5">
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="mine" />
          <Select
            label="Chain"
            name="asset"
            options={[
              { value: "BTC", label: "Bitcoin" },
              { value: "USDT", label: "TRON" },
            ]}
          />
          <Field label="Blocks" name="count" defaultValue="1" inputMode="numeric" />
          <Button type="submit">Mine blocks</Button>
        </Form>
      </Card>
      <ul className="space-y-1 font-mono text-xs text-muted">
        {loaderData.outputs.map((o) => (
          <li key={`${o.chain}-${o.txid}`}>
            {o.chain} {o.txid.slice(0, 12)}… → {o.address} {o.amount}{" "}
            {o.block_height === null ? "(mempool)" : `@${o.block_height}`}
          </li>
        ))}
      </ul>
    </main>
  );
}
