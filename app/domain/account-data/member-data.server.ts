// Everything a member's account holds, read for "Download all my data" (ADR 0086). Each section
// is one query scoped to the member (`user_id = <member>`, or through the member's own ticket or
// watchlist), each row as JSON with every number as a string (bigint minor units stay exact).
// Secrets and other people are left out: session tokens, confirmation token hashes, push keys,
// the staff who decided things, and support's internal notes.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.server.ts";
import { deepFreeze } from "../freeze.ts";
import { formatAmount } from "../money/amount.ts";
import { isAsset } from "../money/assets.ts";

export type DataRow = Record<string, unknown>;

interface Section {
  /** The section's key in the JSON and its CSV file's name. */
  name: string;
  /** What it holds, for the README in the download. */
  about: string;
  /** Selects the member's rows as `x` (the member's id is `u`). */
  from: (u: string) => SQL;
  /** Columns left out. */
  omit?: readonly string[];
}

const STAFF_COLUMNS = Object.freeze([
  "decided_by",
  "first_approved_by",
  "approved_by",
  "completed_by",
  "rejected_by",
  "moderated_by",
  "assignee_id",
]);

export const SECTIONS: readonly Section[] = deepFreeze([
  {
    name: "profile",
    about: "Your name, e-mail address, role, two-factor setting and referral code.",
    from: (u) =>
      sql`select id, name, first_name, last_name, email, email_verified, role, two_factor_enabled,
            referral_code, created_at, updated_at, closed_at from users where id = ${u}`,
  },
  {
    name: "accounts",
    about: "Your real and demo accounts and their membership plan.",
    from: (u) => sql`select * from member_accounts where user_id = ${u} order by created_at`,
  },
  {
    name: "preferences",
    about: "What you chose that follows you between devices.",
    from: (u) => sql`select * from member_preferences where user_id = ${u}`,
  },
  {
    name: "balances",
    about: "Your balances per ledger, asset and kind (available, held, staked), from the ledger.",
    from: (u) =>
      sql`select a.ledger, a.asset, a.kind, b.balance as amount, b.updated_at
          from ledger_accounts a join ledger_balances b on b.account_id = a.id
          where a.user_id = ${u} order by a.ledger, a.asset, a.kind`,
  },
  {
    name: "operations",
    about: "Every deposit, withdrawal, stake, reward, swap and membership payment (your history).",
    from: (u) => sql`select * from ledger_operations where user_id = ${u} order by created_at, id`,
  },
  {
    name: "deposits",
    about: "Deposits you announced or made, and their confirmations.",
    from: (u) => sql`select * from deposits where user_id = ${u} order by created_at, id`,
    omit: STAFF_COLUMNS,
  },
  {
    name: "deposit_addresses",
    about: "Your deposit addresses and bank transfer reference.",
    from: (u) =>
      sql`select asset, chain, address, null as reference, created_at from deposit_addresses where user_id = ${u}
          union all
          select 'USD', 'bank', null, reference, created_at from deposit_bank_references where user_id = ${u}`,
  },
  {
    name: "withdrawals",
    about: "Your withdrawals, their destinations and what happened to them.",
    from: (u) => sql`select * from withdrawals where user_id = ${u} order by created_at, id`,
    omit: [...STAFF_COLUMNS, "confirm_token_hash"],
  },
  {
    name: "withdrawal_addresses",
    about: "Your saved withdrawal addresses.",
    from: (u) => sql`select * from withdrawal_addresses where user_id = ${u} order by created_at`,
  },
  {
    name: "stakes",
    about: "Your fixed-term stakes.",
    from: (u) => sql`select * from staking_positions where user_id = ${u} order by opened_at, id`,
  },
  {
    name: "swaps",
    about: "Your swaps: the quote you accepted and when it ran.",
    from: (u) =>
      sql`select * from swap_quotes where user_id = ${u} and executed_at is not null order by executed_at, id`,
  },
  {
    name: "recurring_buys",
    about: "Your recurring buy plans.",
    from: (u) => sql`select * from recurring_buys where user_id = ${u} order by created_at, id`,
  },
  {
    name: "subscriptions",
    about: "Your membership subscriptions.",
    from: (u) => sql`select * from subscriptions where user_id = ${u} order by created_at, id`,
  },
  {
    name: "invoices",
    about: "Your membership invoices.",
    from: (u) => sql`select * from invoices where user_id = ${u} order by issued_at, id`,
  },
  {
    name: "membership_checkouts",
    about: "Your membership checkouts (card or crypto).",
    from: (u) => sql`select * from billing_checkouts where user_id = ${u} order by created_at, id`,
    omit: ["provider_session_id"],
  },
  {
    name: "watchlists",
    about: "Your watchlists and the symbols on them.",
    from: (u) =>
      sql`select w.id, w.name, w.created_at,
            coalesce((select string_agg(i.symbol, ' ' order by i.symbol) from watchlist_items i
                      where i.watchlist_id = w.id), '') as symbols
          from watchlists w where w.user_id = ${u} order by w.created_at, w.id`,
  },
  {
    name: "price_alerts",
    about: "Your price alerts.",
    from: (u) => sql`select * from price_alerts where user_id = ${u} order by created_at, id`,
  },
  {
    name: "notifications",
    about: "Notifications shown to you in the app.",
    from: (u) => sql`select * from notifications where user_id = ${u} order by created_at, id`,
  },
  {
    name: "push_subscriptions",
    about: "The browsers you allowed to receive notifications (their keys left out).",
    from: (u) => sql`select * from push_subscriptions where user_id = ${u} order by created_at, id`,
    omit: ["endpoint", "p256dh", "auth"],
  },
  {
    name: "research_follows",
    about: "Research authors and topics you follow.",
    from: (u) => sql`select * from research_follows where user_id = ${u} order by created_at`,
  },
  {
    name: "portfolio_wallets",
    about: "Holdings outside Coinlens you track: addresses and manual balances.",
    from: (u) => sql`select * from portfolio_wallets where user_id = ${u} order by created_at, id`,
  },
  {
    name: "portfolio_transactions",
    about: "Transactions outside Coinlens you entered or imported.",
    from: (u) => sql`select * from portfolio_transactions where user_id = ${u} order by occurred_at, id`,
  },
  {
    name: "portfolio_imports",
    about: "Files you imported into the portfolio tracker.",
    from: (u) => sql`select * from portfolio_imports where user_id = ${u} order by created_at, id`,
  },
  {
    name: "portfolio_targets",
    about: "Your target allocation.",
    from: (u) => sql`select * from portfolio_targets where user_id = ${u} order by asset`,
  },
  {
    name: "portfolio_snapshots",
    about: "Your portfolio's daily value.",
    from: (u) => sql`select * from portfolio_snapshots where user_id = ${u} order by day`,
  },
  {
    name: "support_tickets",
    about: "Your support requests.",
    from: (u) => sql`select * from support_tickets where user_id = ${u} order by created_at, id`,
    omit: ["assignee_id"],
  },
  {
    name: "support_messages",
    about: "The messages of your support requests (support's internal notes are not yours).",
    from: (u) =>
      sql`select m.id, m.ticket_id, m.author_kind, m.body, m.created_at,
            coalesce((select string_agg(a.file_name, ' | ' order by a.id) from support_attachments a
                      where a.message_id = m.id), '') as attachments
          from support_messages m join support_tickets t on t.id = m.ticket_id
          where t.user_id = ${u} and not m.internal order by m.created_at, m.id`,
  },
  {
    name: "reviews",
    about: "Reviews you wrote and reviews you voted for.",
    from: (u) =>
      sql`select id, rating, title, body, country, author_name, experienced_on, status, created_at, null as voted_review_id
            from reviews where user_id = ${u}
          union all
          select null, null, null, null, null, null, null, 'vote', created_at, review_id
            from review_votes where user_id = ${u}`,
  },
  {
    name: "sessions",
    about: "Devices signed in to your account now (the session secrets left out).",
    from: (u) => sql`select * from sessions where user_id = ${u} order by created_at`,
    omit: ["token"],
  },
  {
    name: "security_events",
    about: "Sign-ins, failures, password and two-factor changes and other security events.",
    from: (u) => sql`select * from audit_log where user_id = ${u} order by at, id`,
  },
  {
    name: "data_exports",
    about: "Your requests to download your data.",
    from: (u) => sql`select * from data_exports where user_id = ${u} order by requested_at`,
    omit: ["bytes"],
  },
]);

