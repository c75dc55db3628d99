-- The offline sample card processor's own tables (ADR 0070): outside production it plays Stripe's
-- part, with its sessions, customers, subscriptions, invoices and refunds, and a queue of the signed
-- webhooks it owes us (delivered with retries, so a crash loses none).
CREATE TABLE "sample_billing_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"merchant_user_id" text,
	"card" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sample_billing_customers_card_check" CHECK ("sample_billing_customers"."card" is null or "sample_billing_customers"."card" in ('success', 'decline', 'confirm'))
);
--> statement-breakpoint
CREATE TABLE "sample_billing_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sample_billing_deliveries_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "sample_billing_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"billing_reason" text NOT NULL,
	"amount_paid_minor" bigint NOT NULL,
	"credit_minor" bigint DEFAULT 0 NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"charge_id" text NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_billing_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sample_billing_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sample_billing_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"client_reference_id" text NOT NULL,
	"customer_id" text,
	"customer_email" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"product_name" text NOT NULL,
	"period" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"pending_card" text,
	"last_error" text,
	"subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sample_billing_sessions_status_check" CHECK ("sample_billing_sessions"."status" in ('open', 'requires_action', 'complete', 'expired')),
	CONSTRAINT "sample_billing_sessions_period_check" CHECK ("sample_billing_sessions"."period" in ('monthly', 'yearly')),
	CONSTRAINT "sample_billing_sessions_amount_check" CHECK ("sample_billing_sessions"."amount_minor" > 0),
	CONSTRAINT "sample_billing_sessions_card_check" CHECK ("sample_billing_sessions"."pending_card" is null or "sample_billing_sessions"."pending_card" in ('success', 'decline', 'confirm'))
);
--> statement-breakpoint
CREATE TABLE "sample_billing_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"product_name" text NOT NULL,
	"period" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"next_period" text,
	"next_amount_minor" bigint,
	"status" text NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"next_action_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sample_billing_subscriptions_status_check" CHECK ("sample_billing_subscriptions"."status" in ('active', 'past_due', 'canceled')),
	CONSTRAINT "sample_billing_subscriptions_period_check" CHECK ("sample_billing_subscriptions"."period" in ('monthly', 'yearly'))
);
--> statement-breakpoint
CREATE INDEX "sample_billing_deliveries_due_idx" ON "sample_billing_deliveries" USING btree ("available_at","id") WHERE "sample_billing_deliveries"."delivered_at" is null and "sample_billing_deliveries"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "sample_billing_sessions_open_idx" ON "sample_billing_sessions" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "sample_billing_subscriptions_due_idx" ON "sample_billing_subscriptions" USING btree ("next_action_at") WHERE "sample_billing_subscriptions"."status" <> 'canceled';