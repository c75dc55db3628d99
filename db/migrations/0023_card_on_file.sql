-- The Billing page names the card on file ("Visa ending in 4242") from the newest
-- payment_method.attached event the provider sent for the member's customer (ADR 0070).
CREATE INDEX "billing_events_card_on_file_idx" ON "billing_events" USING btree ("provider",("payload"->>'customer'),"created_at") WHERE "billing_events"."type" = 'payment_method.attached';