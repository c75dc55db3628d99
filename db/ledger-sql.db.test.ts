// db/ledger.sql is the readable copy of the ledger's functions and triggers as they stand after
// every migration (ADR 0031 addendum). This test keeps it true, on PGlite and on PostgreSQL: in a
// transaction it always rolls back, it reads the migrated database's catalog, drops every ledger_*
// function and every trigger on a ledger_* table, runs db/ledger.sql in their place and reads the
// catalog again. Both readings must be the same: the same functions and triggers, the same
// definitions (pg_get_functiondef, pg_get_triggerdef) apart from comments and layout, the same
// per-function settings (proconfig) and privileges, the same enabled state of each trigger (and
// the same constraints and indexes: the file must not change a table).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Database } from "../app/db/client.server.ts";
import { setupTestDatabase } from "../tests/db.ts";

const t = setupTestDatabase();

const LEDGER_SQL = readFileSync(path.join(import.meta.dirname, "ledger.sql"), "utf8");

interface Session {
  run(text: string): Promise<void>;
  rows<T>(text: string): Promise<T[]>;
}

/** Runs `work` on one connection, inside a transaction that is rolled back whatever happens. */
async function inRolledBackTransaction<T>(database: Database, work: (s: Session) => Promise<T>): Promise<T> {
  if (database.pglite) {
    const client = database.pglite;
    await client.exec("begin");
    try {
      return await work({
        run: async (text) => {
          await client.exec(text);
        },
        rows: async <R>(text: string) => (await client.query<R>(text)).rows,
      });
    } finally {
      await client.exec("rollback");
    }
  }
  if (!database.pool) throw new Error("PostgreSQL database without a pool");
  const client = await database.pool.connect();
  try {
    await client.query("begin");
    try {
      // Without parameters node-postgres uses the simple protocol: several statements may be sent.
      return await work({
        run: async (text) => {
          await client.query(text);
        },
        rows: async <R>(text: string) => (await client.query(text)).rows as R[],
      });
    } finally {
      await client.query("rollback");
    }
  } finally {
    client.release();
  }
}

/**
 * SQL without comments, and with whitespace kept only where it separates two words, so that
 * comments, indentation and line breaks never matter but any other change does. Quoted strings
 * and identifiers are kept as they are.
 */
function normaliseSql(text: string): string {
  let out = "";
  let space = false;
  const word = /[\w$]/;
  const emit = (piece: string) => {
    if (space && word.test(out.at(-1) ?? "") && word.test(piece[0] ?? "")) out += " ";
    out += piece;
    space = false;
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === "'" || ch === '"') {
      let j = i + 1;
      while (j < text.length && (text[j] !== ch || text[j + 1] === ch)) j += text[j] === ch ? 2 : 1;
      emit(text.slice(i, j + 1));
      i = j + 1;
    } else if (text.startsWith("--", i)) {
      const end = text.indexOf("\n", i);
      i = end === -1 ? text.length : end;
      space = true;
    } else if (text.startsWith("/*", i)) {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
      space = true;
    } else if (/\s/.test(ch)) {
      space = true;
      i++;
    } else {
      emit(ch);
      i++;
    }
  }
  return out;
}

/**
 * pg_get_functiondef prints each setting as a " SET name TO value" line of the header; the order
 * of those clauses does not matter, so they are compared as the sorted proconfig instead.
 */
function withoutSettings(definition: string): string {
  const body = definition.indexOf("\nAS ");
  if (body === -1) return definition;
  const header = definition
    .slice(0, body)
    .split("\n")
    .filter((line) => !line.startsWith(" SET "))
    .join("\n");
  return header + definition.slice(body);
}

interface CatalogRow {
  name: string;
  definition: string;
  settings: string;
  privileges: string;
}

// Every function and user trigger of the public schema (not only the ledger's): an object that
// db/ledger.sql creates or changes outside the ledger's names shows up too. Constraints and
// indexes as well, though the file stands in for none of them: the tables are Drizzle's
// (db/schema/ledger.ts), and a statement in db/ledger.sql that changed one would be a difference.
const CATALOG = `
  select 'function ' || p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as definition,
         'settings ' || coalesce(array_to_string(array(select s from unnest(p.proconfig) s order by s), ', '), 'none')
           as settings,
         'privileges ' || coalesce(p.proacl::text, 'default') as privileges
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname = 'public'
  union all
  select 'trigger ' || t.tgname || ' on ' || c.relname, pg_get_triggerdef(t.oid),
         'enabled ' || t.tgenabled::text, ''
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and not t.tgisinternal
  union all
  select 'constraint ' || k.conname || ' on ' || c.relname, pg_get_constraintdef(k.oid),
         'validated ' || k.convalidated::text, ''
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public'
  union all
  select 'index ' || i.relname, pg_get_indexdef(i.oid), '', ''
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = i.relnamespace
   where n.nspname = 'public'
   order by 1`;

