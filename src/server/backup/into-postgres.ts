import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, pgliteExtensions } from '../db/open.js';
import { replaceKeepingTheOld } from './postgres-dump.js';

/*
 * A backup of the embedded database restored into PostgreSQL: the way a school that began on the
 * embedded database (npm start) moves to PostgreSQL when it wants several server processes. The
 * backup's PGlite is opened in memory and migrated to this version; the PostgreSQL database is
 * emptied and migrated to the same version; then every table of Parley's schema is copied, parents
 * before children, in one transaction (all or nothing), each serial id's sequence set past the
 * largest id, and every table's row count compared.
 */

/** Rows sent in one INSERT; a table holding recordings' bytes (256 KiB pieces) sends fewer. */
const ROWS_PER_INSERT = 500;
const ROWS_PER_INSERT_WITH_BYTES = 8;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Parley's tables in `public`, each after the tables its foreign keys name. */
async function tablesInOrder(source: PGliteInterface): Promise<string[]> {
  const tables = (await source.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by tablename")).rows.map((row) => row.name);
  const links = (
    await source.query<{ child: string; parent: string }>(
      `select c.relname as child, p.relname as parent from pg_constraint k
         join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
         join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
    )
  ).rows;
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const link of links.filter((candidate) => candidate.child === table)) visit(link.parent, [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

async function columnsOf(source: PGliteInterface, table: string): Promise<Array<{ name: string; type: string }>> {
  return (
    await source.query<{ name: string; type: string }>(
      "select column_name as name, data_type as type from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position",
      [table],
    )
  ).rows;
}

/** Copies every row of `source`'s Parley tables into the PostgreSQL database at `url`; returns the rows per table. */
async function copyTables(source: PGliteInterface, url: string): Promise<Record<string, number>> {
  const tables = await tablesInOrder(source);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const copied: Record<string, number> = {};
  try {
    await client.query('begin');
    // What the migrations seeded (the courses) makes way for the backup's own rows and ids.
    if (tables.length > 0) await client.query(`truncate ${tables.map((table) => `public.${quoted(table)}`).join(', ')} restart identity cascade`);
    for (const table of tables) {
      const columns = await columnsOf(source, table);
      const list = columns.map((column) => quoted(column.name)).join(', ');
      const batch = columns.some((column) => column.type === 'bytea') ? ROWS_PER_INSERT_WITH_BYTES : ROWS_PER_INSERT;
      const target = `public.${quoted(table)}`;
      let rows = 0;
      for (let offset = 0; ; offset += batch) {
        // As JSON text: every value in PostgreSQL's own text form, read back by the same types on the other side.
        const page = await source.query<{ json: string | null }>(
          `select json_agg(t)::text as json from (select ${list} from ${target} order by ctid limit ${batch} offset ${offset}) t`,
        );
        const json = page.rows[0]?.json;
        if (!json) break;
        const result = await client.query(`insert into ${target} (${list}) select ${list} from json_populate_recordset(null::${target}, $1::json)`, [json]);
        rows += result.rowCount ?? 0;
      }
      copied[table] = rows;
      for (const column of columns) {
        const sequence = (await client.query<{ name: string | null }>('select pg_get_serial_sequence($1, $2) as name', [target, column.name])).rows[0]?.name;
        if (sequence) await client.query(`select setval($1, coalesce((select max(${quoted(column.name)}) from ${target}), 0) + 1, false)`, [sequence]);
      }
    }
    for (const table of tables) {
      const there = Number((await client.query<{ n: string }>(`select count(*) as n from public.${quoted(table)}`)).rows[0]?.n ?? -1);
      if (there !== copied[table]) throw new Error(`copying ${table} into PostgreSQL left ${there} rows of ${copied[table]}`);
    }
    await client.query('commit');
    return copied;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * Restores the embedded database's tarball (`dump`, PGlite's dumpDataDir) into the PostgreSQL
 * database at `url`, which the caller has checked may be replaced. Returns the rows per table.
 */
export async function restorePgliteIntoPostgres(dump: Uint8Array<ArrayBuffer>, url: string, hasTables: boolean): Promise<Record<string, number>> {
  const source = await PGlite.create({ extensions: pgliteExtensions, loadDataDir: new Blob([dump]) });
  try {
    // Both sides at this version's schema: the backup may come from an older one.
    await openDatabase({ kind: 'pglite-instance', instance: source }, { syncReadCaches: false });
    const fill = async () => {
      const target = await openDatabase({ kind: 'postgres', url }, { syncReadCaches: false });
      await target.close();
      return copyTables(source, url);
    };
    return await (hasTables ? replaceKeepingTheOld(url, fill) : fill());
  } finally {
    await source.close();
  }
}
