import { describe, expect, it } from "vitest";
import { deepFreeze, isPlainData } from "./freeze.ts";
import { z } from "./zod.ts";

describe("deepFreeze", () => {
  it("freezes plain objects and arrays all the way down and returns the same value", () => {
    const value = { a: { b: [1, { c: "x" }] }, d: [[2]] };
    const frozen = deepFreeze(value);
    expect(frozen).toBe(value);
    for (const part of [value, value.a, value.a.b, value.a.b[1], value.d, value.d[0]]) {
      expect(Object.isFrozen(part)).toBe(true);
    }
    expect(() => {
      (value.a.b[1] as { c: string }).c = "y";
    }).toThrow(TypeError);
  });

  it("goes inside an object that is already frozen on the outside", () => {
    const inner = { n: 1 };
    deepFreeze(Object.freeze({ inner }));
    expect(Object.isFrozen(inner)).toBe(true);
  });

  it("leaves instances alone: dates, maps, schemas, functions, React-like objects", () => {
    const date = new Date(0);
    const map = new Map([["k", 1]]);
    const schema = z.string();
    const fn = () => 1;
    const component = { $$typeof: Symbol.for("react.forward_ref"), render: fn };
    deepFreeze({ date, map, schema, fn, component });
    for (const part of [date, map, schema, fn, component]) expect(Object.isFrozen(part)).toBe(false);
  });

  it("copes with cycles and primitives", () => {
    const a: Record<string, unknown> = {};
    a.self = a;
    expect(deepFreeze(a)).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze(null)).toBe(null);
  });

  it("knows plain data from everything else", () => {
    expect(isPlainData({})).toBe(true);
    expect(isPlainData(Object.create(null))).toBe(true);
    expect(isPlainData([])).toBe(true);
    expect(isPlainData(new Date())).toBe(false);
    expect(isPlainData(new Set())).toBe(false);
    expect(isPlainData("text")).toBe(false);
    expect(isPlainData({ $$typeof: Symbol.for("react.context") })).toBe(false);
  });
});