// What db/ledger.sql stands in for: ledger_* functions, and triggers on ledger_* tables or
// running a ledger_* function. Triggers first: a function cannot be dropped while one uses it.
const DROP_LEDGER = `
  select format('drop trigger %I on %I.%I', t.tgname, n.nspname, c.relname) as statement
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    join pg_proc p on p.oid = t.tgfoid
   where n.nspname = 'public' and not t.tgisinternal
     and (c.relname like 'ledger\\_%' or p.proname like 'ledger\\_%')
  union all
  select format('drop function %s', p.oid::regprocedure)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname = 'public' and p.proname like 'ledger\\_%'`;

function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  const from = Math.max(0, at - 60);
  return `database: …${a.slice(from, at + 60)}…\n    db/ledger.sql: …${b.slice(from, at + 60)}…`;
}

/**
 * The differences between the migrated database and db/ledger.sql, one line each; [] when they
 * agree. `change` runs first, as a new migration would (the drift tests below use it).
 */
async function compareWithLedgerSql(
  database: Database,
  ledgerSql: string,
  change = "",
): Promise<{ differences: string[]; compared: string[] }> {
  return inRolledBackTransaction(database, async (s) => {
    if (change) await s.run(change);
    const migrated = await s.rows<CatalogRow>(CATALOG);
    const drops = await s.rows<{ statement: string }>(DROP_LEDGER);
    await s.run(drops.map((d) => d.statement).join(";\n"));
    await s.run(ledgerSql);
    const fromFile = new Map((await s.rows<CatalogRow>(CATALOG)).map((row) => [row.name, row]));
    const differences: string[] = [];
    for (const row of migrated) {
      const other = fromFile.get(row.name);
      fromFile.delete(row.name);
      if (!other) {
        differences.push(`only in the migrated database: ${row.name}`);
        continue;
      }
      const a = normaliseSql(withoutSettings(row.definition));
      const b = normaliseSql(withoutSettings(other.definition));
      if (a !== b) differences.push(`${row.name} differs:\n    ${firstDifference(a, b)}`);
      for (const key of ["settings", "privileges"] as const) {
        if (row[key] !== other[key]) {
          differences.push(`${row.name}: ${row[key]} in the database, ${other[key]} in db/ledger.sql`);
        }
      }
    }
    for (const name of fromFile.keys()) differences.push(`only in db/ledger.sql: ${name}`);
    return { differences, compared: migrated.map((row) => row.name) };
  });
}

/** `text` with `from` replaced by `to`, failing the test if `from` is not there exactly once. */
function edit(text: string, from: string, to: string): string {
  expect(text.split(from), `db/ledger.sql should contain ${JSON.stringify(from)} once`).toHaveLength(2);
  return text.replace(from, to);
}

describe("db/ledger.sql", () => {
  it("defines exactly the ledger functions, triggers and settings of the migrated database", async () => {
    const { differences, compared } = await compareWithLedgerSql(t.database, LEDGER_SQL);
    expect(differences, "update db/ledger.sql to match the migrations (or the other way round)").toEqual([]);
    // Not vacuous: the reading found the ledger.
    expect(compared).toEqual(
      expect.arrayContaining([
        "function ledger_post_entry(text,text,text,text,bigint,jsonb)",
        "function ledger_apply_postings()",
        "trigger ledger_postings_apply on ledger_postings",
        "trigger ledger_entries_balanced on ledger_entries",
      ]),
    );
    expect(compared.filter((name) => name.startsWith("trigger ")).length).toBeGreaterThanOrEqual(16);
  });
});

