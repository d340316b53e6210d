import type { AnalysisProcesses } from '../../src/server/analysis/process.js';
import { analyseNext } from '../../src/server/analysis/runner.js';
import { createRecordingStores } from '../../src/server/recordings/store.js';
import type { TestServer } from './server.js';

/** Runs every due recording analysis to its end, as the server's background runner would; answers how many ran. */
export async function analyseAll(server: TestServer, processes: AnalysisProcesses): Promise<number> {
  const stores = createRecordingStores({ db: server.database.db, driver: server.database.driver, dataDir: server.config.DATA_DIR, configured: server.config.RECORDING_STORE });
  let count = 0;
  while (await analyseNext({ db: server.database.db, stores, processes })) count += 1;
  return count;
}
