import pg from 'pg';
import { openDatabase } from '../db/open.js';
import { PG_TEMPLATE_DATABASE, withDatabaseName } from './pg-names.js';

/**
 * When TEST_DATABASE_URL names a PostgreSQL server, build one migrated template database per run;
 * each test file then clones it (CREATE DATABASE ... TEMPLATE), which takes milliseconds.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return async () => {};
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${PG_TEMPLATE_DATABASE} with (force)`);
  await admin.query(`create database ${PG_TEMPLATE_DATABASE}`);
  const template = await openDatabase({ kind: 'postgres', url: withDatabaseName(url, PG_TEMPLATE_DATABASE) });
  await template.close();
  return async () => {
    await admin.query(`drop database if exists ${PG_TEMPLATE_DATABASE} with (force)`).catch(() => {});
    await admin.end();
  };
}
