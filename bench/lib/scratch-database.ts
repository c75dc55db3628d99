/** The benches' own PostgreSQL databases: dropped and created afresh on the server of `adminUrl`. */
import pg from "pg";

/** `adminUrl` pointing at database `name` instead. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops `name` (closing anyone's connections to it) and creates it empty; returns its URL. */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  return databaseUrl(adminUrl, name);
}