/** Adds a decimal amount beside each minor-unit amount whose asset the row names. */
function withDecimals(row: DataRow): DataRow {
  const out: DataRow = { ...row };
  for (const [amountKey, assetKey] of [
    ["amount", "asset"],
    ["counter_amount", "counter_asset"],
    ["expected_amount", "asset"],
    ["reward", "asset"],
  ] as const) {
    const amount = row[amountKey];
    const asset = row[assetKey];
    if (typeof amount === "string" && /^-?\d+$/.test(amount) && isAsset(asset)) {
      out[`${amountKey}_decimal`] = formatAmount(BigInt(amount), asset);
    }
  }
  return out;
}

async function sectionRows(db: Db, section: Section, userId: string): Promise<DataRow[]> {
  const omit = sql.raw(`array[${(section.omit ?? []).map((c) => `'${c}'`).join(",")}]::text[]`);
  const rows = await queryRows<{ row: DataRow | string }>(
    db,
    sql`select coalesce((select json_object_agg(e.key,
              case when json_typeof(e.value) = 'number' then to_json(e.value #>> '{}') else e.value end
              order by e.ord)
            from json_each(to_json(x)) with ordinality as e(key, value, ord)
            where e.key <> all(${omit})), '{}'::json) as row
        from (${section.from(userId)}) x`,
  );
  return rows.map((r) => withDecimals(typeof r.row === "string" ? (JSON.parse(r.row) as DataRow) : r.row));
}

export interface MemberData {
  exportedAt: string;
  userId: string;
  sections: Record<string, DataRow[]>;
}

/** Every section of the member's data, in order. Call inside one transaction for one snapshot. */
export async function collectMemberData(db: Db, userId: string, now: Date): Promise<MemberData> {
  const sections: Record<string, DataRow[]> = {};
  for (const section of SECTIONS) sections[section.name] = await sectionRows(db, section, userId);
  return { exportedAt: now.toISOString(), userId, sections };
}
