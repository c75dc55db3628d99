import { randomUUID } from "node:crypto";
import { data, Form, useActionData } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { listBrokers, updateBroker } from "~/domain/brokers/brokers.server.ts";
import { getSystemBalance } from "~/domain/ledger/ledger.server.ts";
import { isLedger } from "~/domain/ledger/types.ts";
import { formatAmount, safeParseAmount } from "~/domain/money/amount.ts";
import { ASSETS, CRYPTO_ASSETS, isAsset, isCryptoAsset } from "~/domain/money/assets.ts";
import { DURATION_LABELS, formatAprPercent, type StakeDurationDays } from "~/domain/staking/rules.ts";
import {
  fundRewardsPool,
  getRewardsPool,
  listStakingProducts,
  updateStakingProduct,
} from "~/domain/staking/staking.server.ts";
import { fundTreasury, getSwapSpreadBps, setSwapSpreadBps } from "~/domain/swap/swap.server.ts";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { inputClass } from "~/ui/field.tsx";
import { Table, Td, Th } from "~/ui/table.tsx";
import { type RouteArgs, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/earn";

export const meta = () => [{ title: "Earn and trade · Admin" }, { name: "robots", content: "noindex" }];

async function requireAdmin(args: RouteArgs) {
  const session = await requireSession(args);
  if (session.user.role !== "admin")
    throw data({ message: "Only administrators manage staking and swaps." }, { status: 403 });
  return session;
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const db = getDb();
  const products = await listStakingProducts(db);
  const pools = [];
  for (const ledger of ["real", "demo"] as const) {
    for (const asset of CRYPTO_ASSETS) {
      const pool = await getRewardsPool(db, { ledger, asset });
      const treasury = await getSystemBalance(db, { ledger, kind: "treasury", asset });
      pools.push({
        ledger,
        asset,
        available: formatAmount(pool.availableMinor, asset, { grouping: true }),
        reserved: formatAmount(pool.reservedMinor, asset, { grouping: true }),
        treasury: formatAmount(treasury, asset, { grouping: true }),
      });
    }
    const usd = await getSystemBalance(db, { ledger, kind: "treasury", asset: "USD" });
    pools.push({
      ledger,
      asset: "USD",
      available: "—",
      reserved: "—",
      treasury: formatAmount(usd, "USD", { grouping: true }),
    });
  }
  return {
    products: products.map((p) => ({
      id: p.id.toString(),
      asset: p.asset,
      duration: DURATION_LABELS[p.durationDays as StakeDurationDays],
      apr: formatAprPercent(p.aprBps),
      enabled: p.enabled,
    })),
    pools,
    spreadBps: await getSwapSpreadBps(db),
    brokers: (await listBrokers(db)).map((b) => ({ ...b, id: b.id.toString() })),
    fundingKey: randomUUID(),
  };
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  const db = getDb();
  const form = await args.request.formData();
  const get = (name: string) => String(form.get(name) ?? "").trim();
  const intent = get("intent");
  try {
    if (intent === "product") {
      const apr = /^\d{1,3}(\.\d{1,2})?$/.exec(get("apr"));
      if (!apr) return data({ message: "Enter the APR as a percent such as 6.5." }, 400);
      const aprBps = Math.round(Number(get("apr")) * 100);
      if (aprBps > 10_000) return data({ message: "The APR must be at most 100 %." }, 400);
      await updateStakingProduct(db, BigInt(get("id")), { aprBps, enabled: form.get("enabled") === "on" });
      return { message: "Product saved." };
    }
    if (intent === "fund-pool" || intent === "fund-treasury") {
      const ledger = get("ledger");
      const asset = get("asset");
      if (!isLedger(ledger) || !isAsset(asset))
        return data({ message: "Choose a ledger and an asset." }, 400);
      const amount = safeParseAmount(get("amount"), asset, { allowZero: false });
      if (!amount.ok) return data({ message: amount.error.message }, 400);
      const key = `admin-fund:${get("key")}`;
      if (intent === "fund-pool") {
        if (!isCryptoAsset(asset))
          return data({ message: "Rewards pools exist for the crypto assets." }, 400);
        await fundRewardsPool(db, { ledger, asset, amountMinor: amount.value, idempotencyKey: key });
      } else {
        await fundTreasury(db, { ledger, asset, amountMinor: amount.value, idempotencyKey: key });
      }
      return { message: `Funded ${formatAmount(amount.value, asset)} ${asset} on the ${ledger} ledger.` };
    }
    if (intent === "spread") {
      const bps = Number(get("spreadBps"));
      if (!Number.isInteger(bps) || bps < 0 || bps > 1000)
        return data({ message: "The spread must be 0 to 1000 basis points." }, 400);
      await setSwapSpreadBps(db, bps);
      return { message: "Spread saved." };
    }
    if (intent === "broker") {
      await updateBroker(db, BigInt(get("id")), {
        name: get("name"),
        url: get("url"),
        imageUrl: get("imageUrl"),
        priceText: get("priceText"),
        affiliate: form.get("affiliate") === "on",
        sortOrder: Number(get("sortOrder")) || 0,
        enabled: form.get("enabled") === "on",
      });
      return { message: "Broker saved." };
    }
    return data({ message: "Unknown request." }, 400);
  } catch (error) {
    return data(
      { message: error instanceof RangeError ? error.message : "That did not work. Please try again." },
      400,
    );
  }
}

export default function AdminEarn({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { products, pools, brokers } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-ink">Earn and trade</h1>
      {result?.message ? (
        <p
          role="status"
          className="rounded-md bg-brand-soft px-4 py-2 text-sm font-semibold text-brand-strong"
        >
          {result.message}
        </p>
      ) : null}
      <Card>
        <CardHeader title="Rewards pools and treasury" />
        <div className="overflow-x-auto p-4">
          <Table>
            <thead>
              <tr>
                <Th>Ledger</Th>
                <Th>Asset</Th>
                <Th>Pool available</Th>
                <Th>Rewards reserved</Th>
                <Th>Treasury</Th>
              </tr>
            </thead>
            <tbody>
              {pools.map((p) => (
                <tr key={`${p.ledger}-${p.asset}`}>
                  <Td>{p.ledger}</Td>
                  <Td>{p.asset}</Td>
                  <Td>{p.available}</Td>
                  <Td>{p.reserved}</Td>
                  <Td>{p.treasury}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
        <Form method="post" className="flex flex-wrap items-end gap-3 border-t border-line p-4">
          <input type="hidden" name="key" value={loaderData.fundingKey} />
          <label className="text-sm">
            Ledger
            <select name="ledger" className={inputClass}>
              <option value="real">real</option>
              <option value="demo">demo</option>
            </select>
          </label>
          <label className="text-sm">
            Asset
            <select name="asset" className={inputClass}>
              {ASSETS.map((a) => (
                <option key={a}>{a}</option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            Amount
            <input name="amount" inputMode="decimal" className={inputClass} required />
          </label>
          <Button type="submit" name="intent" value="fund-pool">
            Fund rewards pool
          </Button>
          <Button type="submit" name="intent" value="fund-treasury" variant="secondary">
            Fund treasury
          </Button>
        </Form>
      </Card>
      <Card>
        <CardHeader title="Swap spread" />
        <Form method="post" className="flex flex-wrap items-end gap-3 p-4">
          <input type="hidden" name="intent" value="spread" />
          <label className="text-sm">
            Spread (basis points, 100 = 1 %)
            <input
              name="spreadBps"
              defaultValue={loaderData.spreadBps}
              inputMode="numeric"
              className={inputClass}
            />
          </label>
          <Button type="submit">Save spread</Button>
        </Form>
      </Card>
      <Card>
        <CardHeader title="Staking products" />
        <ul className="divide-y divide-line">
          {products.map((p) => (
            <li key={p.id}>
              <Form method="post" className="flex flex-wrap items-center gap-3 px-4 py-2 text-sm">
                <input type="hidden" name="intent" value="product" />
                <input type="hidden" name="id" value={p.id} />
                <span className="w-40 font-semibold">
                  {p.asset} · {p.duration}
                </span>
                <label>
                  APR %{" "}
                  <input name="apr" defaultValue={p.apr} className={`${inputClass} inline-block w-24`} />
                </label>
                <label className="flex items-center gap-1">
                  <input type="checkbox" name="enabled" defaultChecked={p.enabled} /> Enabled
                </label>
                <Button type="submit" size="sm" variant="secondary">
                  Save
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </Card>
      <Card>
        <CardHeader title="Brokers (/buy)" />
        <ul className="divide-y divide-line">
          {brokers.map((b) => (
            <li key={b.id}>
              <Form method="post" className="grid gap-2 p-4 text-sm sm:grid-cols-3">
                <input type="hidden" name="intent" value="broker" />
                <input type="hidden" name="id" value={b.id} />
                <label>
                  Name <input name="name" defaultValue={b.name} className={inputClass} />
                </label>
                <label>
                  Link (https) <input name="url" defaultValue={b.url} className={inputClass} />
                </label>
                <label>
                  Image <input name="imageUrl" defaultValue={b.imageUrl} className={inputClass} />
                </label>
                <label>
                  Price text <input name="priceText" defaultValue={b.priceText} className={inputClass} />
                </label>
                <label>
                  Order <input name="sortOrder" defaultValue={b.sortOrder} className={inputClass} />
                </label>
                <div className="flex items-end gap-4">
                  <label className="flex items-center gap-1">
                    <input type="checkbox" name="affiliate" defaultChecked={b.affiliate} /> Affiliate link
                  </label>
                  <label className="flex items-center gap-1">
                    <input type="checkbox" name="enabled" defaultChecked={b.enabled} /> Shown
                  </label>
                  <Button type="submit" size="sm" variant="secondary">
                    Save
                  </Button>
                </div>
              </Form>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
