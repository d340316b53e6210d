import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import pg from 'pg';

/** pg_dump or pg_restore missing, or failing: the message says which and why. */
export class PostgresToolError extends Error {}

/**
 * The connection for pg_dump/pg_restore: the address as the server reads it, without its password
 * (command lines are visible to every user of the machine), the password in PGPASSWORD. Taken apart
 * as text, not as a web URL: a socket address such as `postgresql://parley@/parley?host=/var/run/postgresql`
 * (the one docs/deploy.md gives) has a user and no host, which the URL parser refuses and libpq,
 * like the pg driver, reads.
 */
export function toolConnection(url: string): { dbname: string; password: string | null } {
  const queryAt = url.indexOf('?');
  const address = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? null : url.slice(queryAt + 1);
  const parts = /^([a-z][a-z0-9+.-]*:\/\/)(?:([^@/]*)@)?(.*)$/is.exec(address);
  if (!parts) return { dbname: url, password: null };
  const [, scheme = '', userInfo, rest = ''] = parts;
  const colon = userInfo === undefined ? -1 : userInfo.indexOf(':');
  const user = userInfo === undefined ? undefined : colon < 0 ? userInfo : userInfo.slice(0, colon);
  let password = colon < 0 || userInfo === undefined ? null : decodeURIComponent(userInfo.slice(colon + 1));
  let keptQuery = query;
  if (query !== null) {
    const params = new URLSearchParams(query);
    if (params.has('password')) {
      password = params.get('password');
      params.delete('password');
      keptQuery = params.toString();
    }
  }
  const dbname = `${scheme}${user === undefined ? '' : `${user}@`}${rest}${keptQuery ? `?${keptQuery}` : ''}`;
  return { dbname, password: password === '' ? null : password };
}

function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const { dbname, password } = toolConnection(url);
  // pg_dump and pg_restore get the server's whole environment (PATH, locale) plus the password: passed on, not read.
  // eslint-disable-next-line no-restricted-properties
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname, env };
}

function run(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (piece: Buffer) => {
      if (stderr.length < 4000) stderr += piece.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new PostgresToolError(
          error.code === 'ENOENT'
            ? `${tool} is not installed. On Debian: sudo apt-get install postgresql-client (its version at least the server's).`
            : `${tool} could not start: ${error.message}`,
        ),
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new PostgresToolError(`${tool} failed (exit ${code}): ${stderr.trim() || 'no message'}`));
    });
  });
}

