// The withdrawal forms' action: one flow for BTC, USDT and bank payouts.
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { isEmailVerified, verifyActionCode } from "~/domain/accounts/accounts.server.ts";
import { type AuditEvent, recordAudit } from "~/domain/accounts/audit.server.ts";
import { systemClock } from "~/domain/accounts/clock.ts";
import { consume, limits } from "~/domain/accounts/rate-limit.server.ts";
import { InsufficientFundsError } from "~/domain/ledger/errors.ts";
import { getBalances } from "~/domain/ledger/ledger.server.ts";
import { getQuotes } from "~/domain/market-data/cache.server.ts";
import { formatAmount } from "~/domain/money/amount.ts";
import { scaleOf } from "~/domain/money/assets.ts";
import {
  bankWithdrawalSchema,
  btcWithdrawalSchema,
  fieldErrors,
  ngnEstimateMinor,
  paymentMessages,
  usdtWithdrawalSchema,
} from "~/domain/payments/schemas.ts";
import { isCancellable, withdrawalStatusLabel } from "~/domain/withdrawals/status.ts";
import type { WithdrawalDestination } from "~/domain/withdrawals/withdrawals.server.ts";
import {
  AddressCoolingOffError,
  cancelWithdrawal,
  checkWithdrawalAddress,
  confirmWithdrawal,
  findWithdrawalByKey,
  findWithdrawalByToken,
  listMemberWithdrawals,
  requestWithdrawal,
  type Withdrawal,
  WithdrawalStateError,
} from "~/domain/withdrawals/withdrawals.server.ts";
import { log } from "~/log.server.ts";
import type { ConfirmPanelData } from "~/ui/payments/withdrawal-parts.tsx";
import { accounts, type RouteArgs, requestMeta } from "~/utils/auth.server.ts";
import { paymentsContext } from "./payments.server.ts";

export type WithdrawalKind = "btc" | "usdt" | "bank";
const ASSET = { btc: "BTC", usdt: "USDT", bank: "USD" } as const;
const SUCCESS = {
  btc: paymentMessages.btcWithdrawalSuccess,
  usdt: paymentMessages.usdtWithdrawalSuccess,
  bank: paymentMessages.bankWithdrawalSuccess,
} as const;

export type WithdrawalActionData =
  | { ok: true; message: string; detail?: string }
  | { ok: false; errors: Record<string, string>; values?: Record<string, string> };

function destinationText(w: Withdrawal) {
  return (
    w.destination.address ??
    `${w.destination.bankName ?? ""} · ${w.destination.account?.slice(-4).padStart(8, "•") ?? ""}`
  );
}

/** The e-mailed link (?confirm=token): what the member is about to confirm, scoped to them. */
async function confirmPanel(ctx: Awaited<ReturnType<typeof paymentsContext>>, token: string | null) {
  if (!token) return null;
  const w = await findWithdrawalByToken(ctx.db, { userId: ctx.userId, token });
  if (!w) return { state: "invalid" } satisfies ConfirmPanelData;
  const lapsed = w.confirmExpiresAt !== null && w.confirmExpiresAt.getTime() <= Date.now();
  return {
    state: w.status !== "unconfirmed" ? "done" : lapsed ? "expired" : "ready",
    id: w.id.toString(),
    token,
    amount: formatAmount(w.amount, w.asset, { grouping: true }),
    asset: w.asset,
    to: destinationText(w),
    expiresAt: w.confirmExpiresAt?.toISOString() ?? null,
    status: withdrawalStatusLabel(w.status, "member"),
  } satisfies ConfirmPanelData;
}

