// The one pg-core schema for both drivers (PGlite and node-postgres). Each domain owns a file.

export * from "./airdrops.ts";
export * from "./approvals.ts";
export * from "./auth.ts";
export * from "./brokers.ts";
export * from "./contact.ts";
export * from "./deposits.ts";
export * from "./ledger.ts";
export * from "./mail.ts";
export * from "./market-data.ts";
export * from "./membership.ts";
export * from "./portfolio.ts";
export * from "./portfolio-tracker.ts";
export * from "./research.ts";
export * from "./reviews.ts";
export * from "./sample-billing.ts";
export * from "./settings.ts";
export * from "./smart-money.ts";
export * from "./staff-roles.ts";
export * from "./staking.ts";
export * from "./support.ts";
export * from "./swap.ts";
export * from "./withdrawals.ts";
