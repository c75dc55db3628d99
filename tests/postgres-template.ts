import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../app/db/client.server.ts";
import { migrateDatabase } from "../app/db/migrate.server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Migrates one template database per run; every test file then gets a fresh copy of it with
 * CREATE DATABASE … TEMPLATE, which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const template = `coinlens_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const database = await openDatabase({ kind: "postgres", url: withDatabase(url, template) });
  await migrateDatabase(database);
  await database.close();
  project.provide("postgresTemplate", template);
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}
