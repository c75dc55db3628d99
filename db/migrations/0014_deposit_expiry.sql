-- An announced deposit that nothing paid within DEPOSIT_ANNOUNCED_DAYS becomes 'expired' (its
-- Pending operation Failed) instead of waiting in the member's history for ever (ADR 0052).
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_status_check";--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in ('awaiting', 'detected', 'confirming', 'credited', 'rejected', 'expired'));