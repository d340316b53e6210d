import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../lib/paths.js';
import { migrationsLogLine, openDatabase, pgliteExtensions } from './open.js';

/** The migrations this version ships (drizzle-kit's journal). */
const shipped = (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

describe('openDatabase says what migrating did, so the start-up log can tell an upgrade', () => {
  const instances: PGlite[] = [];
  afterAll(async () => {
    for (const instance of instances) await instance.close();
  });

  it('a new database: every shipped migration applied; opened again: none, the same total', async () => {
    const instance = await PGlite.create({ extensions: pgliteExtensions });
    instances.push(instance);
    const first = await openDatabase({ kind: 'pglite-instance', instance });
    expect(shipped).toBeGreaterThan(10);
    expect(first.migrations).toEqual({ applied: shipped, total: shipped, known: shipped });
    const again = await openDatabase({ kind: 'pglite-instance', instance });
    expect(again.migrations).toEqual({ applied: 0, total: shipped, known: shipped });
  });

  it('opened without migrating: nothing to say', async () => {
    const instance = await PGlite.create({ extensions: pgliteExtensions });
    instances.push(instance);
    const database = await openDatabase({ kind: 'pglite-instance', instance }, { migrate: false });
    expect(database.migrations).toBeUndefined();
  });
});

describe('migrationsLogLine', () => {
  it('tells a new database, an upgrade and an unchanged schema apart', () => {
    expect(migrationsLogLine({ applied: 15, total: 15, known: 15 })).toEqual({ level: 'info', message: 'new database: created with all 15 migrations' });
    expect(migrationsLogLine({ applied: 3, total: 15, known: 15 }).message).toMatch(/^database upgraded: applied 3 new migrations \(15 in all\)/);
    expect(migrationsLogLine({ applied: 1, total: 15, known: 15 }).message).toMatch(/^database upgraded: applied 1 new migration \(/);
    expect(migrationsLogLine({ applied: 0, total: 15, known: 15 })).toEqual({ level: 'info', message: 'database schema up to date (15 migrations)' });
  });
});
