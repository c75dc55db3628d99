// The member's side of a withdrawal, as workflows (codebase guide §13): ask for one (checks, the
// two-factor code, the hold), confirm it from the e-mailed link, cancel it. The page's data is
// read in views.server.ts. The route parses the form and turns the result into a response. E-mails
// are queued inside the state changes themselves (emails.server.ts, the outbox, ADR 0056).
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { type AuditEvent, recordAudit } from "../accounts/audit.server.ts";
import { type Clock, systemClock } from "../accounts/clock.ts";
import { consume, limits } from "../accounts/rate-limit.server.ts";
import type { ChainNetwork } from "../chain/extended-key.ts";
import { fieldErrors, parseId } from "../forms.ts";
import { InsufficientFundsError } from "../ledger/errors.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import { formatAmount } from "../money/amount.ts";
import {
  type BankWithdrawalValues,
  bankWithdrawalSchema,
  btcWithdrawalSchema,
  ngnEstimateMinor,
  paymentMessages,
  usdtWithdrawalSchema,
} from "../payments/schemas.ts";
import { checkAmountLimit, LimitExceededError } from "../verification/limits.server.ts";
import { checkWithdrawalAddress } from "./addresses.server.ts";
import { AddressCoolingOffError, WithdrawalStateError } from "./errors.ts";
import { emailConfirmDetail, tooManyAttempts, withdrawalMessages } from "./messages.ts";
import { findWithdrawalByKey } from "./records.server.ts";
import type {
  TwoAdminRule,
  Withdrawal,
  WithdrawalAsset,
  WithdrawalDestination,
  WithdrawalMethod,
} from "./types.ts";
import { usdValueAtRequest } from "./value.server.ts";
import { WITHDRAWAL_ASSET } from "./views.ts";
import { cancelWithdrawal, confirmWithdrawal, requestWithdrawal } from "./withdrawals.server.ts";

/** The signed-in member, as far as withdrawals care, and where the request came from (for audit). */
export interface WithdrawalMember {
  userId: string;
  /** A demo account never moves real money (it may still confirm or cancel a real request). */
  isDemo: boolean;
  emailVerified: boolean;
  /** Two-factor members confirm with a code on the form; everyone else by an e-mailed link. */
  twoFactorEnabled: boolean;
  ip?: string | undefined;
  userAgent?: string | undefined;
  clock?: Clock;
}

/** The configuration a request needs (config.payments and config.market, parsed once). */
export interface WithdrawalSettings {
  confirmMinutes: number;
  newAddressHours: number;
  twoAdmin: TwoAdminRule;
  /** Prices older than this count as unknown (then two admins must approve). */
  staleSeconds: number;
  ngnPerUsd: string;
  btcNetwork: ChainNetwork;
}

/**
 * Checks a two-factor code for this member's withdrawal. Passed in by the caller, so this module
 * does not depend on the sign-in library; the accounts domain rate-limits and spends the code.
 */
export type CodeVerifier = (
  code: string,
) => Promise<{ ok: true } | { ok: false; message: string; retryAfterSeconds?: number | undefined }>;

export type WithdrawalFailure = {
  ok: false;
  status: 400 | 403 | 409 | 429 | 500;
  /** By field; `form` for the whole form, `confirm` for the confirmation panel. */
  errors: Partial<Record<string, string>>;
  /** What the member typed, to show again: never the code (it is spent or wrong either way). */
  values?: Record<string, string>;
};

export type SubmitWithdrawalResult =
  | { ok: true; message: string; detail?: string; withdrawal: Withdrawal; replayed: boolean }
  | WithdrawalFailure;

export type ConfirmByLinkResult = { ok: true; message: string; withdrawal: Withdrawal } | WithdrawalFailure;

export type CancelResult = { ok: true; message: string; withdrawal: Withdrawal } | WithdrawalFailure;

function auditFor(db: Db, member: WithdrawalMember) {
  const context = { ip: member.ip, userAgent: member.userAgent, clock: member.clock ?? systemClock };
  return (event: AuditEvent, detail: Record<string, unknown>) =>
    recordAudit(db, context, event, member.userId, detail);
}

function withoutCode(form: Record<string, string>) {
  const { code: _code, ...rest } = form;
  return rest;
}

type ParsedWithdrawal = {
  amount: bigint;
  idempotencyKey: string;
  address?: string;
} & Partial<BankWithdrawalValues>;

function schemaFor(kind: WithdrawalMethod, network: ChainNetwork) {
  return kind === "btc"
    ? btcWithdrawalSchema(network)
    : kind === "usdt"
      ? usdtWithdrawalSchema
      : bankWithdrawalSchema;
}

/** The seed's success message; for an e-mail confirmation, what happens next. */
function submitted(
  kind: WithdrawalMethod,
  withdrawal: Withdrawal,
  replayed: boolean,
  confirmMinutes: number,
) {
  const message = withdrawalMessages.success[kind];
  return withdrawal.status === "unconfirmed"
    ? { ok: true as const, message, detail: emailConfirmDetail(confirmMinutes), withdrawal, replayed }
    : { ok: true as const, message, withdrawal, replayed };
}

