import { MessageSquare } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Form, useNavigation } from "react-router";
import { REPORT_LABELS, REPORT_REASONS } from "~/domain/comments/rules.ts";
import { formatDateTime } from "~/domain/dates.ts";
import { Button } from "../button.tsx";
import { Field, FieldError } from "../field.tsx";
import { Select } from "../select.tsx";

/** A comment as the article page gets it (CommentView, without server imports). */
export interface CommentData {
  id: string;
  authorName: string;
  mine: boolean;
  body: string | null;
  hiddenReason: string | null;
  createdAt: string;
  edited: boolean;
  canEdit: boolean;
  reportedByMe: boolean;
  replies: CommentData[];
}

/** What the last comment form answered (CommentAnswer). */
export interface CommentFormAnswer {
  ok: boolean;
  intent: string;
  target: string;
  message?: string;
  errors?: Record<string, string | undefined>;
  body?: string;
  done?: string;
}

const textareaClass =
  "block w-full rounded-md border border-line bg-surface px-3 py-2 text-base text-ink placeholder:text-muted/80 focus:border-brand focus:outline-2 focus:outline-offset-0 focus:outline-focus aria-invalid:border-negative";

function BodyBox({
  label,
  defaultValue,
  error,
  rows = 3,
}: {
  label: string;
  defaultValue?: string | undefined;
  error?: string | undefined;
  rows?: number;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        name="body"
        rows={rows}
        maxLength={2000}
        required
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={textareaClass}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** One action under a comment, a disclosure that works without JavaScript; open after a refusal. */
function CommentTool({ label, open, children }: { label: string; open: boolean; children: ReactNode }) {
  return (
    <details className="group" open={open}>
      <summary className="cursor-pointer list-none text-sm font-semibold text-brand hover:underline [&::-webkit-details-marker]:hidden">
        {label}
      </summary>
      <div className="mt-2 w-full">{children}</div>
    </details>
  );
}

function CommentItem({
  comment,
  answer,
  moderator,
  isReply,
}: {
  comment: CommentData;
  answer: CommentFormAnswer | undefined;
  moderator: boolean;
  isReply: boolean;
}) {
  const busy = useNavigation().state !== "idle";
  const mineAnswer = (intent: string) =>
    answer && !answer.ok && answer.target === comment.id && answer.intent === intent ? answer : undefined;
  const hidden = comment.body === null;
  const edit = mineAnswer("edit");
  const reply = mineAnswer("reply");
  const report = mineAnswer("report");
  const hide = mineAnswer("hide");
  return (
    <li className={isReply ? "border-l-2 border-line pl-4" : ""} data-testid="comment">
      <article aria-label={`Comment by ${comment.authorName}`} className="space-y-2">
        <p className="text-sm">
          <span className="font-semibold text-ink">{comment.authorName}</span>
          {comment.mine ? <span className="text-muted"> (you)</span> : null}
          <span className="text-muted">
            {" · "}
            <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
            {comment.edited && !hidden ? " · edited" : ""}
          </span>
        </p>
        {hidden ? (
          <p
            className="rounded-md bg-subtle px-3 py-2 text-sm italic text-muted"
            data-testid="comment-hidden"
          >
            Hidden by a moderator: {comment.hiddenReason}
          </p>
        ) : (
          <p className="whitespace-pre-wrap break-words text-ink" data-testid="comment-body">
            {comment.body}
          </p>
        )}
        {hidden ? null : (
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {!isReply ? (
              <CommentTool label="Reply" open={Boolean(reply)}>
                <Form method="post" className="space-y-3" preventScrollReset>
                  <input type="hidden" name="intent" value="reply" />
                  <input type="hidden" name="commentId" value={comment.id} />
                  <BodyBox
                    label="Your reply"
                    defaultValue={reply?.body}
                    error={reply?.errors?.body ?? reply?.errors?.form}
                  />
                  <Button type="submit" size="sm" disabled={busy}>
                    Post reply
                  </Button>
                </Form>
              </CommentTool>
            ) : null}
            {comment.canEdit ? (
              <CommentTool label="Edit" open={Boolean(edit)}>
                <Form method="post" className="space-y-3" preventScrollReset>
                  <input type="hidden" name="intent" value="edit" />
                  <input type="hidden" name="commentId" value={comment.id} />
                  <BodyBox
                    label="Edit your comment"
                    defaultValue={edit?.body ?? comment.body ?? ""}
                    error={edit?.errors?.body ?? edit?.errors?.form}
                  />
                  <Button type="submit" size="sm" disabled={busy}>
                    Save edit
                  </Button>
                </Form>
              </CommentTool>
            ) : null}
            {!comment.mine && !comment.reportedByMe ? (
              <CommentTool label="Report" open={Boolean(report)}>
                <Form method="post" className="flex flex-wrap items-end gap-3" preventScrollReset>
                  <input type="hidden" name="intent" value="report" />
                  <input type="hidden" name="commentId" value={comment.id} />
                  <Select
                    label="Why?"
                    name="reason"
                    options={REPORT_REASONS.map((r) => ({ value: r, label: REPORT_LABELS[r] }))}
                    error={report?.errors?.reason ?? report?.errors?.form}
                  />
                  <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                    Send report
                  </Button>
                </Form>
              </CommentTool>
            ) : null}
            {comment.reportedByMe ? <p className="text-sm text-muted">You reported this.</p> : null}
            {moderator ? (
              <CommentTool label="Hide (moderator)" open={Boolean(hide)}>
                <Form method="post" className="flex flex-wrap items-end gap-3" preventScrollReset>
                  <input type="hidden" name="intent" value="hide" />
                  <input type="hidden" name="commentId" value={comment.id} />
                  <Field
                    label="Reason readers will see"
                    name="reason"
                    maxLength={200}
                    required
                    error={hide?.errors?.reason ?? hide?.errors?.form}
                  />
                  <Button type="submit" size="sm" variant="danger" disabled={busy}>
                    Hide comment
                  </Button>
                </Form>
              </CommentTool>
            ) : null}
          </div>
        )}
      </article>
      {comment.replies.length > 0 ? (
        <ul className="mt-4 space-y-4" aria-label={`Replies to ${comment.authorName}`}>
          {comment.replies.map((r) => (
            <CommentItem key={r.id} comment={r} answer={answer} moderator={moderator} isReply />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function countAll(comments: readonly CommentData[]): number {
  return comments.reduce((sum, c) => sum + 1 + c.replies.length, 0);
}

/** The comments under a research piece: post, reply one level, edit for 15 minutes, report, hide. */
export function CommentsSection({
  comments,
  answer,
  moderator,
}: {
  comments: CommentData[];
  answer: CommentFormAnswer | undefined;
  moderator: boolean;
}) {
  const busy = useNavigation().state !== "idle";
  const top = answer && !answer.ok && answer.intent === "comment" ? answer : undefined;
  const total = countAll(comments);
  return (
    <section aria-labelledby="comments-heading" className="mx-auto mt-10 max-w-3xl space-y-6">
      <h2 id="comments-heading" className="flex items-center gap-2 text-xl font-bold tracking-tight text-ink">
        <MessageSquare aria-hidden className="size-5 text-brand" />
        Comments ({total})
      </h2>
      <div aria-live="polite" className="text-sm font-medium">
        {answer?.ok ? <p className="text-positive">{answer.message}</p> : null}
      </div>
      {/* A new key after each success empties the boxes and closes the tools. */}
      <div key={answer?.done ?? "comments"} className="space-y-6">
        <Form method="post" className="space-y-3" preventScrollReset>
          <input type="hidden" name="intent" value="comment" />
          <BodyBox
            label="Add a comment"
            defaultValue={top?.body}
            error={top?.errors?.body ?? top?.errors?.form}
            rows={4}
          />
          <p className="text-xs text-muted">
            Plain text, up to 2,000 characters. Be kind; this is not investment advice.
          </p>
          <Button type="submit" disabled={busy}>
            Post comment
          </Button>
        </Form>
        {comments.length === 0 ? (
          <p className="text-sm text-muted">No comments yet. Be the first to share a thought.</p>
        ) : (
          <ul className="space-y-6" aria-label="Comments">
            {comments.map((c) => (
              <CommentItem key={c.id} comment={c} answer={answer} moderator={moderator} isReply={false} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
