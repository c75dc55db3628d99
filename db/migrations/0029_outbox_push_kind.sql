-- Web Push messages share the outbox with e-mail (ADR 0079): the kind check now allows 'push', and
-- push rows queued before it (labelled 'email', told apart by their "push:" key) are relabelled.
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('email', 'push'));--> statement-breakpoint
UPDATE "outbox" SET "kind" = 'push' WHERE "message_key" LIKE 'push:%';
