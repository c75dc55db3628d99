import { KeyRound, Laptop, ShieldCheck, UserRound, Wallet } from "lucide-react";
import QRCode from "qrcode";
import { data, Form, useNavigation } from "react-router";
import {
  changePassword,
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  listSessions,
  resendVerificationEmail,
  revokeOtherSessions,
  revokeSession,
  startTwoFactorEnrolment,
  updateProfile,
} from "~/domain/accounts/accounts.server.ts";
import { listMemberAccounts } from "~/domain/accounts/member-accounts.server.ts";
import {
  changePasswordSchema,
  disableTwoFactorSchema,
  firstMessage,
  profileSchema,
} from "~/domain/accounts/schemas.ts";
import { describeUserAgent } from "~/domain/accounts/user-agent.ts";
import { formValues } from "~/domain/forms.ts";
import { z } from "~/domain/zod.ts";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import { Table, Td, Th } from "~/ui/table.tsx";
import { AppearanceCard } from "~/ui/theme.tsx";
import { accounts, cookieHeaders, requestMeta, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/settings";

export const meta = () => [{ title: "Settings · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const { db } = accounts();
  const [sessions, memberAccounts] = await Promise.all([
    listSessions(db, session.user.id),
    listMemberAccounts(db, session.user.id),
  ]);
  return {
    user: session.user,
    mode: session.session.accountMode,
    memberAccounts,
    sessions: sessions.map((s) => ({
      id: s.id,
      current: s.id === session.session.id,
      device: describeUserAgent(s.userAgent),
      ip: s.ipAddress ?? "unknown",
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
    })),
  };
}

type Section = "profile" | "password" | "two-factor" | "sessions" | "verify";
type ActionAnswer = {
  section: Section;
  error?: string;
  success?: string;
  /** Messages shown beside their fields (the turn-off form). */
  fields?: { password?: string | undefined; code?: string | undefined };
  enrolment?: { totpURI: string; qr: string; secret: string; backupCodes: string[] };
};

async function enrolmentView(totpURI: string, backupCodes: string[]) {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  const qr = await QRCode.toDataURL(totpURI, { margin: 1, width: 200, errorCorrectionLevel: "M" });
  return { totpURI, qr, secret, backupCodes };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const values = formValues(await args.request.formData());
  const { db, env } = accounts();
  const meta = requestMeta(args);
  const fail = (section: Section, error: string, extra: Partial<ActionAnswer> = {}) =>
    data<ActionAnswer>({ section, error, ...extra }, { status: 400 });

  switch (values.intent) {
    case "profile": {
      const parsed = profileSchema.safeParse(values);
      if (!parsed.success) return fail("profile", firstMessage(parsed.error));
      await updateProfile(db, env, session, parsed.data, meta);
      return { section: "profile", success: "Your name is saved." } satisfies ActionAnswer;
    }
    case "resend-verification": {
      await resendVerificationEmail(db, env, session.user, meta);
      return { section: "verify", success: "We sent you a new confirmation link." } satisfies ActionAnswer;
    }
    case "password": {
      const parsed = changePasswordSchema.safeParse(values);
      if (!parsed.success) return fail("password", firstMessage(parsed.error));
      const result = await changePassword(db, env, session, parsed.data, meta);
      if (!result.ok) return fail("password", result.message);
      return {
        section: "password",
        success: "Your password is changed. Other devices were signed out.",
      } satisfies ActionAnswer;
    }
    case "two-factor-start": {
      const result = await startTwoFactorEnrolment(db, env, session, values.password ?? "", meta);
      if (!result.ok) return fail("two-factor", result.message);
      return {
        section: "two-factor",
        enrolment: await enrolmentView(result.totpURI, result.backupCodes),
      } satisfies ActionAnswer;
    }
    case "two-factor-confirm": {
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
    case "two-factor-disable": {
      const parsed = disableTwoFactorSchema.safeParse(values);
      if (!parsed.success) {
        const { fieldErrors } = z.flattenError(parsed.error);
        return data<ActionAnswer>(
          {
            section: "two-factor",
            fields: { password: fieldErrors.password?.[0], code: fieldErrors.code?.[0] },
          },
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
    case "revoke-session": {
      if (values.sessionId === session.session.id)
        return fail("sessions", "Use Sign out to end this session.");
      const ok = await revokeSession(db, env, session.user.id, values.sessionId ?? "", meta);
      if (!ok) return fail("sessions", "That session has already ended.");
      return { section: "sessions", success: "The session is ended." } satisfies ActionAnswer;
    }
    case "revoke-others": {
      const count = await revokeOtherSessions(db, env, session.user.id, session.session.id, meta);
      return {
        section: "sessions",
        success: count === 1 ? "1 other session ended." : `${count} other sessions ended.`,
      } satisfies ActionAnswer;
    }
    default:
      return fail("profile", "Unknown request.");
  }
}

function Notice({ answer, section }: { answer: ActionAnswer | undefined; section: Section }) {
  if (!answer || answer.section !== section || !(answer.error || answer.success)) return null;
  if (answer.error) {
    return (
      <p
        role="alert"
        className="mb-4 rounded-md border border-negative/30 bg-negative-soft px-3 py-2 text-sm font-medium text-negative"
      >
        {answer.error}
      </p>
    );
  }
  return (
    <p role="status" className="mb-4 rounded-md bg-positive-soft px-3 py-2 text-sm font-medium text-positive">
      {answer.success}
    </p>
  );
}

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const formatDate = (iso: string) => `${dateFormat.format(new Date(iso))} UTC`;

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  const busy = (intent: string) => pendingIntent === intent;
  const { user } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  const enrolment = answer?.section === "two-factor" ? answer.enrolment : undefined;
  const fields = answer?.section === "two-factor" ? answer.fields : undefined;

  return (
    <div className="container-page max-w-3xl space-y-6 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink">Settings</h1>
        <p className="mt-1 text-muted">Your profile, password, sessions and two-factor sign-in.</p>
      </div>

      <Card>
        <CardHeader title={<SectionTitle icon={UserRound} text="Profile" />} />
        <div className="space-y-5 p-5">
          <Notice answer={answer} section="profile" />
          <Form method="post" className="grid gap-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="profile" />
            <Field
              label="First name"
              name="firstName"
              defaultValue={user.firstName}
              autoComplete="given-name"
              required
            />
            <Field
              label="Last name"
              name="lastName"
              defaultValue={user.lastName}
              autoComplete="family-name"
              required
            />
            <div className="sm:col-span-2">
              <Button type="submit" variant="secondary" busy={busy("profile")} busyLabel="Saving...">
                Save name
              </Button>
            </div>
          </Form>
          <div className="border-t border-line pt-5">
            <p className="text-sm font-medium text-ink">E-mail</p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <span className="text-ink">{user.email}</span>
              <Badge tone="brand">Primary</Badge>
              {user.emailVerified ? (
                <Badge tone="positive">Verified</Badge>
              ) : (
                <Badge tone="warning">Not verified</Badge>
              )}
            </div>
            {user.emailVerified ? null : (
              <Form method="post" className="mt-3">
                <Notice answer={answer} section="verify" />
                <input type="hidden" name="intent" value="resend-verification" />
                <p className="mb-2 text-sm text-muted">
                  Confirm your address to deposit, withdraw, stake or swap. The link we sent is valid for 24
                  hours.
                </p>
                <Button type="submit" variant="secondary" size="sm" busy={busy("resend-verification")}>
                  Send a new link
                </Button>
              </Form>
            )}
          </div>
        </div>
      </Card>

      <Card>
        <CardHeader title={<SectionTitle icon={Wallet} text="Accounts" />} />
        <ul className="divide-y divide-line">
          {loaderData.memberAccounts.map((account) => (
            <li key={account.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
              <div>
                <p className="font-semibold text-ink">
                  {account.mode === "demo" ? "Demo account" : "Real account"}
                </p>
                <p className="text-sm text-muted">
                  {account.plan} plan
                  {account.mode === "demo" ? " · virtual funds, never mixed with real money" : ""}
                </p>
              </div>
              {account.mode === loaderData.mode ? (
                <Badge tone="brand">Selected</Badge>
              ) : (
                <Form method="post" action="/account/mode">
                  <input type="hidden" name="intent" value="switch" />
                  <input type="hidden" name="mode" value={account.mode} />
                  <Button type="submit" variant="secondary" size="sm">
                    Switch to {account.mode === "demo" ? "demo" : "real"}
                  </Button>
                </Form>
              )}
            </li>
          ))}
          {loaderData.memberAccounts.some((a) => a.mode === "demo") ? null : (
            <li className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
              <p className="text-sm text-muted">Practise every feature with virtual funds.</p>
              <Form method="post" action="/account/mode">
                <input type="hidden" name="intent" value="open-demo" />
                <Button type="submit" variant="secondary" size="sm">
                  Open a demo account
                </Button>
              </Form>
            </li>
          )}
        </ul>
      </Card>

      <Card>
        <CardHeader title={<SectionTitle icon={KeyRound} text="Password" />} />
        <div className="p-5">
          <Notice answer={answer} section="password" />
          <Form method="post" className="grid gap-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="password" />
            <input type="hidden" name="username" value={user.email} autoComplete="username" />
            <Field
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              className="sm:col-span-2"
            />
            <Field
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
            />
            <Field
              label="Repeat the new password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
            />
            <div className="sm:col-span-2">
              <Button type="submit" variant="secondary" busy={busy("password")} busyLabel="Saving...">
                Change password
              </Button>
            </div>
          </Form>
        </div>
      </Card>

      <Card>
        <CardHeader
          title={<SectionTitle icon={ShieldCheck} text="Two-factor sign-in" />}
          action={user.twoFactorEnabled ? <Badge tone="positive">On</Badge> : <Badge>Off</Badge>}
        />
        <div className="p-5">
          <Notice answer={answer} section="two-factor" />
          {user.twoFactorEnabled ? (
            <Form method="post" className="space-y-4" noValidate>
              <input type="hidden" name="intent" value="two-factor-disable" />
              <p className="text-sm text-muted">
                Sign-in asks for a code from your authenticator app. Withdrawals will need it too.
              </p>
              <p className="text-sm text-muted">
                To turn it off, confirm with your password and a current code from the app, or one of your
                recovery codes.
              </p>
              <input type="hidden" name="username" value={user.email} autoComplete="username" />
              <Field
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                error={fields?.password}
              />
              <Field
                label="Code from the app or a recovery code"
                name="code"
                autoComplete="one-time-code"
                spellCheck={false}
                maxLength={64}
                required
                error={fields?.code}
              />
              <Button type="submit" variant="danger" busy={busy("two-factor-disable")}>
                Turn off two-factor sign-in
              </Button>
            </Form>
          ) : enrolment ? (
            <div className="space-y-5">
              <ol className="list-decimal space-y-1 pl-5 text-sm text-ink">
                <li>Scan the QR code with an authenticator app (or type the key).</li>
                <li>Save the recovery codes somewhere safe. Each works once if you lose your phone.</li>
                <li>Enter the 6-digit code the app shows.</li>
              </ol>
              <div className="flex flex-col gap-5 sm:flex-row">
                <img
                  src={enrolment.qr}
                  alt="QR code for your authenticator app"
                  width={200}
                  height={200}
                  className="size-[200px] rounded-md border border-line"
                />
                <div className="min-w-0 space-y-3">
                  <div>
                    <p className="text-sm font-medium text-ink">Key for manual entry</p>
                    <code
                      data-testid="totp-secret"
                      className="block break-all rounded bg-subtle px-2 py-1 text-sm"
                    >
                      {enrolment.secret}
                    </code>
                  </div>
                  <div>
                    <p className="text-sm font-medium text-ink">Recovery codes</p>
                    <ul
                      data-testid="recovery-codes"
                      className="mt-1 grid grid-cols-2 gap-1 font-mono text-sm"
                    >
                      {enrolment.backupCodes.map((code) => (
                        <li key={code} className="rounded bg-subtle px-2 py-0.5">
                          {code}
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>
              </div>
              <Form method="post" className="space-y-4">
                <input type="hidden" name="intent" value="two-factor-confirm" />
                <input type="hidden" name="totpURI" value={enrolment.totpURI} />
                <input type="hidden" name="backupCodes" value={enrolment.backupCodes.join(",")} />
                <Field
                  label="Code from the app"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={7}
                  required
                />
                <Button type="submit" busy={busy("two-factor-confirm")} busyLabel="Checking...">
                  Turn on two-factor sign-in
                </Button>
              </Form>
            </div>
          ) : (
            <Form method="post" className="space-y-4">
              <input type="hidden" name="intent" value="two-factor-start" />
              <p className="text-sm text-muted">
                Protect your account with a code from an authenticator app (TOTP) at every sign-in.
              </p>
              <input type="hidden" name="username" value={user.email} autoComplete="username" />
              <Field
                label="Confirm with your password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
              />
              <Button type="submit" busy={busy("two-factor-start")}>
                Set up two-factor sign-in
              </Button>
            </Form>
          )}
        </div>
      </Card>

      <Card>
        <CardHeader
          title={<SectionTitle icon={Laptop} text="Active sessions" />}
          action={
            loaderData.sessions.length > 1 ? (
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-others" />
                <Button type="submit" variant="secondary" size="sm" busy={busy("revoke-others")}>
                  Sign out other devices
                </Button>
              </Form>
            ) : null
          }
        />
        {answer?.section === "sessions" ? (
          <div className="px-5 pt-5">
            <Notice answer={answer} section="sessions" />
          </div>
        ) : null}
        <Table caption="Devices signed in to your account">
          <thead>
            <tr>
              <Th>Device</Th>
              <Th className="hidden sm:table-cell">IP address</Th>
              <Th>Last active</Th>
              <Th>
                <span className="sr-only">Action</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {loaderData.sessions.map((s) => (
              <tr key={s.id} data-testid="session-row">
                <Td>
                  <span className="font-medium text-ink">{s.device}</span>
                  <span className="block text-xs text-muted">Signed in {formatDate(s.createdAt)}</span>
                </Td>
                <Td className="hidden font-mono text-xs sm:table-cell">{s.ip}</Td>
                <Td className="text-sm">{formatDate(s.lastSeenAt)}</Td>
                <Td className="text-right">
                  {s.current ? (
                    <Badge tone="brand">This device</Badge>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke-session" />
                      <input type="hidden" name="sessionId" value={s.id} />
                      <Button type="submit" variant="ghost" size="sm" aria-label={`Sign out ${s.device}`}>
                        Revoke
                      </Button>
                    </Form>
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card>

      <AppearanceCard />
    </div>
  );
}

function SectionTitle({ icon: Icon, text }: { icon: typeof UserRound; text: string }) {
  return (
    <span className="flex items-center gap-2">
      <Icon aria-hidden className="size-4 text-brand" />
      {text}
    </span>
  );
}
