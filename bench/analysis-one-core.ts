import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { analysisOf } from '../src/server/recordings/analysis-queue.ts';
import { analyseNext } from '../src/server/analysis/runner.ts';
import { AnalysisProcesses } from '../src/server/analysis/process.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { attempts } from '../src/server/db/schema.ts';
import { createRecordingStores } from '../src/server/recordings/store.ts';
import { createAttempt } from '../src/server/test/attempt-fixtures.ts';
import { createStudent } from '../src/server/test/factories.ts';

/**
 * One analysis of the bench recording without and with word alignment, in this process, which
 * bench/analysis.ts starts under `taskset -c 0` so that it, its analysis process (the built
 * dist/node/server/analysis/child.js, as the server runs it), ffmpeg and pocketsphinx share one
 * core; the analysis process's start is part of each time. Prints one JSON line:
 * { runs: [{ aligner, ms, status, words, reason }] }.
 * Arguments: the WebM file and a JSON file with the attempt's session data.
 */
const [webmFile, sessionDataFile] = process.argv.slice(2);
if (!webmFile || !sessionDataFile) throw new Error('usage: analysis-one-core.ts <recording.webm> <session-data.json>');
const bytes = new Uint8Array(readFileSync(webmFile));
const sessionData = JSON.parse(readFileSync(sessionDataFile, 'utf8')) as Record<string, unknown>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-analysis-'));
const database = await openDatabase({ kind: 'pglite', dataDir }, { syncReadCaches: false });
const builtChild = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../dist/node/server/analysis/child.js');
if (!existsSync(builtChild)) throw new Error(`${builtChild} is missing: run npm run build first`);
const processes = new AnalysisProcesses({ script: builtChild });
try {
  const { student } = await createStudent(database.db, { studentName: 'Bench Analysis' });
  const stores = createRecordingStores({ db: database.db, driver: 'pglite', dataDir, configured: undefined });
  const runs: Array<{ aligner: boolean; ms: number; status: string; words: number; reason: string | null }> = [];
  for (const aligner of [false, true]) {
    const id = await createAttempt(database.db, student.id, { recording: bytes, mimeType: 'audio/webm;codecs=opus' });
    await database.db.update(attempts).set({ sessionData }).where(eq(attempts.id, id));
    const started = performance.now();
    const analysed = await analyseNext({ db: database.db, stores, processes, aligner });
    const ms = performance.now() - started;
    const row = await analysisOf(database.db, id);
    const result = (row?.result ?? {}) as { words?: unknown[] };
    if (!analysed || !row) throw new Error('the bench attempt was not analysed');
    runs.push({ aligner, ms, status: row.status, words: result.words?.length ?? 0, reason: row.reason ?? null });
  }
  process.stdout.write(`${JSON.stringify({ runs })}\n`);
} finally {
  await processes.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
