// Small pieces every settings card uses.
import { ArrowLeft, type UserRound } from "lucide-react";
import { Link, useNavigation } from "react-router";
import type { ActionAnswer, Section } from "./views.ts";

/** The answer to the card's last form, if it belongs to this card: an error or a confirmation. */
export function Notice({ answer, section }: { answer: ActionAnswer | undefined; section: Section }) {
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

export function SectionTitle({ icon: Icon, text }: { icon: typeof UserRound; text: string }) {
  return (
    <span className="flex items-center gap-2">
      <Icon aria-hidden className="size-4 text-brand" />
      {text}
    </span>
  );
}

/** Whether the form with this `intent` is on its way (its button shows it is busy). */
export function useBusy() {
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  return (intent: string) => pendingIntent === intent;
}

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
export const formatDate = (iso: string) => `${dateFormat.format(new Date(iso))} UTC`;

/** On a page of one card: the way back to every setting. */
export function AllSettingsLink() {
  return (
    <Link
      to="/settings"
      className="inline-flex items-center gap-1 text-sm font-medium text-brand hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4" />
      All settings
    </Link>
  );
}
