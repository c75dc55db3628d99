// The withdrawal forms' action: one flow for BTC, USDT and bank payouts.
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { isEmailVerified } from "~/domain/accounts/accounts.server.ts";
import { InsufficientFundsError } from "~/domain/ledger/errors.ts";
import { getBalances } from "~/domain/ledger/ledger.server.ts";
import { createMailer } from "~/domain/mail/mailer.server.ts";
import { getQuotes } from "~/domain/market-data/cache.server.ts";
import { formatAmount, parseAmount } from "~/domain/money/amount.ts";
import { scaleOf } from "~/domain/money/assets.ts";
import {
  bankWithdrawalSchema,
  btcWithdrawalSchema,
  fieldErrors,
  ngnEstimateMinor,
  paymentMessages,
  usdtWithdrawalSchema,
} from "~/domain/payments/schemas.ts";
import type { WithdrawalDestination } from "~/domain/withdrawals/withdrawals.server.ts";
import {
  AddressCoolingOffError,
  cancelWithdrawal,
  checkWithdrawalAddress,
  listMemberWithdrawals,
  requestWithdrawal,
  sendWithdrawalStatusEmail,
  type Withdrawal,
  WithdrawalStateError,
} from "~/domain/withdrawals/withdrawals.server.ts";
import { log } from "~/log.server.ts";
import type { RouteArgs } from "~/utils/auth.server.ts";
import { paymentsContext } from "./payments.server.ts";

export type WithdrawalKind = "btc" | "usdt" | "bank";
const ASSET = { btc: "BTC", usdt: "USDT", bank: "USD" } as const;
const SUCCESS = {
  btc: paymentMessages.btcWithdrawalSuccess,
  usdt: paymentMessages.usdtWithdrawalSuccess,
  bank: paymentMessages.bankWithdrawalSuccess,
} as const;

export type WithdrawalActionData =
  | { ok: true; message: string }
  | { ok: false; errors: Record<string, string>; values?: Record<string, string> };

const STATUS_TEXT: Record<
  Withdrawal["status"],
  { text: string; tone: "neutral" | "warning" | "positive" | "negative" }
> = {
  pending: { text: "Awaiting review", tone: "warning" },
  approved: { text: "Approved", tone: "warning" },
  completed: { text: "Completed", tone: "positive" },
  rejected: { text: "Rejected", tone: "negative" },
  cancelled: { text: "Cancelled", tone: "neutral" },
};

export async function withdrawalLoader(args: RouteArgs, kind: WithdrawalKind) {
  const ctx = await paymentsContext(args);
  const asset = ASSET[kind];
  if (ctx.isDemo)
    return {
      isDemo: true as const,
      kind,
      asset,
      available: "0",
      key: "",
      withdrawals: [],
      ngnPerUsd: ctx.config.payments.ngnPerUsd,
    };
  const [balances, withdrawals] = await Promise.all([
    getBalances(ctx.db, { ledger: "real", userId: ctx.userId }),
    listMemberWithdrawals(ctx.db, ctx.userId, 30),
  ]);
  return {
    isDemo: false as const,
    kind,
    asset,
    available: formatAmount(balances[asset].available, asset, { grouping: true }),
    key: randomUUID(),
    ngnPerUsd: ctx.config.payments.ngnPerUsd,
    withdrawals: withdrawals
      .filter((w) => w.method === kind)
      .slice(0, 8)
      .map((w) => ({
        id: w.id.toString(),
        amount: formatAmount(w.amount, asset, { grouping: true }),
        to:
          w.destination.address ??
          `${w.destination.bankName ?? ""} · ${w.destination.account?.slice(-4).padStart(8, "•") ?? ""}`,
        status: STATUS_TEXT[w.status],
        cancellable: w.status === "pending",
        date: w.createdAt.toISOString(),
        reference: w.sentReference,
        reason: w.rejectReason,
      })),
  };
}

/** USD minor units of `amount` at the latest quote; null when no fresh price is known. */
async function usdValueMinor(
  db: Parameters<typeof getQuotes>[0],
  asset: "BTC" | "USDT" | "USD",
  amount: bigint,
  staleSeconds: number,
) {
  if (asset === "USD") return amount;
  const { quotes, stale } = await getQuotes(db, { staleSeconds, symbols: [asset] as never });
  const price = quotes.find((q) => q.symbol.toUpperCase() === asset)?.priceUsd;
  if (!price || stale) return null;
  const [whole, fraction = ""] = price.split(".");
  const priceScaled = BigInt(`${whole}${fraction}`);
  return (amount * priceScaled * 100n) / 10n ** BigInt(scaleOf(asset) + fraction.length);
}

