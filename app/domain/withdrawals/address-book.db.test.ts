// The withdrawal address book (addresses.server.ts): the saved destinations a member picks from,
// when each becomes usable, and the labels they give them (their own rows only, 1–60 characters).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { shortAddress, usableFromNow } from "./address-book.ts";
import {
  addressLabelMessages,
  checkWithdrawalAddress,
  labelWithdrawalAddress,
  listWithdrawalAddresses,
} from "./addresses.server.ts";
import { AddressCoolingOffError } from "./errors.ts";

const t = setupTestDatabase();

const TRON = "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH";
const TRON_2 = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const BTC_ADDRESS = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

let counter = 0;
async function newMember(): Promise<string> {
  const id = `m-ab-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
  await t.db.execute(sql`insert into users (id, name, email) values (${id}, ${id}, ${`${id}@example.test`})`);
  return id;
}

describe("the withdrawal address book", () => {
  it("lists a member's addresses for one asset with the time each becomes usable", async () => {
    const userId = await newMember();
    const now = new Date("2026-11-20T10:00:00Z");
    await expect(
      checkWithdrawalAddress(t.db, { userId, asset: "USDT", address: TRON, coolingOffHours: 24, now }),
    ).rejects.toBeInstanceOf(AddressCoolingOffError);
    await checkWithdrawalAddress(t.db, { userId, asset: "USDT", address: TRON_2, coolingOffHours: 0, now });
    await checkWithdrawalAddress(t.db, {
      userId,
      asset: "BTC",
      address: BTC_ADDRESS,
      coolingOffHours: 0,
      now,
    });

    const usdt = await listWithdrawalAddresses(t.db, { userId, asset: "USDT", now });
    expect(usdt.map((a) => a.address).sort()).toEqual([TRON, TRON_2].sort());
    const cooling = usdt.find((a) => a.address === TRON);
    expect(cooling).toMatchObject({ label: null, usableNow: false, usableFrom: "2026-11-21T10:00:00.000Z" });
    expect(usdt.find((a) => a.address === TRON_2)).toMatchObject({ usableNow: true });
    // A day later the new one is usable too.
    const later = await listWithdrawalAddresses(t.db, {
      userId,
      asset: "USDT",
      now: new Date("2026-11-21T10:00:00Z"),
    });
    expect(later.every((a) => a.usableNow)).toBe(true);
    expect(
      (await listWithdrawalAddresses(t.db, { userId, asset: "BTC", now })).map((a) => a.address),
    ).toEqual([BTC_ADDRESS]);
  });

  it("labels only the member's own rows, 1 to 60 characters after trimming", async () => {
    const owner = await newMember();
    const other = await newMember();
    await checkWithdrawalAddress(t.db, { userId: owner, asset: "USDT", address: TRON, coolingOffHours: 0 });
    await checkWithdrawalAddress(t.db, { userId: other, asset: "USDT", address: TRON, coolingOffHours: 0 });
    const [mine] = await listWithdrawalAddresses(t.db, { userId: owner, asset: "USDT" });
    if (!mine) throw new Error("no saved address");

    expect(await labelWithdrawalAddress(t.db, { userId: owner, addressId: mine.id, label: "  " })).toEqual({
      ok: false,
      status: 400,
      errors: { label: addressLabelMessages.length },
    });
    const long = await labelWithdrawalAddress(t.db, {
      userId: owner,
      addressId: mine.id,
      label: "x".repeat(61),
    });
    expect(long).toMatchObject({ ok: false, errors: { label: addressLabelMessages.length } });

    // Someone else's row, or an id that is not one, is answered alike and changes nothing.
    for (const addressId of [mine.id, "not-an-id", "999999999"]) {
      const refused = await labelWithdrawalAddress(t.db, { userId: other, addressId, label: "Mine now" });
      expect(refused).toEqual({ ok: false, status: 404, errors: { form: addressLabelMessages.notFound } });
    }
    expect((await listWithdrawalAddresses(t.db, { userId: owner, asset: "USDT" }))[0]?.label).toBeNull();

    const saved = await labelWithdrawalAddress(t.db, {
      userId: owner,
      addressId: mine.id,
      label: " Hardware wallet ",
    });
    expect(saved).toEqual({ ok: true, message: addressLabelMessages.saved });
    expect((await listWithdrawalAddresses(t.db, { userId: owner, asset: "USDT" }))[0]?.label).toBe(
      "Hardware wallet",
    );
    expect((await listWithdrawalAddresses(t.db, { userId: other, asset: "USDT" }))[0]?.label).toBeNull();
    const sixty = await labelWithdrawalAddress(t.db, {
      userId: owner,
      addressId: mine.id,
      label: "y".repeat(60),
    });
    expect(sixty.ok).toBe(true);
  });

  it("shortens an address and dates a new one hours ahead", () => {
    expect(shortAddress(BTC_ADDRESS)).toBe("bc1qcr8t…306fyu");
    expect(shortAddress("short")).toBe("short");
    expect(usableFromNow(24, Date.parse("2026-11-20T10:00:00Z")).toISOString()).toBe(
      "2026-11-21T10:00:00.000Z",
    );
  });
});