describe("the comparison notices drift", () => {
  it("ignores comments, indentation and line breaks", async () => {
    const relaid = LEDGER_SQL.split("\n")
      .map((line) => `  ${line}  -- a comment`)
      .join("\n")
      .replaceAll(" AND ", "\n AND /* a block comment */ ");
    expect((await compareWithLedgerSql(t.database, relaid)).differences).toEqual([]);
  });

  it("fails when a statement in db/ledger.sql changes", async () => {
    const changed = edit(LEDGER_SQL, "ORDER BY (a.shard - v_my_shard + 8) % 8", "ORDER BY a.shard");
    expect((await compareWithLedgerSql(t.database, changed)).differences).toEqual([
      expect.stringMatching(/^function ledger_post_entry\(.*\) differs/),
    ]);
  });

  it("fails when a trigger or a setting in db/ledger.sql changes", async () => {
    let changed = edit(LEDGER_SQL, "WHEN (NEW.balance <> 0)", "WHEN (NEW.balance > 0)");
    changed = edit(
      changed,
      "RETURNS trigger\nLANGUAGE plpgsql\nSET enable_seqscan = off\n",
      "RETURNS trigger\nLANGUAGE plpgsql\n",
    );
    expect((await compareWithLedgerSql(t.database, changed)).differences).toEqual([
      "function ledger_apply_postings(): settings enable_seqscan=off, plan_cache_mode=force_generic_plan in the database, settings plan_cache_mode=force_generic_plan in db/ledger.sql",
      expect.stringMatching(/^trigger ledger_balances_guard_insert on ledger_balances differs/),
    ]);
  });

  it("fails when a migration changes a function or a trigger that db/ledger.sql still has as before", async () => {
    const migration = `
      CREATE OR REPLACE FUNCTION ledger_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger: % is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
      END $$;
      ALTER FUNCTION ledger_post_entry(text, text, text, text, bigint, jsonb) RESET enable_seqscan;
      ALTER TABLE ledger_holds DISABLE TRIGGER ledger_holds_guard;`;
    expect((await compareWithLedgerSql(t.database, LEDGER_SQL, migration)).differences).toEqual([
      expect.stringMatching(
        /^function ledger_post_entry\(.*\): settings plan_cache_mode=force_generic_plan in the database, settings enable_seqscan=off, plan_cache_mode=force_generic_plan in db/,
      ),
      expect.stringMatching(/^function ledger_reject_change\(\) differs/),
      "trigger ledger_holds_guard on ledger_holds: enabled D in the database, enabled O in db/ledger.sql",
    ]);
  });

  it("fails when the database has a ledger function or trigger that db/ledger.sql lacks", async () => {
    const migration = `
      CREATE FUNCTION ledger_touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
      CREATE FUNCTION stamp() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
      CREATE TRIGGER ledger_entries_touch BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_touch();
      CREATE TRIGGER ledger_holds_stamp BEFORE UPDATE ON ledger_holds FOR EACH ROW EXECUTE FUNCTION stamp();`;
    expect((await compareWithLedgerSql(t.database, LEDGER_SQL, migration)).differences).toEqual([
      "only in the migrated database: function ledger_touch()",
      "only in the migrated database: trigger ledger_entries_touch on ledger_entries",
      "only in the migrated database: trigger ledger_holds_stamp on ledger_holds",
    ]);
  });

  it("fails when db/ledger.sql has a function or trigger that the database lacks", async () => {
    const extended = `${LEDGER_SQL}
      CREATE FUNCTION ledger_touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
      CREATE TRIGGER ledger_entries_touch BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_touch();`;
    const without = edit(
      LEDGER_SQL,
      "CREATE TRIGGER ledger_holds_no_truncate BEFORE TRUNCATE ON ledger_holds\n  FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();",
      "",
    );
    expect((await compareWithLedgerSql(t.database, extended)).differences).toEqual([
      "only in db/ledger.sql: function ledger_touch()",
      "only in db/ledger.sql: trigger ledger_entries_touch on ledger_entries",
    ]);
    expect((await compareWithLedgerSql(t.database, without)).differences).toEqual([
      "only in the migrated database: trigger ledger_holds_no_truncate on ledger_holds",
    ]);
  });

  it("fails when db/ledger.sql changes a table, which only migrations may do", async () => {
    const altering = `${LEDGER_SQL}
      ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_amount_check;
      CREATE INDEX ledger_entries_code_idx ON ledger_entries (code);`;
    expect((await compareWithLedgerSql(t.database, altering)).differences).toEqual([
      "only in the migrated database: constraint ledger_postings_amount_check on ledger_postings",
      "only in db/ledger.sql: index ledger_entries_code_idx",
    ]);
  });
});