/** A consistent snapshot of the whole database in pg_dump's custom format, written to `file`. */
export async function pgDump(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`], env);
}

/** Restores a custom-format dump into the database at `url` in one transaction (all or nothing). */
export async function pgRestore(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  await run('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, file], env);
}

/**
 * Whether pg_restore can reach the database at `url` with this dump: it connects and restores
 * nothing (an empty list of the dump's entries). Asked before the database is emptied, so that an
 * address, a role or a setting that pg_restore cannot use, where the server's driver could, leaves
 * the data in place.
 */
export async function checkRestoreConnection(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  const emptyList = `${file}.nothing`;
  await writeFile(emptyList, '');
  try {
    await run('pg_restore', [`--use-list=${emptyList}`, '--exit-on-error', `--dbname=${dbname}`, file], env);
  } catch (error) {
    if (!(error instanceof PostgresToolError)) throw error;
    throw new PostgresToolError(`pg_restore cannot restore into the database in DATABASE_URL, so nothing was changed. ${error.message}`);
  } finally {
    await rm(emptyList, { force: true });
  }
}

/** Reads the dump's table of contents without restoring anything: fails on a damaged dump, or one of a newer pg_dump than this pg_restore reads. */
export async function checkDump(file: string): Promise<void> {
  // eslint-disable-next-line no-restricted-properties
  await run('pg_restore', ['--list', file], { ...process.env });
}

/** How many students, attempts and teacher accounts the database holds (none when it has no Parley tables yet). */
export async function parleyRowCounts(url: string): Promise<{ students: number; attempts: number; teachers: number; hasTables: boolean }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    const names = new Set(tables.rows.map((row) => row.name));
    const count = async (table: string, where = '') =>
      names.has(`public.${table}`) ? Number((await client.query<{ n: string }>(`select count(*) as n from ${table} ${where}`)).rows[0]?.n ?? 0) : 0;
    return { students: await count('students'), attempts: await count('attempts'), teachers: await count('users', 'where is_admin'), hasTables: names.size > 0 };
  } finally {
    await client.end();
  }
}

/** Runs `work` in one transaction on its own connection to `url`. */
async function inTransaction(url: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await work(client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** The extensions installed in `schema` (pg_trgm, whose operator classes the search's indexes use). */
async function extensionsIn(client: pg.Client, schema: string): Promise<string[]> {
  const rows = await client.query<{ name: string }>(
    'select e.extname as name from pg_extension e join pg_namespace n on n.oid = e.extnamespace where n.nspname = $1',
    [schema],
  );
  return rows.rows.map((row) => row.name);
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The definitions of the indexes in `public` that use an object of these extensions (the search's trigram indexes). */
async function indexesUsing(client: pg.Client, extensions: string[]): Promise<string[]> {
  const rows = await client.query<{ def: string }>(
    `select distinct pg_get_indexdef(i.indexrelid) as def
       from pg_index i
       join pg_class c on c.oid = i.indexrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = i.indexrelid
       join pg_depend m on m.classid = d.refclassid and m.objid = d.refobjid and m.refclassid = 'pg_extension'::regclass and m.deptype = 'e'
       join pg_extension e on e.oid = m.refobjid
      where n.nspname = 'public' and e.extname = any($1)`,
    [extensions],
  );
  return rows.rows.map((row) => row.def);
}

/**
 * Puts `extension` into the new `public`: moved, or, for a role that is not a superuser (the service's
 * own role in docs/deploy.md), dropped and made again there. A role that installed a trusted extension
 * (pg_trgm) owns the extension but not its functions, and PostgreSQL moves an extension only for the
 * owner of every member ("must be owner of function set_limit"); dropping it drops the old data's
 * indexes that use it, which `indexesUsing` kept for the way back. Returns whether it was moved.
 */
async function extensionIntoNewPublic(client: pg.Client, extension: string): Promise<boolean> {
  await client.query('savepoint parley_move_extension');
  try {
    await client.query(`alter extension ${quoted(extension)} set schema public`);
    await client.query('release savepoint parley_move_extension');
    return true;
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error;
    await client.query('rollback to savepoint parley_move_extension');
    await client.query(`drop extension ${quoted(extension)} cascade`);
    await client.query(`create extension ${quoted(extension)} schema public`);
    return false;
  }
}

/**
 * Replaces Parley's data in the database at `url` by what `fill` writes, keeping the data that was
 * there until `fill` has succeeded. Parley's schemas (`public`, `drizzle`) are renamed aside and a
 * new `public` made, with the extensions moved into it (a dump creates an extension only where it is
 * missing, and its indexes name the operator classes in `public`). Once `fill` succeeds the renamed
 * schemas are dropped. If it fails, what it wrote is dropped and the renamed schemas take their
 * names back, the extensions with them: a restore that fails half-way (a full disk, a refused
 * statement) leaves the school's data as it was, not an empty database.
 */
export async function replaceKeepingTheOld<T>(url: string, fill: () => Promise<T>): Promise<T> {
  const stamp = Date.now().toString(36);
  const asidePublic = `parley_replaced_public_${stamp}`;
  const asideDrizzle = `parley_replaced_drizzle_${stamp}`;
  let hadDrizzle = false;
  const moved: string[] = [];
  const remade: string[] = [];
  const droppedIndexes: string[] = [];
  await inTransaction(url, async (client) => {
    hadDrizzle = (await client.query("select 1 from pg_namespace where nspname = 'drizzle'")).rowCount === 1;
    const extensions = await extensionsIn(client, 'public');
    // Read while the old data is still named public, so that they rebuild it there on the way back.
    const indexes = new Map<string, string[]>();
    for (const extension of extensions) indexes.set(extension, await indexesUsing(client, [extension]));
    if (hadDrizzle) await client.query(`alter schema drizzle rename to ${quoted(asideDrizzle)}`);
    await client.query(`alter schema public rename to ${quoted(asidePublic)}`);
    await client.query('create schema public');
    for (const extension of extensions) {
      if (await extensionIntoNewPublic(client, extension)) moved.push(extension);
      else {
        remade.push(extension);
        droppedIndexes.push(...(indexes.get(extension) ?? []));
      }
    }
  });
  let filled: T;
  try {
    filled = await fill();
  } catch (error) {
    await inTransaction(url, async (client) => {
      for (const extension of moved) await client.query(`alter extension ${quoted(extension)} set schema ${quoted(asidePublic)}`);
      await client.query('drop schema if exists drizzle cascade');
      // A remade extension goes with the new public; it is made again in the old one below.
      await client.query('drop schema public cascade');
      await client.query(`alter schema ${quoted(asidePublic)} rename to public`);
      if (hadDrizzle) await client.query(`alter schema ${quoted(asideDrizzle)} rename to drizzle`);
      for (const extension of remade) await client.query(`create extension if not exists ${quoted(extension)} schema public`);
      for (const index of droppedIndexes) await client.query(index);
    });
    throw error;
  }
  await inTransaction(url, async (client) => {
    await client.query(`drop schema ${quoted(asidePublic)} cascade`);
    if (hadDrizzle) await client.query(`drop schema ${quoted(asideDrizzle)} cascade`);
  });
  return filled;
}
