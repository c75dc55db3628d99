// The airdrop tool's rules (issue 20, ADR 0085), pure so the admin form and the server share them:
// links are https only, an estimated value needs the source that states it, and a deadline in the
// past means the airdrop has ended whatever its stored status says.
import { deepFreeze } from "../freeze.ts";
import { z } from "../zod.ts";

export type AirdropStatus = "upcoming" | "active" | "ended";
export const AIRDROP_STATUSES: readonly AirdropStatus[] = deepFreeze(["upcoming", "active", "ended"]);
export const STATUS_LABELS: Readonly<Record<AirdropStatus, string>> = deepFreeze({
  upcoming: "Upcoming",
  active: "Active",
  ended: "Ended",
});

/** Shown on every airdrop, whatever staff wrote in its risk notes. */
export const SEED_PHRASE_WARNING =
  "We will never ask for your seed phrase or private key, and neither will a genuine airdrop.";
/** What an airdrop without a sourced estimate shows. */
export const UNKNOWN_VALUE = "Unknown";
/** The most task rows the admin form offers. */
export const MAX_TASKS = 8;
/** The reminder goes this long before the deadline. */
export const REMINDER_LEAD_MS = 48 * 60 * 60 * 1000;

export const messages = deepFreeze({
  https: "Enter a full https:// address.",
  sourceRequired: "Enter the official source (an https:// address).",
  estimateNeedsSource: "An estimated value needs the https:// source that states it.",
  sourceNeedsEstimate: "Enter the estimated value this source states, or clear the source.",
  deadlinePast: "This deadline has passed: choose Ended, or a later deadline.",
  deadlineRequired: "An active airdrop needs a deadline.",
  deadlineInvalid: "Enter a date and time.",
  taskUrlWithoutTitle: "Describe the task this link is for.",
  noTasks: "Add at least one task.",
});

/** True for an absolute https URL with a host; anything else (http, javascript:, relative) is not. */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The status members see: a deadline that has passed has ended the airdrop. */
export function effectiveStatus(status: AirdropStatus, deadline: Date | null, now: Date): AirdropStatus {
  if (deadline && deadline.getTime() <= now.getTime()) return "ended";
  return status;
}

/** What an airdrop shows for its value: the stated estimate with its source, or "Unknown". */
export function estimatedValueOf(value: string | null, source: string | null) {
  return value && source && isHttpsUrl(source)
    ? { text: value, source }
    : { text: UNKNOWN_VALUE, source: null };
}

const text = (max: number, required: string) =>
  z.string().trim().min(1, required).max(max, `Keep it under ${max} characters.`);
const optionalText = (max: number) => z.string().trim().max(max, `Keep it under ${max} characters.`);
const httpsOrEmpty = z
  .string()
  .trim()
  .refine((v) => v === "" || isHttpsUrl(v), messages.https);

/** `deadline` is a datetime-local value read as UTC ("2026-12-01T18:00"), or "". */
export const airdropFormSchema = z.object({
  project: text(80, "Enter the project's name."),
  chain: text(40, "Enter the chain."),
  status: z.enum(["upcoming", "active", "ended"], { message: "Choose a status." }),
  deadline: z
    .string()
    .trim()
    .refine((v) => v === "" || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v), messages.deadlineInvalid),
  reward: text(200, "Enter the reward as the project states it."),
  requirements: text(1000, "Enter who is eligible."),
  url: z
    .string()
    .trim()
    .refine((v) => isHttpsUrl(v), messages.sourceRequired),
  riskNotes: optionalText(1000),
  estimatedValue: optionalText(80),
  estimatedValueSource: httpsOrEmpty,
});
export type AirdropFormInput = z.infer<typeof airdropFormSchema>;

export interface AirdropTaskInput {
  title: string;
  url: string | null;
}

export interface ValidAirdrop {
  project: string;
  chain: string;
  status: AirdropStatus;
  deadline: Date | null;
  reward: string;
  requirements: string;
  url: string;
  riskNotes: string;
  estimatedValue: string | null;
  estimatedValueSource: string | null;
  tasks: AirdropTaskInput[];
}

export type AirdropFormResult =
  | { ok: true; airdrop: ValidAirdrop }
  | { ok: false; errors: Record<string, string | undefined> };

/**
 * The whole admin form: fields by the schema, then the rules across fields (deadline against
 * status, estimate against its source) and the task rows (`task-N-title`, `task-N-url`).
 */
export function parseAirdropForm(values: Record<string, string>, now: Date): AirdropFormResult {
  const errors: Record<string, string | undefined> = {};
  const parsed = airdropFormSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "form");
      errors[key] ??= issue.message;
    }
  }
  const tasks: AirdropTaskInput[] = [];
  for (let i = 0; i < MAX_TASKS; i++) {
    const title = (values[`task-${i}-title`] ?? "").trim();
    const url = (values[`task-${i}-url`] ?? "").trim();
    if (title.length > 200) errors[`task-${i}-title`] = "Keep it under 200 characters.";
    if (url && !isHttpsUrl(url)) errors[`task-${i}-url`] = messages.https;
    if (url && !title) errors[`task-${i}-title`] = messages.taskUrlWithoutTitle;
    if (title) tasks.push({ title, url: url || null });
  }
  if (tasks.length === 0) errors["task-0-title"] ??= messages.noTasks;
  if (!parsed.success) return { ok: false, errors };
  const input = parsed.data;
  const deadline = input.deadline ? new Date(`${input.deadline}Z`) : null;
  if (deadline && Number.isNaN(deadline.getTime())) errors.deadline = messages.deadlineInvalid;
  else if (input.status === "active" && !deadline) errors.deadline = messages.deadlineRequired;
  else if (input.status !== "ended" && deadline && deadline.getTime() <= now.getTime())
    errors.deadline = messages.deadlinePast;
  if (input.estimatedValue && !input.estimatedValueSource)
    errors.estimatedValueSource = messages.estimateNeedsSource;
  if (!input.estimatedValue && input.estimatedValueSource)
    errors.estimatedValue = messages.sourceNeedsEstimate;
  if (Object.values(errors).some(Boolean)) return { ok: false, errors };
  return {
    ok: true,
    airdrop: {
      project: input.project,
      chain: input.chain,
      status: input.status,
      deadline,
      reward: input.reward,
      requirements: input.requirements,
      url: input.url,
      riskNotes: input.riskNotes,
      estimatedValue: input.estimatedValue || null,
      estimatedValueSource: input.estimatedValueSource || null,
      tasks,
    },
  };
}
