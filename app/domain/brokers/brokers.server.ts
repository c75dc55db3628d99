// The /buy page's trusted brokers: an admin-edited list of external links. Coinlens
// sells no crypto itself; when a link pays the operator a commission it is marked affiliate and
// the page says so.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { queryRows } from "../../db/client.server.ts";
import { deepFreeze } from "../freeze.ts";

export interface Broker {
  id: bigint;
  name: string;
  url: string;
  imageUrl: string;
  priceText: string;
  affiliate: boolean;
  sortOrder: number;
  enabled: boolean;
}

interface BrokerRow {
  id: string;
  name: string;
  url: string;
  image_url: string;
  price_text: string;
  affiliate: boolean;
  sort_order: number;
  enabled: boolean;
}

const fromRow = (r: BrokerRow): Broker => ({
  id: BigInt(r.id),
  name: r.name,
  url: r.url,
  imageUrl: r.image_url,
  priceText: r.price_text,
  affiliate: r.affiliate,
  sortOrder: Number(r.sort_order),
  enabled: r.enabled,
});

export async function listBrokers(db: Db, options: { enabledOnly?: boolean } = {}): Promise<Broker[]> {
  const rows = await queryRows<BrokerRow>(
    db,
    sql`select id::text as id, name, url, image_url, price_text, affiliate, sort_order, enabled from brokers
        where (${options.enabledOnly ? true : null}::boolean is null or enabled)
        order by sort_order, id`,
  );
  return rows.map(fromRow);
}

export async function getBroker(db: Db, id: bigint): Promise<Broker | undefined> {
  const [row] = await queryRows<BrokerRow>(
    db,
    sql`select id::text as id, name, url, image_url, price_text, affiliate, sort_order, enabled from brokers
        where id = ${id.toString()}::bigint`,
  );
  return row ? fromRow(row) : undefined;
}

/** A broker as the back-office form gives it: everything but the id. */
export type BrokerInput = Omit<Broker, "id">;

export function isSafeBrokerUrl(url: string): boolean {
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
}

/** Adds a broker (admin). Only https links are accepted. */
export async function createBroker(db: Db, input: BrokerInput): Promise<bigint> {
  if (!isSafeBrokerUrl(input.url)) throw new RangeError("A broker link must start with https://");
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into brokers (name, url, image_url, price_text, affiliate, sort_order, enabled)
        values (${input.name}, ${input.url}, ${input.imageUrl}, ${input.priceText}, ${input.affiliate}, ${input.sortOrder}, ${input.enabled})
        returning id::text as id`,
  );
  return BigInt(row?.id ?? "0");
}

/** Changes a broker (admin). */
export async function updateBroker(db: Db, id: bigint, input: BrokerInput): Promise<void> {
  if (!isSafeBrokerUrl(input.url)) throw new RangeError("A broker link must start with https://");
  await db.execute(sql`update brokers set name = ${input.name}, url = ${input.url}, image_url = ${input.imageUrl},
      price_text = ${input.priceText}, affiliate = ${input.affiliate}, sort_order = ${input.sortOrder},
      enabled = ${input.enabled}, updated_at = now()
    where id = ${id.toString()}::bigint`);
}

/** The four default brokers, added once (an admin's later edits and removals stick). */
export const defaultBrokers: readonly BrokerInput[] = deepFreeze([
  {
    name: "Coinbase",
    url: "https://www.coinbase.com/",
    imageUrl: "/images/brokers/coinbase.svg",
    priceText: "Card, bank transfer",
    affiliate: false,
    sortOrder: 1,
    enabled: true,
  },
  {
    name: "Kraken",
    url: "https://www.kraken.com/",
    imageUrl: "/images/brokers/kraken.svg",
    priceText: "Card, bank transfer",
    affiliate: false,
    sortOrder: 2,
    enabled: true,
  },
  {
    name: "Bitstamp",
    url: "https://www.bitstamp.net/",
    imageUrl: "/images/brokers/bitstamp.svg",
    priceText: "Card, bank transfer",
    affiliate: false,
    sortOrder: 3,
    enabled: true,
  },
  {
    name: "Gemini",
    url: "https://www.gemini.com/",
    imageUrl: "/images/brokers/gemini.svg",
    priceText: "Card, bank transfer",
    affiliate: false,
    sortOrder: 4,
    enabled: true,
  },
]);

export async function seedBrokers(db: Db): Promise<number> {
  const marker = await queryRows<{ key: string }>(
    db,
    sql`insert into settings (key, value) values ('brokers.seeded', 'true'::jsonb) on conflict (key) do nothing returning key`,
  );
  if (marker.length === 0) return 0;
  for (const broker of defaultBrokers) await createBroker(db, broker);
  return defaultBrokers.length;
}
