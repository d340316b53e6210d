import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/open.ts';
import { ANALYSIS_LIST_CONNECTIONS, CONCURRENT_ANALYSES, measureListDuringAnalyses, removeBenchRecording } from './analysis.ts';
import { adminQuery, seed, signIn, startServer, withDatabase } from './lists.ts';
import { prepareUploaders } from './uploads.ts';

/**
 * The students list's p99 while recordings are analysed, alone (PostgreSQL): a quicker look at the
 * row bench/lists.ts measures within the whole bench. `npx tsx bench/analysis-load.ts [rounds]`
 * (build first: npm run build). Each round uploads CONCURRENT_ANALYSES recordings of other students.
 */
const rounds = Number(process.argv[2] ?? 2);
const durationS = Number(process.env.BENCH_DURATION_S ?? 8);
const connections = Number(process.env.BENCH_ANALYSIS_CONNECTIONS ?? ANALYSIS_LIST_CONNECTIONS);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = 'parley_bench_analysis';
const admin = (text: string) => adminQuery(serverUrl, text);
await admin(`drop database if exists ${name} with (force)`);
await admin(`create database ${name}`);
const url = withDatabase(serverUrl, name);
const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-analysis-'));
try {
  const database = await openDatabase({ kind: 'postgres', url });
  await seed(database);
  const uploaders = await prepareUploaders(database);
  await database.close();
  const server = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir });
  try {
    const cookie = await signIn(server.base);
    for (let round = 0; round < rounds; round += 1) {
      const students = uploaders.slice(0, uploaders.length - round * CONCURRENT_ANALYSES);
      const row = await measureListDuringAnalyses(server.base, cookie, students, durationS, connections);
      const growth = ((row.duringP99Ms / row.baselineP99Ms - 1) * 100).toFixed(0);
      process.stdout.write(`round ${round + 1} (${connections} connections): p99 ${row.baselineP99Ms} -> ${row.duringP99Ms} ms (${growth} %), ${row.duringRequests} requests, ${row.unfinishedAtWindowEnd} unfinished at window end, all done in ${row.allDoneSeconds.toFixed(0)} s ${row.failures.join('; ')}\n`);
    }
  } finally {
    await server.stop();
  }
} finally {
  removeBenchRecording();
  rmSync(dataDir, { recursive: true, force: true });
  await admin(`drop database if exists ${name} with (force)`).catch(() => {});
}
