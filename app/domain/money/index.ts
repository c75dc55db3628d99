export * from "./amount.ts";
export * from "./assets.ts";
export * from "./conversion.ts";
export * from "./decimal.ts";