/**
 * A member asks for a withdrawal. Refusals, in the order they are checked: a demo account; an
 * unconfirmed e-mail address; the form's fields; then a replayed key answers like the first
 * request; the verification limit (checked again under the member's lock); the available balance; a crypto address still cooling off; last the two-factor code,
 * so a request that fails on something else does not spend it (a wrong code holds nothing and is
 * audited). Success holds the funds: pending review (code) or unconfirmed (e-mailed link).
 */
export async function submitWithdrawal(
  db: Db,
  member: WithdrawalMember,
  input: {
    kind: WithdrawalMethod;
    /** The form's fields as sent. */
    form: Record<string, string>;
    settings: WithdrawalSettings;
    verifyCode: CodeVerifier;
  },
): Promise<SubmitWithdrawalResult> {
  const { kind, form, settings } = input;
  const asset = WITHDRAWAL_ASSET[kind];
  const clock = member.clock ?? systemClock;
  const values = withoutCode(form);
  if (member.isDemo) return { ok: false, status: 403, errors: { form: withdrawalMessages.demo } };
  if (!member.emailVerified) {
    return { ok: false, status: 403, errors: { form: withdrawalMessages.emailUnverified }, values };
  }
  const parsed = schemaFor(kind, settings.btcNetwork).safeParse(form);
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error), values };
  const fields = parsed.data as ParsedWithdrawal;
  // A retried submit (double click, network retry) answers like the first one: its code is spent.
  const earlier = await findWithdrawalByKey(db, {
    userId: member.userId,
    idempotencyKey: fields.idempotencyKey,
  });
  if (earlier) return submitted(kind, earlier, true, settings.confirmMinutes);

  // The verification limit first (ADR 0082): what the form's preview showed as the amount was typed.
  const limit = await checkAmountLimit(db, {
    userId: member.userId,
    flow: "withdrawal",
    asset,
    amount: fields.amount,
  });
  if (!limit.ok) return { ok: false, status: 409, errors: { amount: limit.message }, values };
  const limitValueMinor = limit.valueMinor;

  const balances = await getBalances(db, { ledger: "real", userId: member.userId });
  const insufficient = (): WithdrawalFailure => ({
    ok: false,
    status: 400,
    errors: {
      amount: paymentMessages.insufficient(
        formatAmount(balances[asset].available, asset, { grouping: true }),
        asset,
      ),
    },
    values,
  });
  if (fields.amount > balances[asset].available) return insufficient();

  const destination = await destinationOf(db, member.userId, kind, fields, settings, clock.now());
  if ("error" in destination) {
    return { ok: false, status: 409, errors: { address: destination.error }, values };
  }

  const audit = auditFor(db, member);
  if (member.twoFactorEnabled) {
    const refused = await checkCode(form.code, input.verifyCode, audit);
    if (refused) return { ...refused, values };
  }
  try {
    return await placeRequest(db, member, {
      kind,
      fields,
      destination: destination.value,
      settings,
      audit,
      limitValueMinor,
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) return insufficient();
    if (error instanceof LimitExceededError) {
      return { ok: false, status: 409, errors: { amount: error.message }, values };
    }
    log.error("withdrawal request failed", { error });
    return { ok: false, status: 500, errors: { form: paymentMessages.failure }, values };
  }
}

/**
 * Holds the funds of a request that passed every check (the ledger may still find the balance
 * short: InsufficientFundsError) and audits a code-confirmed one.
 */
async function placeRequest(
  db: Db,
  member: WithdrawalMember,
  input: {
    kind: WithdrawalMethod;
    fields: ParsedWithdrawal;
    destination: WithdrawalDestination;
    settings: WithdrawalSettings;
    audit: ReturnType<typeof auditFor>;
    limitValueMinor: bigint;
  },
): Promise<SubmitWithdrawalResult> {
  const { kind, fields, settings } = input;
  const asset = WITHDRAWAL_ASSET[kind];
  const clock = member.clock ?? systemClock;
  const usdValueMinor = await usdValueAtRequest(db, asset, fields.amount, settings.staleSeconds, clock.now());
  const { withdrawal, replayed } = await requestWithdrawal(db, {
    userId: member.userId,
    method: kind,
    asset,
    amount: fields.amount,
    destination: input.destination,
    idempotencyKey: fields.idempotencyKey,
    usdValueMinor,
    limitValueMinor: input.limitValueMinor,
    twoAdmin: settings.twoAdmin,
    confirmation: member.twoFactorEnabled
      ? { method: "totp" }
      : {
          method: "email",
          expiresAt: new Date(clock.now().getTime() + settings.confirmMinutes * 60_000),
        },
  });
  // The link (or the "received" e-mail) was queued in the request's own transaction: a crash
  // after the commit still sends it, and a retry finds it queued (the outbox, ADR 0056).
  if (!replayed && withdrawal.confirmationMethod === "totp") {
    await input.audit("withdrawal-confirmed", { withdrawalId: withdrawal.id.toString(), method: "totp" });
  }
  return submitted(kind, withdrawal, replayed, settings.confirmMinutes);
}

