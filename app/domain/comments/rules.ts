// Comments on research (issue 20, ADR 0083), pure and browser-importable: what a comment may be,
// how long it can be edited, when a member is "new" (no links yet), and the words for each refusal.
import { z } from "../zod.ts";

export const COMMENT_MAX = 2000;
/** A comment can be edited by its author for this long after posting. */
export const EDIT_WINDOW_MINUTES = 15;
export const EDIT_WINDOW_MS = EDIT_WINDOW_MINUTES * 60_000;
/** A member whose account is younger than this cannot post links (spam and scam bait). */
export const NEW_MEMBER_DAYS = 7;

export const REPORT_REASONS = Object.freeze(["spam", "abuse", "scam", "other"] as const);
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_LABELS: Readonly<Record<ReportReason, string>> = Object.freeze({
  spam: "Spam or advertising",
  abuse: "Abusive or hateful",
  scam: "Scam or phishing",
  other: "Something else",
});

export const commentMessages = Object.freeze({
  body: "Write a comment.",
  bodyLong: `Keep the comment under ${COMMENT_MAX.toLocaleString("en-US")} characters.`,
  links: `Links are allowed once your account is ${NEW_MEMBER_DAYS} days old. Remove the link, or post it later.`,
  editWindow: `Comments can be edited for ${EDIT_WINDOW_MINUTES} minutes after posting.`,
  replyDepth: "Replies answer a comment, not another reply.",
  replyHidden: "This comment was hidden by a moderator and cannot be answered.",
  rate: "You have commented a lot in the last hour. Please try again later.",
  editRate: "You have edited a lot in the last hour. Please try again later.",
  reportRate: "You have sent many reports in the last hour. Please try again later.",
  reportOwn: "You cannot report your own comment.",
  reportReason: "Choose why you are reporting it.",
  hideReason: "Say why it is hidden (3 to 200 characters): everyone reading sees this.",
  missing: "That comment is not here any more.",
  hidden: "A hidden comment cannot be changed.",
});

/**
 * Whether text holds a link: a scheme, "www.", or a bare domain with a common top-level name
 * ("example.com/x", "t.me/group"). Deliberately wide: a false alarm costs a new member a rewrite.
 */
export function containsLink(text: string): boolean {
  if (/\b(?:https?|ftp):\/\//i.test(text) || /\bwww\./i.test(text)) return true;
  return /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|xyz|app|co|me|info|biz|ru|cn|gg|ly|to|finance|exchange|link|site|online|top|club|cc|tk|us|uk|eu|de)\b/i.test(
    text,
  );
}

/** New: the account is younger than NEW_MEMBER_DAYS. */
export function isNewMember(accountCreatedAt: Date, now: Date): boolean {
  return now.getTime() - accountCreatedAt.getTime() < NEW_MEMBER_DAYS * 86_400_000;
}

export function canStillEdit(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() <= EDIT_WINDOW_MS;
}

/** "Ann S.": the first name and the last name's initial, never the e-mail. */
export function publicName(user: { firstName: string; lastName: string; name: string }): string {
  const first = user.firstName.trim() || user.name.trim().split(/\s+/)[0] || "Member";
  const last = user.lastName.trim() || user.name.trim().split(/\s+/)[1] || "";
  return last ? `${first} ${last[0]?.toUpperCase()}.` : first;
}

export const commentSchema = z.object({
  body: z.string().trim().min(1, commentMessages.body).max(COMMENT_MAX, commentMessages.bodyLong),
});

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { message: commentMessages.reportReason }),
});

export const hideSchema = z.object({
  reason: z.string().trim().min(3, commentMessages.hideReason).max(200, commentMessages.hideReason),
});
