// The research article's comment forms (ADR 0083): parse, check, call the domain, answer beside
// the field of the comment the form belongs to. The route has already checked that the member may
// read the piece; hiding needs moderate:comment:any with a two-factor session (the route decides).
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client.server.ts";
import type { AuditContext } from "../accounts/audit.server.ts";
import { systemClock } from "../accounts/clock.ts";
import { fieldErrors, formText, formValues, parseId } from "../forms.ts";
import { editComment, hideComment, postComment, reportComment } from "./comments.server.ts";
import { commentSchema, hideSchema, reportSchema } from "./rules.ts";

export interface CommentAnswer {
  ok: boolean;
  intent: string;
  /** The comment the form was about ("" for a new top-level comment), so the answer shows beside it. */
  target: string;
  message?: string;
  errors?: Record<string, string | undefined>;
  /** What was typed, back in the box after a refusal. */
  body?: string;
  /** New on each success: the page re-keys its forms with it (empty boxes, closed tools). */
  done?: string;
}

export async function commentAction(
  db: Db,
  viewer: { userId: string; moderator: { audit: AuditContext } | null },
  pieceId: string,
  form: FormData,
): Promise<CommentAnswer> {
  const intent = formText(form.get("intent"));
  const target = formText(form.get("commentId"));
  const commentId = parseId(target);
  const values = formValues(form);
  const base = { intent, target };
  const refuse = (errors: Record<string, string | undefined>, body?: string): CommentAnswer => ({
    ...base,
    ok: false,
    errors,
    ...(body !== undefined ? { body } : {}),
  });
  if (intent === "comment" || intent === "reply" || intent === "edit") {
    const parsed = commentSchema.safeParse(values);
    if (!parsed.success) return refuse(fieldErrors(parsed.error), values.body ?? "");
    if (intent !== "comment" && commentId === null)
      return refuse({ form: "That comment is not here any more." });
    const body = parsed.data.body;
    const result =
      intent === "edit" && commentId !== null
        ? await editComment(db, { pieceId, commentId, userId: viewer.userId, body, clock: systemClock })
        : await postComment(db, {
            pieceId,
            userId: viewer.userId,
            body,
            parentId: intent === "reply" ? commentId : null,
            clock: systemClock,
          });
    if (!result.ok) return refuse({ [result.field]: result.message }, body);
    const message = { comment: "Your comment is posted.", reply: "Your reply is posted.", edit: "Saved." }[
      intent
    ];
    return { ...base, ok: true, message, done: randomUUID() };
  }
  if (commentId === null) return refuse({ form: "That comment is not here any more." });
  if (intent === "report") {
    const parsed = reportSchema.safeParse(values);
    if (!parsed.success) return refuse(fieldErrors(parsed.error));
    const result = await reportComment(db, {
      pieceId,
      commentId,
      userId: viewer.userId,
      reason: parsed.data.reason,
      clock: systemClock,
    });
    if (!result.ok) return refuse({ [result.field]: result.message });
    return { ...base, ok: true, message: "Thank you: a moderator will look at it.", done: randomUUID() };
  }
  if (intent === "hide") {
    if (!viewer.moderator) return refuse({ form: "You do not have permission to do this." });
    const parsed = hideSchema.safeParse(values);
    if (!parsed.success) return refuse(fieldErrors(parsed.error));
    const result = await hideComment(db, {
      commentId,
      staffId: viewer.userId,
      reason: parsed.data.reason,
      audit: viewer.moderator.audit,
    });
    if (!result.ok) return refuse({ [result.field]: result.message });
    return {
      ...base,
      ok: true,
      message: "Hidden. Readers see your reason in its place.",
      done: randomUUID(),
    };
  }
  return refuse({ form: "Unknown action." });
}

/** /admin/comments: hide a reported comment (the route has checked moderate:comment:any). */
export async function moderationAction(
  db: Db,
  staff: { id: string; audit: AuditContext },
  form: FormData,
): Promise<CommentAnswer> {
  const intent = formText(form.get("intent"));
  if (intent !== "hide") return { ok: false, intent, target: "", errors: { form: "Unknown action." } };
  // Hiding reads no piece: the queue lists comments across pieces.
  return commentAction(db, { userId: staff.id, moderator: { audit: staff.audit } }, "", form);
}
