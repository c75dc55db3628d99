// The withdrawal pages' loader and action, shared by the BTC, USDT and bank forms: read the
// session and the form, call the domain's workflow (app/domain/withdrawals/member.server.ts),
// answer with its result.
import { data } from "react-router";
import { isEmailVerified } from "~/domain/accounts/sessions.server.ts";
import { verifyActionCode } from "~/domain/accounts/sign-in.server.ts";
import { formValues } from "~/domain/forms.ts";
import { withdrawalLimitView } from "~/domain/verification/limits.server.ts";
import { labelWithdrawalAddress } from "~/domain/withdrawals/addresses.server.ts";
import {
  cancelMemberWithdrawal,
  confirmWithdrawalByLink,
  submitWithdrawal,
  type WithdrawalMember,
  type WithdrawalSettings,
} from "~/domain/withdrawals/member.server.ts";
import type { WithdrawalMethod } from "~/domain/withdrawals/types.ts";
import { memberWithdrawalsView } from "~/domain/withdrawals/views.server.ts";
import { accounts, needsEmailConfirmation, type RouteArgs, requestMeta } from "~/utils/auth.server.ts";
import { paymentsContext } from "./payments.server.ts";

export type WithdrawalKind = WithdrawalMethod;

export type WithdrawalActionData =
  | { ok: true; message: string; detail?: string }
  | { ok: false; errors: Partial<Record<string, string>>; values?: Record<string, string> };

type PaymentsContext = Awaited<ReturnType<typeof paymentsContext>>;

function settingsOf(ctx: PaymentsContext): WithdrawalSettings {
  const { payments, market } = ctx.config;
  return {
    confirmMinutes: payments.withdrawalConfirmMinutes,
    newAddressHours: payments.withdrawalNewAddressHours,
    twoAdmin: {
      thresholdUsdMinor: payments.withdrawalTwoAdminUsdMinor,
      windowHours: payments.withdrawalTwoAdminWindowHours,
    },
    staleSeconds: market.staleSeconds,
    ngnPerUsd: payments.ngnPerUsd,
    btcNetwork: ctx.keys?.btc.network ?? "mainnet",
  };
}

export async function withdrawalLoader(args: RouteArgs, kind: WithdrawalKind) {
  const ctx = await paymentsContext(args);
  const view = await memberWithdrawalsView(
    ctx.db,
    { userId: ctx.userId, isDemo: ctx.isDemo },
    {
      kind,
      confirmToken: new URL(args.request.url).searchParams.get("confirm"),
      now: new Date(),
      staleSeconds: ctx.config.market.staleSeconds,
    },
  );
  const common = {
    kind,
    asset: view.asset,
    available: view.available,
    key: view.key,
    withdrawals: view.withdrawals,
    ngnPerUsd: ctx.config.payments.ngnPerUsd,
    confirm: view.confirm,
    twoFactor: ctx.session.user.twoFactorEnabled,
    confirmMinutes: ctx.config.payments.withdrawalConfirmMinutes,
    availablePlain: view.availablePlain,
    addresses: view.addresses,
    priceUsd: view.priceUsd,
    newAddressHours: ctx.config.payments.withdrawalNewAddressHours,
    needsEmailConfirmation: needsEmailConfirmation(ctx.session),
    limit: ctx.isDemo ? null : await withdrawalLimitView(ctx.db, ctx.userId),
  };
  return ctx.isDemo ? { isDemo: true as const, ...common } : { isDemo: false as const, ...common };
}

function refused({
  status,
  errors,
  values,
}: {
  status: number;
  errors: Partial<Record<string, string>>;
  values?: Record<string, string>;
}) {
  return data<WithdrawalActionData>(values ? { ok: false, errors, values } : { ok: false, errors }, status);
}

export async function withdrawalAction(args: RouteArgs, kind: WithdrawalKind) {
  const ctx = await paymentsContext(args);
  const form = formValues(await args.request.formData());
  const meta = requestMeta(args);
  const member: WithdrawalMember = {
    userId: ctx.userId,
    isDemo: ctx.isDemo,
    emailVerified: isEmailVerified(ctx.session.user),
    twoFactorEnabled: ctx.session.user.twoFactorEnabled,
    ip: meta.ip,
    userAgent: meta.headers.get("user-agent") ?? undefined,
  };
  if (form.intent === "confirm") {
    const result = await confirmWithdrawalByLink(ctx.db, member, { kind, token: form.token ?? "" });
    return result.ok ? data<WithdrawalActionData>({ ok: true, message: result.message }) : refused(result);
  }
  if (form.intent === "label") {
    const result = await labelWithdrawalAddress(ctx.db, {
      userId: ctx.userId,
      addressId: form.addressId ?? "",
      label: form.label ?? "",
    });
    return result.ok ? data<WithdrawalActionData>({ ok: true, message: result.message }) : refused(result);
  }
  if (form.intent === "cancel") {
    const result = await cancelMemberWithdrawal(ctx.db, member, { withdrawalId: form.withdrawalId });
    return result.ok ? data<WithdrawalActionData>({ ok: true, message: result.message }) : refused(result);
  }
  const result = await submitWithdrawal(ctx.db, member, {
    kind,
    form,
    settings: settingsOf(ctx),
    verifyCode: (code) => {
      const { db: accountsDb, env } = accounts();
      return verifyActionCode(accountsDb, env, { userId: ctx.userId, code, action: "withdrawal" });
    },
  });
  if (!result.ok) return refused(result);
  return data<WithdrawalActionData>(
    result.detail === undefined
      ? { ok: true, message: result.message }
      : { ok: true, message: result.message, detail: result.detail },
  );
}
