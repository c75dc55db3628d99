-- Trust fixes (ADR 0053/0055 addenda, ADR 0056, ADR 0011 addendum):
-- four eyes on money made by hand (manual_entries, bank_statement_lines); the transactional
-- outbox (outbox) and the development mailbox renamed from outbox_messages to dev_mailbox, with a
-- message key so a message delivered twice is kept once; how each session signed in.
-- The two "nobody acts on their own money" checks are NOT VALID: they hold for every new or
-- changed row, without refusing to migrate a database whose history already has such a row.
CREATE TABLE "bank_statement_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bank_transaction_id" text NOT NULL,
	"booked_on" date NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"imported_by" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_bank_transaction_id_unique" UNIQUE("bank_transaction_id"),
	CONSTRAINT "bank_statement_lines_amount_check" CHECK ("bank_statement_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "manual_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "manual_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"ledger" text NOT NULL,
	"asset" text NOT NULL,
	"amount" bigint NOT NULL,
	"member_id" text,
	"bank_reference" text,
	"bank_transaction_id" text,
	"statement_line_id" bigint,
	"note" text,
	"status" text DEFAULT 'proposed' NOT NULL,
	"proposed_by" text NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"deposit_id" bigint,
	"entry_id" bigint,
	"idempotency_key" text NOT NULL,
	CONSTRAINT "manual_entries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "manual_entries_kind_check" CHECK ("manual_entries"."kind" in ('bank-credit', 'rewards-pool', 'treasury')),
	CONSTRAINT "manual_entries_status_check" CHECK ("manual_entries"."status" in ('proposed', 'approved', 'declined')),
	CONSTRAINT "manual_entries_ledger_check" CHECK ("manual_entries"."ledger" in ('real', 'demo')),
	CONSTRAINT "manual_entries_amount_check" CHECK ("manual_entries"."amount" > 0),
	CONSTRAINT "manual_entries_four_eyes_check" CHECK ("manual_entries"."decided_by" is null or "manual_entries"."decided_by" <> "manual_entries"."proposed_by"),
	CONSTRAINT "manual_entries_not_own_check" CHECK ("manual_entries"."member_id" is null or ("manual_entries"."member_id" <> "manual_entries"."proposed_by" and ("manual_entries"."decided_by" is null or "manual_entries"."member_id" <> "manual_entries"."decided_by"))),
	CONSTRAINT "manual_entries_bank_check" CHECK (("manual_entries"."kind" = 'bank-credit') = ("manual_entries"."member_id" is not null and "manual_entries"."bank_transaction_id" is not null and "manual_entries"."bank_reference" is not null)
        and ("manual_entries"."kind" <> 'bank-credit' or ("manual_entries"."ledger" = 'real' and "manual_entries"."asset" = 'USD'))),
	CONSTRAINT "manual_entries_decided_check" CHECK (("manual_entries"."status" = 'proposed') = ("manual_entries"."decided_by" is null and "manual_entries"."decided_at" is null)
        and ("manual_entries"."status" <> 'approved' or "manual_entries"."entry_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"message_key" text NOT NULL,
	"payload" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "outbox_message_key_unique" UNIQUE("message_key"),
	CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('email')),
	CONSTRAINT "outbox_payload_check" CHECK ("outbox"."delivered_at" is not null or "outbox"."payload" is not null)
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" RENAME TO "dev_mailbox";--> statement-breakpoint
ALTER TABLE "dev_mailbox" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sign_in_method" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_entries" ADD CONSTRAINT "manual_entries_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_entries" ADD CONSTRAINT "manual_entries_statement_line_id_bank_statement_lines_id_fk" FOREIGN KEY ("statement_line_id") REFERENCES "public"."bank_statement_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_entries" ADD CONSTRAINT "manual_entries_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_entries" ADD CONSTRAINT "manual_entries_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_entries" ADD CONSTRAINT "manual_entries_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_entries" ADD CONSTRAINT "manual_entries_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_booked_idx" ON "bank_statement_lines" USING btree ("booked_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "manual_entries_bank_transaction_unique" ON "manual_entries" USING btree ("bank_transaction_id") WHERE "manual_entries"."status" <> 'declined';--> statement-breakpoint
CREATE INDEX "manual_entries_status_idx" ON "manual_entries" USING btree ("status","proposed_at");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("available_at","id") WHERE "outbox"."delivered_at" is null and "outbox"."failed_at" is null;--> statement-breakpoint
ALTER TABLE "dev_mailbox" ADD CONSTRAINT "dev_mailbox_message_key_unique" UNIQUE("message_key");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_sign_in_method_check" CHECK ("sessions"."sign_in_method" in ('password', 'two-factor'));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_not_own_check" CHECK ("deposits"."decided_by" is null or "deposits"."decided_by" <> "deposits"."user_id") NOT VALID;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_not_own_check" CHECK ("withdrawals"."user_id" <> coalesce("withdrawals"."first_approved_by", '') and "withdrawals"."user_id" <> coalesce("withdrawals"."approved_by", '')
        and "withdrawals"."user_id" <> coalesce("withdrawals"."completed_by", '') and "withdrawals"."user_id" <> coalesce("withdrawals"."rejected_by", '')) NOT VALID;