/**
 * Two-factor members confirm on the form with their code, checked last (see submitWithdrawal).
 * A wrong or throttled code is audited; null when the code is good.
 */
async function checkCode(
  text: string | undefined,
  verifyCode: CodeVerifier,
  audit: ReturnType<typeof auditFor>,
): Promise<WithdrawalFailure | null> {
  const code = (text ?? "").trim();
  if (!code) return { ok: false, status: 400, errors: { code: withdrawalMessages.codeRequired } };
  const verified = await verifyCode(code);
  if (verified.ok) return null;
  await audit("withdrawal-confirmation-failed", {
    method: "totp",
    reason: verified.retryAfterSeconds ? "throttled" : "wrong-code",
  });
  return { ok: false, status: verified.retryAfterSeconds ? 429 : 400, errors: { code: verified.message } };
}

/**
 * Where the money goes. A crypto address seen for the first time is registered (and the member
 * e-mailed, in the same transaction) and then cools off before its first use.
 */
async function destinationOf(
  db: Db,
  userId: string,
  kind: WithdrawalMethod,
  fields: ParsedWithdrawal,
  settings: WithdrawalSettings,
  now: Date,
): Promise<{ value: WithdrawalDestination } | { error: string }> {
  if (kind === "bank") {
    const bank = fields as BankWithdrawalValues;
    return {
      value: {
        accountHolder: bank.accountHolder,
        bankName: bank.bankName,
        accountKind: bank.account.kind,
        account: bank.account.value,
        swiftBic: bank.swiftBic,
        payoutCurrency: bank.payoutCurrency,
        ngnEstimateMinor:
          bank.payoutCurrency === "NGN"
            ? ngnEstimateMinor(bank.amount, settings.ngnPerUsd).toString()
            : undefined,
      },
    };
  }
  const address = fields.address as string;
  try {
    await checkWithdrawalAddress(db, {
      userId,
      asset: WITHDRAWAL_ASSET[kind] as "BTC" | "USDT",
      address,
      coolingOffHours: settings.newAddressHours,
      now,
    });
  } catch (error) {
    if (!(error instanceof AddressCoolingOffError)) throw error;
    return { error: error.message };
  }
  return { value: { address } };
}

/**
 * The member confirms from the e-mailed link, signed in: the token and the session must match.
 * Attempts are rate limited per member; every outcome but success is audited with its reason.
 * Works in either account mode: the request is always on the real ledger.
 */
export async function confirmWithdrawalByLink(
  db: Db,
  member: WithdrawalMember,
  input: { kind: WithdrawalMethod; token: string },
): Promise<ConfirmByLinkResult> {
  const audit = auditFor(db, member);
  const clock = member.clock ?? systemClock;
  const limited = await consume(db, `withdrawal-confirm:${member.userId}`, limits.twoFactorPerUser, clock);
  if (!limited.allowed) {
    await audit("withdrawal-confirmation-failed", { method: "email", reason: "throttled" });
    return {
      ok: false,
      status: 429,
      errors: { confirm: tooManyAttempts(Math.ceil(limited.retryAfterSeconds / 60)) },
    };
  }
  try {
    const { outcome, withdrawal } = await confirmWithdrawal(db, {
      userId: member.userId,
      token: input.token,
      now: clock.now(),
    });
    if (outcome === "expired") {
      await audit("withdrawal-confirmation-failed", {
        method: "email",
        reason: "expired",
        withdrawalId: withdrawal.id.toString(),
      });
      return { ok: false, status: 409, errors: { confirm: withdrawalMessages.linkExpired } };
    }
    await audit("withdrawal-confirmed", { method: "email", withdrawalId: withdrawal.id.toString() });
    return { ok: true, message: withdrawalMessages.success[input.kind], withdrawal };
  } catch (error) {
    if (!(error instanceof WithdrawalStateError)) throw error;
    await audit("withdrawal-confirmation-failed", { method: "email", reason: error.message });
    return { ok: false, status: 409, errors: { confirm: error.message } };
  }
}

/**
 * The member cancels their own request while it awaits confirmation or review; the funds return
 * at once and the e-mail is queued with the change. Allowed in demo mode too (the request is real).
 */
export async function cancelMemberWithdrawal(
  db: Db,
  member: Pick<WithdrawalMember, "userId">,
  input: { withdrawalId: string | undefined },
): Promise<CancelResult> {
  // A malformed id gets the same answer as someone else's: ids reveal nothing.
  const withdrawalId = parseId(input.withdrawalId);
  if (withdrawalId === null) {
    return { ok: false, status: 409, errors: { form: withdrawalMessages.noSuchWithdrawal } };
  }
  try {
    const withdrawal = await cancelWithdrawal(db, { withdrawalId, userId: member.userId });
    return { ok: true, message: withdrawalMessages.cancelled, withdrawal };
  } catch (error) {
    if (error instanceof WithdrawalStateError) {
      return { ok: false, status: 409, errors: { form: error.message } };
    }
    throw error;
  }
}
