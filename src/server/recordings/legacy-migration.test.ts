import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteExtensions, type Db } from '../db/open.js';
import * as schema from '../db/schema.js';
import { migrationsFolder } from '../lib/paths.js';
import { DatabaseRecordingStore, RECORDING_CHUNK_BYTES } from './database-store.js';
import { recordingInfo } from './service.js';

/** The migrations folder as it was before migration 0007 (recordings as one bytea column). */
function migrationsBefore0007(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'parley-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((entry) => entry.idx < 7);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('migration 0007', () => {
  const folder = migrationsBefore0007();
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('moves recordings stored before it into pieces, byte for byte', async () => {
    const instance = await PGlite.create({ extensions: pgliteExtensions });
    try {
      const migrator = drizzle(instance, { schema });
      const db = migrator as unknown as Db;
      await migrate(migrator, { migrationsFolder: folder });
      const [user] = (await instance.query<{ id: number }>(`insert into users (username, password_hash) values ('s1', 'x') returning id`)).rows;
      const [course] = (await instance.query<{ id: number }>(`insert into courses (course_name) values ('IELTS') returning id`)).rows;
      const [student] = (
        await instance.query<{ id: number }>(`insert into students (user_id, student_name, course_id, mobile_number) values ($1, 'Asha', $2, '+919876543210') returning id`, [
          user?.id,
          course?.id,
        ])
      ).rows;
      const recorded = new Map<string, Buffer>();
      for (const size of [0, 10, RECORDING_CHUNK_BYTES, RECORDING_CHUNK_BYTES * 2 + 77]) {
        const id = randomUUID();
        const bytes = randomBytes(size);
        await instance.query(
          `insert into attempts (id, kind, student_id, session_data, assessable, duration_ms, completed_at) values ($1, 'ielts', $2, '{}', false, 1000, now())`,
          [id, student?.id],
        );
        await instance.query(`insert into recordings (attempt_id, mime_type, size_bytes, data) values ($1, 'audio/webm', $2, $3)`, [id, size, bytes]);
        recorded.set(id, bytes);
      }

      await migrate(migrator, { migrationsFolder });

      const store = new DatabaseRecordingStore(db);
      for (const [id, bytes] of recorded) {
        const info = await recordingInfo(db, id);
        expect(info).toMatchObject({ store: 'database', sizeBytes: bytes.length, expiredAt: null });
        if (bytes.length === 0) continue;
        const pieces: Buffer[] = [];
        for await (const piece of store.read(info?.storageKey ?? '', 0, bytes.length - 1)) pieces.push(piece as Buffer);
        expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
      }
      const { rows } = await instance.query<{ student_id: number }>(`select distinct student_id from recordings`);
      expect(rows).toEqual([{ student_id: student?.id }]);
    } finally {
      await instance.close();
    }
  });
});