export async function withdrawalLoader(args: RouteArgs, kind: WithdrawalKind) {
  const ctx = await paymentsContext(args);
  const asset = ASSET[kind];
  // Confirmation links work in either account mode: the request is always on the real ledger.
  const confirm = await confirmPanel(ctx, new URL(args.request.url).searchParams.get("confirm"));
  const twoFactor = ctx.session.user.twoFactorEnabled;
  const confirmMinutes = ctx.config.payments.withdrawalConfirmMinutes;
  if (ctx.isDemo)
    return {
      isDemo: true as const,
      kind,
      asset,
      available: "0",
      key: "",
      withdrawals: [],
      ngnPerUsd: ctx.config.payments.ngnPerUsd,
      confirm,
      twoFactor,
      confirmMinutes,
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
    confirm,
    twoFactor,
    confirmMinutes,
    withdrawals: withdrawals
      .filter((w) => w.method === kind)
      .slice(0, 8)
      .map((w) => ({
        id: w.id.toString(),
        amount: formatAmount(w.amount, asset, { grouping: true }),
        to: destinationText(w),
        status: withdrawalStatusLabel(w.status, "member"),
        cancellable: isCancellable(w.status),
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
  const meta = requestMeta(args);
  const audit = (event: AuditEvent, detail: Record<string, unknown>) =>
    recordAudit(
      ctx.db,
      { ip: meta.ip, userAgent: meta.headers.get("user-agent") ?? undefined, clock: systemClock },
      event,
      ctx.userId,
      detail,
    );
  if (form.intent === "confirm") return confirmByLink(ctx, form.token ?? "", kind, audit);
  if (ctx.isDemo && form.intent !== "cancel") {
    return data<WithdrawalActionData>(
      { ok: false, errors: { form: "Demo accounts cannot withdraw real money." } },
      403,
    );
  }
  if (form.intent === "cancel") {
    try {
      // The member's e-mail is queued in the same transaction (the outbox, ADR 0056).
      await cancelWithdrawal(ctx.db, {
        withdrawalId: BigInt(form.withdrawalId ?? "0"),
        userId: ctx.userId,
      });
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
        values: withoutCode(form),
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
    return data<WithdrawalActionData>(
      { ok: false, errors: fieldErrors(parsed.error), values: withoutCode(form) },
      400,
    );
  const values = parsed.data as { amount: bigint; idempotencyKey: string; address?: string } & Partial<
    ReturnType<typeof bankWithdrawalSchema.parse>
  >;
  // A retried submit (double click, network retry) answers like the first one: its code is spent.
  const earlier = await findWithdrawalByKey(ctx.db, {
    userId: ctx.userId,
    idempotencyKey: values.idempotencyKey,
  });
  if (earlier) return submitted(kind, earlier, ctx.config.payments.withdrawalConfirmMinutes);
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
        values: withoutCode(form),
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
      // A new address was registered and its e-mail queued with it (checkWithdrawalAddress).
      if (!(error instanceof AddressCoolingOffError)) throw error;
      return data<WithdrawalActionData>(
        { ok: false, errors: { address: error.message }, values: withoutCode(form) },
        409,
      );
    }
    destination = { address };
  }

  // Two-factor members confirm here with their code, last, so a request that fails on something
  // else does not spend it. A wrong code holds nothing.
  const twoFactor = ctx.session.user.twoFactorEnabled;
  if (twoFactor) {
    const code = (form.code ?? "").trim();
    if (!code) {
      return data<WithdrawalActionData>(
        { ok: false, errors: { code: withdrawalCodeMessages.required }, values: withoutCode(form) },
        400,
      );
    }
    const { db: accountsDb, env } = accounts();
    const verified = await verifyActionCode(accountsDb, env, {
      userId: ctx.userId,
      code,
      action: "withdrawal",
    });
    if (!verified.ok) {
      await audit("withdrawal-confirmation-failed", {
        method: "totp",
        reason: verified.retryAfterSeconds ? "throttled" : "wrong-code",
      });
      return data<WithdrawalActionData>(
        { ok: false, errors: { code: verified.message }, values: withoutCode(form) },
        verified.retryAfterSeconds ? 429 : 400,
      );
    }
  }
  try {
    const usd = await usdValueMinor(ctx.db, asset, values.amount, ctx.config.market.staleSeconds);
    const confirmMinutes = ctx.config.payments.withdrawalConfirmMinutes;
    const { withdrawal, replayed } = await requestWithdrawal(ctx.db, {
      userId: ctx.userId,
      method: kind,
      asset,
      amount: values.amount,
      destination,
      idempotencyKey: values.idempotencyKey,
      usdValueMinor: usd,
      twoAdmin: {
        thresholdUsdMinor: ctx.config.payments.withdrawalTwoAdminUsdMinor,
        windowHours: ctx.config.payments.withdrawalTwoAdminWindowHours,
      },
      confirmation: twoFactor
        ? { method: "totp" }
        : { method: "email", expiresAt: new Date(Date.now() + confirmMinutes * 60_000) },
    });
    // The link (or the "received" e-mail) was queued in the request's own transaction: a crash
    // after the commit still sends it, and a retry finds it queued (the outbox, ADR 0056).
    if (!replayed && withdrawal.confirmationMethod === "totp") {
      await audit("withdrawal-confirmed", { withdrawalId: withdrawal.id.toString(), method: "totp" });
    }
    return submitted(kind, withdrawal, confirmMinutes);
  } catch (error) {
    if (error instanceof InsufficientFundsError) return insufficient();
    log.error("withdrawal request failed", { error });
    return data<WithdrawalActionData>(
      { ok: false, errors: { form: paymentMessages.failure }, values: withoutCode(form) },
      500,
    );
  }
}

/** The seed's success message; for an e-mail confirmation, what happens next. */
function submitted(kind: WithdrawalKind, withdrawal: Withdrawal, confirmMinutes: number) {
  if (withdrawal.status === "unconfirmed") {
    return data<WithdrawalActionData>({
      ok: true,
      message: SUCCESS[kind],
      detail: emailConfirmDetail(confirmMinutes),
    });
  }
  return data<WithdrawalActionData>({ ok: true, message: SUCCESS[kind] });
}

export const withdrawalCodeMessages = Object.freeze({
  required: "Enter the 6-digit code from your authenticator app.",
} as const);

/** A code is never sent back into the form: it is spent or wrong either way. */
function withoutCode(form: Record<string, string>) {
  const { code: _code, ...rest } = form;
  return rest;
}

export function emailConfirmDetail(minutes: number) {
  return `We have e-mailed you a link to confirm it. Open it within ${minutes} minutes: until then the amount is held, and if you do not confirm, the request lapses and the amount returns to your balance.`;
}

/** The member confirms from the e-mailed link (signed in: the token and the session must match). */
async function confirmByLink(
  ctx: Awaited<ReturnType<typeof paymentsContext>>,
  token: string,
  kind: WithdrawalKind,
  audit: (event: AuditEvent, detail: Record<string, unknown>) => Promise<void>,
) {
  const limited = await consume(
    ctx.db,
    `withdrawal-confirm:${ctx.userId}`,
    limits.twoFactorPerUser,
    systemClock,
  );
  if (!limited.allowed) {
    const minutes = Math.ceil(limited.retryAfterSeconds / 60);
    await audit("withdrawal-confirmation-failed", { method: "email", reason: "throttled" });
    return data<WithdrawalActionData>(
      { ok: false, errors: { confirm: `Too many attempts. Please wait ${minutes} minutes and try again.` } },
      429,
    );
  }
  try {
    const { outcome, withdrawal } = await confirmWithdrawal(ctx.db, { userId: ctx.userId, token });
    if (outcome === "expired") {
      await audit("withdrawal-confirmation-failed", {
        method: "email",
        reason: "expired",
        withdrawalId: withdrawal.id.toString(),
      });
      return data<WithdrawalActionData>(
        {
          ok: false,
          errors: {
            confirm:
              "This confirmation link has expired. The amount is back in your balance; please make a new request.",
          },
        },
        409,
      );
    }
    await audit("withdrawal-confirmed", { method: "email", withdrawalId: withdrawal.id.toString() });
    return data<WithdrawalActionData>({ ok: true, message: SUCCESS[kind] });
  } catch (error) {
    if (!(error instanceof WithdrawalStateError)) throw error;
    await audit("withdrawal-confirmation-failed", { method: "email", reason: error.message });
    return data<WithdrawalActionData>({ ok: false, errors: { confirm: error.message } }, 409);
  }
}
