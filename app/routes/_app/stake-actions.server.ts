// The stake and early-exit actions shared by /stake and /fixed-etf: validate with the same
// schema the browser used, add what only the server knows (balance, pool, capacity), call the
// domain once. A refusal answers with the seed's 'Staking failed. Please try again.' and the
// reason; unexpected failures with the seed's 'An error occurred. Please try again.'
import { data } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { getBalances } from "~/domain/ledger/ledger.server.ts";
import { getUsdPrice } from "~/domain/market-data/cache.server.ts";
import { isCryptoAsset } from "~/domain/money/assets.ts";
import { stakeMessages, validateStakeForm } from "~/domain/staking/schemas.ts";
import { exitStakeEarly, listStakingProducts, openStake } from "~/domain/staking/staking.server.ts";
import { log } from "~/log.server.ts";
import type { StakeReceipt } from "~/ui/earn/stake-success-card.tsx";
import { type RouteArgs, requireVerifiedSession } from "~/utils/auth.server.ts";

export type StakeActionData =
  | { intent: "stake"; ok: true; receipt: StakeReceipt }
  | {
      intent: "stake";
      ok: false;
      errors?: { amount?: string; durationDays?: string };
      /** The seed's 'Staking failed. Please try again.' or 'An error occurred. Please try again.' */
      formError?: string;
      /** Why the server refused, in plain words (the pool, capacity, the member maximum, prices). */
      reason?: string;
    }
  | { intent: "exit"; exited?: string; exitError?: string };

export async function stakeAction(args: RouteArgs) {
  const session = await requireVerifiedSession(args);
  const ledger = session.session.accountMode;
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "stake");
  const db = getDb();
  const now = new Date();

  if (intent === "exit") {
    const id = String(form.get("positionId") ?? "");
    if (!/^\d{1,18}$/.test(id))
      return data({ intent: "exit", exitError: stakeMessages.refused } as StakeActionData, 400);
    try {
      const result = await exitStakeEarly(db, {
        ledger,
        userId: session.user.id,
        positionId: BigInt(id),
        now,
      });
      return result.ok
        ? ({ intent: "exit", exited: id } as StakeActionData)
        : data({ intent: "exit", exitError: result.message } as StakeActionData, 409);
    } catch (error) {
      log.error("early exit failed", { error });
      return data({ intent: "exit", exitError: stakeMessages.unexpected } as StakeActionData, 500);
    }
  }

  const asset = String(form.get("asset") ?? "");
  if (!isCryptoAsset(asset)) {
    return data({ intent: "stake", ok: false, formError: stakeMessages.noWallet } as StakeActionData, 400);
  }
  try {
    const [balances, price, products] = await Promise.all([
      getBalances(db, { ledger, userId: session.user.id }),
      getUsdPrice(db, asset, { now, staleSeconds: getConfig().market.staleSeconds }),
      listStakingProducts(db, { asset, enabledOnly: true }),
    ]);
    const durationText = String(form.get("durationDays") ?? "");
    const chosen = products.find((p) => String(p.durationDays) === durationText);
    const minimum = chosen?.minimumUsdMinor ?? products[0]?.minimumUsdMinor ?? 0n;
    const checked = validateStakeForm(
      {
        asset,
        availableMinor: balances[asset].available,
        priceUsd: price?.priceUsd ?? null,
        minimumUsdMinor: minimum,
        durations: products.map((p) => p.durationDays),
      },
      { amount: form.get("amount") ?? undefined, durationDays: form.get("durationDays") ?? undefined },
    );
    if (!checked.ok)
      return data({ intent: "stake", ok: false, errors: checked.errors } as StakeActionData, 400);
    if (!price || price.stale) {
      return data(
        {
          intent: "stake",
          ok: false,
          formError: stakeMessages.refused,
          reason: stakeMessages.noPrice,
        } as StakeActionData,
        409,
      );
    }
    const idempotencyKey = String(form.get("idempotencyKey") ?? "");
    if (!/^[\w-]{8,100}$/.test(idempotencyKey)) {
      return data({ intent: "stake", ok: false, formError: stakeMessages.refused } as StakeActionData, 400);
    }
    const result = await openStake(db, {
      ledger,
      userId: session.user.id,
      asset,
      durationDays: checked.value.durationDays,
      amountMinor: checked.value.amountMinor,
      idempotencyKey,
      priceUsd: price.priceUsd,
      now,
    });
    if (!result.ok) {
      const field =
        result.reason === "insufficient_balance" || result.reason === "below_minimum" ? "amount" : null;
      // A balance or minimum problem belongs to the amount field (the seed's messages); anything
      // else the server refused is the seed's 'Staking failed. Please try again.' with the reason.
      return data(
        (field
          ? { intent: "stake", ok: false, errors: { [field]: result.message } }
          : {
              intent: "stake",
              ok: false,
              formError: stakeMessages.refused,
              reason: result.message,
            }) as StakeActionData,
        409,
      );
    }
    const p = result.position;
    return {
      intent: "stake",
      ok: true,
      receipt: {
        positionId: p.id.toString(),
        asset: p.asset,
        amountMinor: p.amountMinor.toString(),
        rewardMinor: p.rewardMinor.toString(),
        aprBps: p.aprBps,
        durationDays: p.durationDays,
        maturesAt: p.maturesAt.toISOString(),
      },
    } as StakeActionData;
  } catch (error) {
    log.error("stake failed", { error });
    return data({ intent: "stake", ok: false, formError: stakeMessages.unexpected } as StakeActionData, 500);
  }
}
