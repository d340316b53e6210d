import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The admin CLI as the school's IT person runs it (`npm run admin -- …` is tsx on admin.ts), with
 * only the settings in `env`: the test run's own DATABASE_URL, DATA_DIR and NEW_PASSWORD are left out.
 */
export async function runAdminCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const tsx = path.resolve('node_modules/.bin/tsx');
  const { DATABASE_URL: _url, DATA_DIR: _dir, NEW_PASSWORD: _new, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await run(tsx, ['src/server/cli/admin.ts', ...args], { env: { ...inherited, ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
