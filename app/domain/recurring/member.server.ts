// The member's recurring buys page, as workflows (codebase guide §13): the page's data, the form's
// review and save, its edit, and pause / resume / cancel. The route reads the form and answers.
import type { Db } from "../../db/client.server.ts";
import { systemClock } from "../accounts/clock.ts";
import { consume } from "../accounts/rate-limit.server.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import type { Ledger } from "../ledger/types.ts";
import {
  cancelPlan,
  createPlan,
  editPlan,
  listPlans,
  type PlanView,
  pausePlan,
  planAssets,
  resumePlan,
} from "./plans.server.ts";
import {
  describePlan,
  PAY_ASSETS,
  type PayAsset,
  type PlanField,
  recurringMessages,
  validatePlanForm,
} from "./rules.ts";

export interface RecurringMember {
  userId: string;
  ledger: Ledger;
}

/** Changes one member may make in an hour (each writes a plan). */
const CHANGES_PER_MEMBER = Object.freeze({ limit: 60, windowMs: 60 * 60_000 });
/** A saved form's key is used once: a double click or a resent form saves one plan. */
const ONE_SAVE = Object.freeze({ limit: 1, windowMs: 24 * 60 * 60_000 });

export interface RecurringPageView {
  plans: PlanView[];
  /** The current account's USD and USDT available, minor units as text. */
  available: Record<PayAsset, string>;
}

export async function recurringPageView(db: Db, member: RecurringMember): Promise<RecurringPageView> {
  const [plans, balances] = await Promise.all([
    listPlans(db, member.userId),
    getBalances(db, { ledger: member.ledger, userId: member.userId }),
  ]);
  const available = Object.fromEntries(PAY_ASSETS.map((a) => [a, balances[a].available.toString()]));
  return { plans, available: available as Record<PayAsset, string> };
}

export type PlanFormResult =
  | { ok: true; sentence: string; saved: boolean }
  | { ok: false; status: 400 | 429; errors?: Partial<Record<PlanField, string>>; message?: string };

const TOO_MANY = "Too many changes in a short time. Please try again later.";

/**
 * Reviews the form (`save` false: what will happen, in one sentence) or saves the plan (`save`
 * true, once per `formKey`). Both read the form afresh on the server.
 */
export async function submitPlanForm(
  db: Db,
  member: RecurringMember,
  form: Record<string, unknown>,
  options: { today: string; save: boolean; formKey: string },
): Promise<PlanFormResult> {
  const parsed = validatePlanForm(form, options.today);
  if (!parsed.ok) return { ok: false, status: 400, errors: parsed.errors };
  const sentence = describePlan({ ...parsed.plan, ledger: member.ledger });
  if (!options.save) return { ok: true, sentence, saved: false };
  const limit = await consume(db, `recurring:${member.userId}`, CHANGES_PER_MEMBER, systemClock);
  if (!limit.allowed) return { ok: false, status: 429, message: TOO_MANY };
  const saved = await db.transaction(async (tx) => {
    const key = `recurring-save:${member.userId}:${options.formKey.slice(0, 64)}`;
    const once = await consume(tx, key, ONE_SAVE, systemClock);
    if (!once.allowed) return false;
    await createPlan(tx, member, parsed.plan);
    return true;
  });
  return { ok: true, sentence, saved };
}

export type PlanChange = "pause" | "resume" | "cancel";

export async function changePlan(
  db: Db,
  member: RecurringMember,
  input: { planId: string; change: PlanChange; today: string },
): Promise<{ ok: true } | { ok: false; status: 404 | 409 | 429; message: string }> {
  const limit = await consume(db, `recurring:${member.userId}`, CHANGES_PER_MEMBER, systemClock);
  if (!limit.allowed) return { ok: false, status: 429, message: TOO_MANY };
  const result =
    input.change === "pause"
      ? await pausePlan(db, member.userId, input.planId)
      : input.change === "resume"
        ? await resumePlan(db, member.userId, input.planId, input.today)
        : await cancelPlan(db, member.userId, input.planId);
  if (result.ok) return result;
  return { ok: false, status: result.message.includes("not found") ? 404 : 409, message: result.message };
}

export type EditPlanResult =
  | { ok: true; sentence: string }
  | {
      ok: false;
      status: 400 | 404 | 409 | 429;
      errors?: Partial<Record<PlanField, string>>;
      message?: string;
    };

/** Changes a plan's amount, schedule and end from the edit form (its coin and pay asset stay). */
export async function submitPlanEdit(
  db: Db,
  member: RecurringMember,
  planId: string,
  form: Record<string, unknown>,
  today: string,
): Promise<EditPlanResult> {
  const assets = await planAssets(db, member.userId, planId);
  if (!assets) return { ok: false, status: 404, message: recurringMessages.notFound };
  const parsed = validatePlanForm({ ...form, ...assets }, today);
  if (!parsed.ok) return { ok: false, status: 400, errors: parsed.errors };
  const limit = await consume(db, `recurring:${member.userId}`, CHANGES_PER_MEMBER, systemClock);
  if (!limit.allowed) return { ok: false, status: 429, message: TOO_MANY };
  const result = await editPlan(db, member.userId, planId, parsed.plan, today);
  if (!result.ok) return { ok: false, status: 409, message: result.message };
  return { ok: true, sentence: describePlan({ ...parsed.plan, ledger: member.ledger }) };
}
