-- A plan's price change reaches card subscriptions too (ADR 0070): the card provider renews them, so
-- it must be told the new price before the renewal it applies to. This records which scheduled
-- change (by its date) each subscription's provider was last told about.
ALTER TABLE "subscriptions" ADD COLUMN "provider_price_from" timestamp with time zone;