export async function withdrawalAction(args: RouteArgs, kind: WithdrawalKind) {
  const ctx = await paymentsContext(args);
  const asset = ASSET[kind];
  const form = Object.fromEntries(await args.request.formData()) as Record<string, string>;
  const mailer = createMailer(ctx.db, ctx.config);
  const brand = ctx.config.brand.name;
  if (ctx.isDemo) {
    return data<WithdrawalActionData>(
      { ok: false, errors: { form: "Demo accounts cannot withdraw real money." } },
      403,
    );
  }
  if (form.intent === "cancel") {
    try {
      const w = await cancelWithdrawal(ctx.db, {
        withdrawalId: BigInt(form.withdrawalId ?? "0"),
        userId: ctx.userId,
      });
      await sendWithdrawalStatusEmail(ctx.db, mailer, brand, w).catch((error) =>
        log.error("withdrawal e-mail failed", { error }),
      );
      return data<WithdrawalActionData>({
        ok: true,
        message: "Your withdrawal was cancelled and the funds are back in your balance.",
      });
    } catch (error) {
      if (
        error instanceof WithdrawalStateError ||
        error instanceof SyntaxError ||
        error instanceof RangeError
      ) {
        return data<WithdrawalActionData>(
          {
            ok: false,
            errors: { form: error instanceof WithdrawalStateError ? error.message : "No such withdrawal." },
          },
          409,
        );
      }
      throw error;
    }
  }
  if (!isEmailVerified(ctx.session.user)) {
    return data<WithdrawalActionData>(
      {
        ok: false,
        errors: { form: "Please confirm your e-mail address first. We sent you a link when you signed up." },
        values: form,
      },
      403,
    );
  }
  const network = ctx.keys?.btc.network ?? "mainnet";
  const schema =
    kind === "btc"
      ? btcWithdrawalSchema(network)
      : kind === "usdt"
        ? usdtWithdrawalSchema
        : bankWithdrawalSchema;
  const parsed = schema.safeParse(form);
  if (!parsed.success)
    return data<WithdrawalActionData>({ ok: false, errors: fieldErrors(parsed.error), values: form }, 400);
  const values = parsed.data as { amount: bigint; idempotencyKey: string; address?: string } & Partial<
    ReturnType<typeof bankWithdrawalSchema.parse>
  >;
  const balances = await getBalances(ctx.db, { ledger: "real", userId: ctx.userId });
  const insufficient = () =>
    data<WithdrawalActionData>(
      {
        ok: false,
        errors: {
          amount: paymentMessages.insufficient(
            formatAmount(balances[asset].available, asset, { grouping: true }),
            asset,
          ),
        },
        values: form,
      },
      400,
    );
  if (values.amount > balances[asset].available) return insufficient();

  let destination: WithdrawalDestination;
  if (kind === "bank") {
    const bank = values as ReturnType<typeof bankWithdrawalSchema.parse>;
    destination = {
      accountHolder: bank.accountHolder,
      bankName: bank.bankName,
      accountKind: bank.account.kind,
      account: bank.account.value,
      swiftBic: bank.swiftBic,
      payoutCurrency: bank.payoutCurrency,
      ngnEstimateMinor:
        bank.payoutCurrency === "NGN"
          ? ngnEstimateMinor(bank.amount, ctx.config.payments.ngnPerUsd).toString()
          : undefined,
    };
  } else {
    const address = values.address as string;
    try {
      await checkWithdrawalAddress(ctx.db, {
        userId: ctx.userId,
        asset: asset as "BTC" | "USDT",
        address,
        coolingOffHours: ctx.config.payments.withdrawalNewAddressHours,
      });
    } catch (error) {
      if (!(error instanceof AddressCoolingOffError)) throw error;
      if (error.isNew) {
        await mailer
          .send({
            to: ctx.session.user.email,
            subject: `${brand}: a new withdrawal address was added`,
            text: `A new ${asset} withdrawal address was added to your account:\n\n${address}\n\nFor your safety it can be used from ${error.usableFrom.toUTCString()}.\nIf this was not you, change your password and contact ${brand} support at once.`,
          })
          .catch((e) => log.error("new address e-mail failed", { error: e }));
      }
      return data<WithdrawalActionData>({ ok: false, errors: { address: error.message }, values: form }, 409);
    }
    destination = { address };
  }
  try {
    const usd = await usdValueMinor(ctx.db, asset, values.amount, ctx.config.market.staleSeconds);
    const { withdrawal, replayed } = await requestWithdrawal(ctx.db, {
      userId: ctx.userId,
      method: kind,
      asset,
      amount: values.amount,
      destination,
      idempotencyKey: values.idempotencyKey,
      usdValueMinor: usd,
      twoAdminThresholdUsdMinor: parseAmount(String(ctx.config.payments.withdrawalTwoAdminUsd), "USD"),
    });
    if (!replayed) {
      await sendWithdrawalStatusEmail(ctx.db, mailer, brand, withdrawal).catch((error) =>
        log.error("withdrawal e-mail failed", { error }),
      );
    }
    return data<WithdrawalActionData>({ ok: true, message: SUCCESS[kind] });
  } catch (error) {
    if (error instanceof InsufficientFundsError) return insufficient();
    log.error("withdrawal request failed", { error });
    return data<WithdrawalActionData>(
      { ok: false, errors: { form: paymentMessages.failure }, values: form },
      500,
    );
  }
}
