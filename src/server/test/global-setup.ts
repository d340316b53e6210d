import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/open.js';
import { PG_TEMPLATE_PREFIX, withDatabaseName } from './pg-names.js';

/**
 * When TEST_DATABASE_URL names a PostgreSQL server, build one migrated template database per run;
 * each test file then clones it (CREATE DATABASE ... TEMPLATE), which takes milliseconds.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  project.provide('pgTemplateDatabase', '');
  if (!url) return async () => {};
  const name = `${PG_TEMPLATE_PREFIX}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const template = await openDatabase({ kind: 'postgres', url: withDatabaseName(url, name) });
  await template.close();
  project.provide('pgTemplateDatabase', name);
  return async () => {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  };
}
