export * from "./addresses.ts";
export * from "./extended-key.ts";
export * from "./validate.ts";
