// The support pages' forms (issue 20, ADR 0080): parse, validate, call the domain, answer with
// messages for the fields. Routes pass the signed-in user; staff routes check the permission first.
import type { Db } from "../../db/client.server.ts";
import { systemClock } from "../accounts/clock.ts";
import { fieldErrors, formText, formValues, parseId } from "../forms.ts";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE } from "./attachments.ts";
import { newTicketSchema, ratingSchema, replySchema } from "./rules.ts";
import {
  assignTicket,
  createCannedReply,
  deleteCannedReply,
  setTicketStatus,
  writeAsStaff,
} from "./staff.server.ts";
import {
  openTicket,
  rateTicket,
  replyAsMember,
  resolveAsMember,
  type UploadedFile,
} from "./tickets.server.ts";

export interface SupportAnswer {
  ok: boolean;
  intent: string;
  message?: string;
  errors?: Record<string, string | undefined>;
  ticketId?: string;
}

/** The largest form we read: every file at its limit, and room for the text fields. */
export const MAX_SUPPORT_FORM_BYTES = MAX_ATTACHMENTS_PER_MESSAGE * MAX_ATTACHMENT_BYTES + 256 * 1024;

/** Refused before the body is read, so a huge upload costs us nothing. */
export function tooLarge(request: Request): SupportAnswer | null {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length <= MAX_SUPPORT_FORM_BYTES) return null;
  return { ok: false, intent: "upload", errors: { files: "Files can be up to 5 MB each, 3 at most." } };
}

async function filesOf(form: FormData): Promise<UploadedFile[]> {
  const files: UploadedFile[] = [];
  for (const value of form.getAll("files")) {
    if (typeof value === "string") continue;
    // An empty file input still posts one nameless, empty part: that is no file.
    if (value.size === 0 && value.name === "") continue;
    files.push({ name: value.name, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return files;
}

export async function newTicketAction(
  db: Db,
  user: { id: string; email: string },
  form: FormData,
): Promise<SupportAnswer> {
  const parsed = newTicketSchema.safeParse(formValues(form));
  if (!parsed.success) return { ok: false, intent: "open", errors: fieldErrors(parsed.error) };
  const result = await openTicket(db, {
    userId: user.id,
    email: user.email,
    ticket: parsed.data,
    files: await filesOf(form),
    clock: systemClock,
  });
  if (!result.ok) return { ok: false, intent: "open", errors: { [result.field]: result.message } };
  return { ok: true, intent: "open", ticketId: result.ticketId };
}

export async function memberTicketAction(
  db: Db,
  userId: string,
  ticketId: bigint,
  form: FormData,
): Promise<SupportAnswer> {
  const intent = formText(form.get("intent"));
  if (intent === "reply") {
    const parsed = replySchema.safeParse(formValues(form));
    if (!parsed.success) return { ok: false, intent, errors: fieldErrors(parsed.error) };
    const result = await replyAsMember(db, {
      userId,
      ticketId,
      message: parsed.data.message,
      files: await filesOf(form),
      clock: systemClock,
    });
    if (!result.ok) return { ok: false, intent, errors: { [result.field]: result.message } };
    return { ok: true, intent, message: "Your reply is sent. We will answer here and by e-mail." };
  }
  if (intent === "resolve") {
    const done = await resolveAsMember(db, { userId, ticketId, now: systemClock.now() });
    return done
      ? { ok: true, intent, message: "Marked as resolved. Thank you." }
      : { ok: false, intent, errors: { form: "This request cannot be marked resolved now." } };
  }
  if (intent === "rate") {
    const parsed = ratingSchema.safeParse(formValues(form));
    if (!parsed.success) return { ok: false, intent, errors: fieldErrors(parsed.error) };
    const done = await rateTicket(db, {
      userId,
      ticketId,
      rating: parsed.data.rating,
      comment: parsed.data.comment,
    });
    return done
      ? { ok: true, intent, message: "Thank you for rating our help." }
      : { ok: false, intent, errors: { form: "This request cannot be rated now (or is rated already)." } };
  }
  return { ok: false, intent, errors: { form: "Unknown action." } };
}

export async function staffTicketAction(
  db: Db,
  staff: { id: string; canReply: boolean },
  ticketId: bigint,
  form: FormData,
): Promise<SupportAnswer> {
  const intent = formText(form.get("intent"));
  const now = systemClock.now();
  if (!staff.canReply)
    return { ok: false, intent, errors: { form: "You do not have permission to do this." } };
  if (intent === "reply" || intent === "note") {
    const parsed = replySchema.safeParse(formValues(form));
    if (!parsed.success) return { ok: false, intent, errors: fieldErrors(parsed.error) };
    const result = await writeAsStaff(db, {
      staffId: staff.id,
      ticketId,
      message: parsed.data.message,
      internal: intent === "note",
      files: await filesOf(form),
      now,
    });
    if (!result.ok) return { ok: false, intent, errors: { [result.field]: result.message } };
    return {
      ok: true,
      intent,
      message: intent === "note" ? "Note added (staff only)." : "Reply sent and e-mailed.",
    };
  }
  if (intent === "assign") {
    const to = formText(form.get("assignee"));
    const done = await assignTicket(db, { ticketId, assigneeId: to === "" ? null : to, now });
    return done
      ? { ok: true, intent, message: to === "" ? "Unassigned." : "Assigned." }
      : { ok: false, intent, errors: { assignee: "Choose someone on the support team." } };
  }
  if (intent === "resolve" || intent === "close" || intent === "reopen") {
    const done = await setTicketStatus(db, { ticketId, event: intent, now });
    return done
      ? { ok: true, intent, message: { resolve: "Resolved.", close: "Closed.", reopen: "Reopened." }[intent] }
      : { ok: false, intent, errors: { form: "The ticket's status changed meanwhile; nothing was done." } };
  }
  return { ok: false, intent, errors: { form: "Unknown action." } };
}

export async function cannedAction(db: Db, staffId: string, form: FormData): Promise<SupportAnswer> {
  const intent = formText(form.get("intent"));
  if (intent === "delete") {
    const id = parseId(form.get("id"));
    if (id !== null) await deleteCannedReply(db, id);
    return { ok: true, intent, message: "Canned reply deleted." };
  }
  const title = formText(form.get("title")).trim();
  const body = formText(form.get("body")).trim();
  const errors: Record<string, string> = {};
  if (!title || title.length > 80) errors.title = "Give it a title of up to 80 characters.";
  if (!body || body.length > 5000) errors.body = "Write the reply (up to 5,000 characters).";
  if (Object.keys(errors).length) return { ok: false, intent: "create", errors };
  await createCannedReply(db, { title, body, staffId });
  return { ok: true, intent: "create", message: "Canned reply saved." };
}
