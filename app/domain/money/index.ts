export * from "./amount.ts";
export * from "./assets.ts";
