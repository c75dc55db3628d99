import { FlaskConical } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { firstMessage, safeRedirect, signUpSchema } from "~/domain/accounts/schemas.ts";
import { signUp } from "~/domain/accounts/sign-in.server.ts";
import { fieldErrors, formValues } from "~/domain/forms.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { accounts, redirectIfSignedIn, requestMeta } from "~/utils/auth.server.ts";
import type { Route } from "./+types/signup";
import { AuthPanel, FormAlert, NewTabLink, useTimedMessage } from "./auth-ui.tsx";

export const meta = () => [
  { title: "Signup Now · Coinlens" },
  { name: "description", content: "Create your Coinlens membership account." },
];

const CLEAR_AFTER_MS = 2000;

type SignUpField = "email" | "firstName" | "lastName" | "password";

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  // Where to go after sign-up (the checkout Subscribe chose): a member already signed in goes there now.
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
  await redirectIfSignedIn(args, redirectTo || undefined);
  const ref = url.searchParams.get("ref")?.slice(0, 32) ?? "";
  return { ref, demo: url.searchParams.get("demo") === "1", redirectTo };
}

export async function action(args: Route.ActionArgs) {
  const values = formValues(await args.request.formData());
  const parsed = signUpSchema.safeParse(values);
  if (!parsed.success)
    return data(
      { error: firstMessage(parsed.error), fields: fieldErrors<SignUpField>(parsed.error) },
      { status: 400 },
    );
  const { db, env } = accounts();
  const result = await signUp(
    db,
    env,
    {
      ...parsed.data,
      referralCode: values.ref || undefined,
      demo: values.demo === "1",
      // The confirmation link leads on here once it has signed the new member in.
      next: safeRedirect(values.redirectTo, "") || undefined,
    },
    requestMeta(args),
  );
  if (!result.ok) return data({ error: result.message }, { status: result.retryAfterSeconds ? 429 : 400 });
  // The same answer for a new address and one that already has an account (ADR 0010 addendum):
  // nobody is signed in here; the e-mail says what to do next.
  return redirect("/signup/check-email");
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/signup";
  const [message, show] = useTimedMessage(CLEAR_AFTER_MS, actionData);
  // Beside each field, until that field is changed or the form is sent again; the seed's one-line
  // summary above the form stays as it was.
  const serverFields = actionData && "fields" in actionData ? actionData.fields : undefined;
  const [fields, setFields] = useState<Partial<Record<SignUpField | "form", string>>>(serverFields ?? {});
  useEffect(() => setFields(serverFields ?? {}), [serverFields]);
  const clear = (field: SignUpField) => () => setFields(({ [field]: _, ...rest }) => rest);

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = signUpSchema.safeParse(formValues(new FormData(event.currentTarget)));
    if (!parsed.success) {
      event.preventDefault();
      show(firstMessage(parsed.error));
      setFields(fieldErrors<SignUpField>(parsed.error));
    } else {
      setFields({});
    }
  }

  return (
    <AuthPanel
      title="Signup Now"
      subtitle={
        loaderData.demo
          ? "Create your account and start in a demo account: practise every feature without risking money."
          : "Create your membership account in a minute."
      }
      footer={
        <Link
          to={
            loaderData.redirectTo
              ? `/login?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`
              : "/login"
          }
          className="font-semibold text-brand hover:underline"
        >
          Already a member? Sign in
        </Link>
      }
    >
      {loaderData.demo ? (
        <p className="mb-4 flex items-center gap-2 rounded-md bg-brand-soft px-3 py-2 text-sm font-medium text-brand-strong">
          <FlaskConical aria-hidden className="size-4" />
          Demo account: no real money is used.
        </p>
      ) : null}
      <FormAlert message={message} />
      <Form method="post" action="/signup" noValidate onSubmit={validate} className="space-y-4">
        <input type="hidden" name="ref" value={loaderData.ref} />
        <input type="hidden" name="demo" value={loaderData.demo ? "1" : ""} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={fields.email}
          onChange={clear("email")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
            error={fields.firstName}
            onChange={clear("firstName")}
          />
          <Field
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            required
            error={fields.lastName}
            onChange={clear("lastName")}
          />
        </div>
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters. Avoid common passwords."
          error={fields.password}
          onChange={clear("password")}
        />
        <Button type="submit" className="w-full" busy={busy}>
          Next
        </Button>
      </Form>
      <p className="mt-4 text-xs text-muted">
        By signing up you confirm you are 18 or older and accept our{" "}
        <NewTabLink href="/legal/terms">terms</NewTabLink> and{" "}
        <NewTabLink href="/legal/privacy">privacy policy</NewTabLink>.
      </p>
    </AuthPanel>
  );
}
