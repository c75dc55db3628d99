-- A plan's price change reaches card subscriptions too (ADR 0070): the card provider renews them, so
-- it must be told the new price before the renewal it applies to. This records what each
-- subscription's provider was last told to charge at the next renewal (null: the price the current
-- period was paid at, which the provider keeps charging until told otherwise).
ALTER TABLE "subscriptions" ADD COLUMN "provider_renewal_minor" bigint;