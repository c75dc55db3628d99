// The settings forms' actions, one handler per intent. Every settings page answers its own forms'
// intents; /settings, which shows every card, answers them all, as it always has: a form posts
// `intent` and the fields its handler reads.
import QRCode from "qrcode";
import { data } from "react-router";
import type { CurrentSession, RequestMeta } from "~/domain/accounts/common.server.ts";
import { changePassword, updateProfile } from "~/domain/accounts/profile.server.ts";
import { resendVerificationEmail } from "~/domain/accounts/recovery.server.ts";
import {
  changePasswordSchema,
  disableTwoFactorSchema,
  firstMessage,
  profileSchema,
} from "~/domain/accounts/schemas.ts";
import { endOtherSession, revokeOtherSessions } from "~/domain/accounts/sessions.server.ts";
import {
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  startTwoFactorEnrolment,
} from "~/domain/accounts/two-factor.server.ts";
import { fieldErrors, formValues } from "~/domain/forms.ts";
import { accounts, cookieHeaders, type RouteArgs, requestMeta, requireSession } from "~/utils/auth.server.ts";
import type { ActionAnswer, Enrolment, Section, SettingsIntent } from "./views.ts";

/** One posted settings form: the handles of this process, the member, the request and the fields. */
type Submission = ReturnType<typeof accounts> & {
  session: CurrentSession;
  meta: RequestMeta;
  values: Record<string, string>;
};

const fail = (section: Section, error: string, extra: Partial<ActionAnswer> = {}) =>
  data<ActionAnswer>({ section, error, ...extra }, { status: 400 });

async function enrolmentView(totpURI: string, backupCodes: string[]): Promise<Enrolment> {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  const qr = await QRCode.toDataURL(totpURI, { margin: 1, width: 200, errorCorrectionLevel: "M" });
  return { totpURI, qr, secret, backupCodes };
}

async function saveProfile({ db, env, session, meta, values }: Submission) {
  const parsed = profileSchema.safeParse(values);
  if (!parsed.success) return fail("profile", firstMessage(parsed.error));
  await updateProfile(db, env, session, parsed.data, meta);
  return { section: "profile", success: "Your name is saved." } satisfies ActionAnswer;
}

async function resendLink({ db, env, session, meta }: Submission) {
  await resendVerificationEmail(db, env, session.user, meta);
  return { section: "verify", success: "We sent you a new confirmation link." } satisfies ActionAnswer;
}

async function newPassword({ db, env, session, meta, values }: Submission) {
  const parsed = changePasswordSchema.safeParse(values);
  if (!parsed.success) return fail("password", firstMessage(parsed.error));
  const result = await changePassword(db, env, session, parsed.data, meta);
  if (!result.ok) return fail("password", result.message);
  return {
    section: "password",
    success: "Your password is changed. Other devices were signed out.",
  } satisfies ActionAnswer;
}

async function startEnrolment({ db, env, session, meta, values }: Submission) {
  const result = await startTwoFactorEnrolment(db, env, session, values.password ?? "", meta);
  if (!result.ok) return fail("two-factor", result.message);
  return {
    section: "two-factor",
    enrolment: await enrolmentView(result.totpURI, result.backupCodes),
  } satisfies ActionAnswer;
}

async function confirmEnrolment({ db, env, session, meta, values }: Submission) {
  const result = await confirmTwoFactorEnrolment(db, env, session, values.code ?? "", meta);
  if (!result.ok) {
    // Show the same QR code and recovery codes again so the member can retry.
    const codes = (values.backupCodes ?? "").split(",").filter(Boolean);
    const enrolment = values.totpURI?.startsWith("otpauth://")
      ? await enrolmentView(values.totpURI, codes)
      : undefined;
    return fail("two-factor", result.message, enrolment ? { enrolment } : {});
  }
  // Switching two-factor on replaces the session: the browser gets the new cookie.
  return data<ActionAnswer>(
    { section: "two-factor", success: "Two-factor sign-in is on." },
    { headers: cookieHeaders(result.setCookies) },
  );
}

async function turnOffTwoFactor({ db, env, session, meta, values }: Submission) {
  const parsed = disableTwoFactorSchema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors<"password" | "code">(parsed.error);
    return data<ActionAnswer>(
      { section: "two-factor", fields: { password: errors.password, code: errors.code } },
      { status: 400 },
    );
  }
  const result = await disableTwoFactor(db, env, session, parsed.data, meta);
  if (!result.ok) {
    // A wrong password or code is said beside its field; "too many attempts" above the form.
    if (result.field) {
      return data<ActionAnswer>(
        { section: "two-factor", fields: { [result.field]: result.message } },
        { status: 400 },
      );
    }
    return data<ActionAnswer>(
      { section: "two-factor", error: result.message },
      { status: result.retryAfterSeconds ? 429 : 400 },
    );
  }
  return {
    section: "two-factor",
    success: "Two-factor sign-in is off. We sent you an e-mail to say so.",
  } satisfies ActionAnswer;
}

async function endSession({ db, env, session, meta, values }: Submission) {
  const result = await endOtherSession(db, env, session, values.sessionId ?? "", meta);
  if (!result.ok) return fail("sessions", result.message);
  return { section: "sessions", success: "The session is ended." } satisfies ActionAnswer;
}

async function endOtherSessions({ db, env, session, meta }: Submission) {
  const count = await revokeOtherSessions(db, env, session.user.id, session.session.id, meta);
  return {
    section: "sessions",
    success: count === 1 ? "1 other session ended." : `${count} other sessions ended.`,
  } satisfies ActionAnswer;
}

const HANDLERS = Object.freeze({
  profile: saveProfile,
  "resend-verification": resendLink,
  password: newPassword,
  "two-factor-start": startEnrolment,
  "two-factor-confirm": confirmEnrolment,
  "two-factor-disable": turnOffTwoFactor,
  "revoke-session": endSession,
  "revoke-others": endOtherSessions,
} satisfies Record<SettingsIntent, (submission: Submission) => Promise<unknown>>);

/** Answers a settings form whose `intent` is one of `intents`; anything else is an unknown request. */
export async function settingsAction(args: RouteArgs, intents: readonly SettingsIntent[]) {
  const session = await requireSession(args);
  const values = formValues(await args.request.formData());
  const intent = intents.find((known) => known === values.intent);
  if (!intent) return fail("profile", "Unknown request.");
  const { db, env } = accounts();
  return HANDLERS[intent]({ db, env, session, meta: requestMeta(args), values });
}
