import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/open.js';
import { PG_TEMPLATE_PREFIX, withDatabaseName } from './pg-names.js';

/** The template of this run, shared by the projects that name this setup (it runs once per project). */
interface SharedTemplate {
  name: Promise<string>;
  users: number;
  drop: () => Promise<void>;
}

const SHARED_TEMPLATE = Symbol.for('parley.test.pgTemplate');
const store = globalThis as { [SHARED_TEMPLATE]?: SharedTemplate };

function buildTemplate(url: string): SharedTemplate {
  const name = `${PG_TEMPLATE_PREFIX}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  const built = (async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const template = await openDatabase({ kind: 'postgres', url: withDatabaseName(url, name) });
    await template.close();
    return name;
  })();
  return {
    name: built,
    users: 0,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    },
  };
}

/**
 * When TEST_DATABASE_URL names a PostgreSQL server, build one migrated template database per run;
 * each test file then clones it (CREATE DATABASE ... TEMPLATE), which takes milliseconds. Vitest
 * runs a global setup once for each project that names it, all in its main process: the projects
 * share the one template, dropped when the last of them is done.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  project.provide('pgTemplateDatabase', '');
  if (!url) return async () => {};
  const shared = (store[SHARED_TEMPLATE] ??= buildTemplate(url));
  shared.users += 1;
  project.provide('pgTemplateDatabase', await shared.name);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    if (store[SHARED_TEMPLATE] === shared) delete store[SHARED_TEMPLATE];
    await shared.drop();
  };
}
