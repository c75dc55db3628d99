ALTER TABLE "outbox" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_request_id_check" CHECK (length("outbox"."request_id") between 1 and 100);
