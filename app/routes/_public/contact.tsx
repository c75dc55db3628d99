import { Mail } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import { getConfig } from "~/config.server.ts";
import { requestContext } from "~/context.server.ts";
import { getDb } from "~/db/db.server.ts";
import { systemClock } from "~/domain/accounts/clock.ts";
import { submitContactRequest } from "~/domain/contact/contact.server.ts";
import {
  type ContactFieldErrors,
  contactRateLimitMessage,
  honeypotField,
  parseContactForm,
} from "~/domain/contact/schema.ts";
import { formValues } from "~/domain/forms.ts";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { cn } from "~/ui/cn.ts";
import { Dialog } from "~/ui/dialog.tsx";
import { Field, FieldError, inputClass } from "~/ui/field.tsx";
import { useBrand } from "~/utils/brand.ts";
import { seo } from "~/utils/seo.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Contact Us",
    description: "Write to our support team. We answer every message by e-mail.",
    path: "/contact",
    matches,
  });

type ActionData = { ok: true } | { ok: false; fieldErrors?: ContactFieldErrors; formError?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = formValues(await request.formData());
  const parsed = parseContactForm(form);
  if (!parsed.ok) return data<ActionData>({ ok: false, fieldErrors: parsed.fieldErrors }, { status: 400 });
  const config = getConfig();
  const db = getDb();
  const result = await submitContactRequest(db, parsed.data, {
    ip: context.get(requestContext).ip,
    supportEmail: config.supportEmail,
    clock: systemClock,
    isSpam: (form[honeypotField] ?? "") !== "",
  });
  if (!result.ok) {
    return data<ActionData>(
      { ok: false, formError: contactRateLimitMessage(result.retryAfterSeconds) },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return data<ActionData>({ ok: true });
}

export default function ContactPage() {
  const brand = useBrand();
  const fetcher = useFetcher<ActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<ContactFieldErrors | null>(null);
  const [sentOpen, setSentOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const errors = clientErrors ?? serverErrors ?? {};
  const formError = fetcher.data && !fetcher.data.ok ? fetcher.data.formError : undefined;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      formRef.current?.reset();
      setSentOpen(true);
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <div className="container-page py-12">
      <div className="grid gap-10 lg:grid-cols-[1fr_1.3fr]">
        <div>
          <p className="text-sm font-semibold text-brand">Contact Us</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">How can we help?</h1>
          <p className="mt-4 text-muted">
            Questions about your membership, a deposit or withdrawal, or our research: write to us and a
            member of the support team answers by e-mail, usually within one working day.
          </p>
          <p className="mt-4 text-muted">
            Never send a password, a two-factor code or a private key. {brand.name} will never ask you for
            them.
          </p>
          {brand.contactEmail ? (
            <p className="mt-6 flex items-center gap-2 text-sm">
              <Mail aria-hidden className="size-4 text-brand" />
              <a className="font-medium text-brand hover:underline" href={`mailto:${brand.contactEmail}`}>
                {brand.contactEmail}
              </a>
            </p>
          ) : null}
        </div>
        <Card className="p-6 sm:p-8">
          <fetcher.Form
            ref={formRef}
            method="post"
            noValidate
            className="space-y-5"
            onSubmit={(event) => {
              const parsed = parseContactForm(formValues(new FormData(event.currentTarget)));
              if (!parsed.ok) {
                event.preventDefault();
                setClientErrors(parsed.fieldErrors);
                const first = (["email", "subject", "message"] as const).find((k) => parsed.fieldErrors[k]);
                if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
                return;
              }
              setClientErrors(null);
            }}
          >
            <Field
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              error={errors.email}
            />
            <Field label="Subject" name="subject" required maxLength={200} error={errors.subject} />
            <div className="space-y-1.5">
              <label htmlFor="contact-message" className="block text-sm font-medium text-ink">
                Message
              </label>
              <textarea
                id="contact-message"
                name="message"
                required
                rows={6}
                maxLength={5000}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? "contact-message-error" : undefined}
                className={cn(inputClass, "h-auto py-2.5")}
              />
              <FieldError id="contact-message-error" message={errors.message} />
            </div>
            {/* Spam trap: hidden from people and assistive technology; bots fill it in. */}
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor="contact-website">Leave this field empty</label>
              <input id="contact-website" name={honeypotField} type="text" tabIndex={-1} autoComplete="off" />
            </div>
            {formError ? (
              <p
                role="alert"
                className="rounded-md bg-negative-soft px-3 py-2 text-sm font-medium text-negative"
              >
                {formError}
              </p>
            ) : null}
            <Button type="submit" size="lg" busy={busy} className="w-full sm:w-auto">
              Send message
            </Button>
          </fetcher.Form>
        </Card>
      </div>
      <Dialog open={sentOpen} onOpenChange={setSentOpen} title="Message Sent">
        <p>
          Thank you. Your message has reached our support team and we will answer by e-mail, usually within
          one working day.
        </p>
      </Dialog>
    </div>
  );
}
