#!/usr/bin/env node
// `npm test`: runs the static checks (typecheck, then ESLint and dependency-cruiser via `npm run lint`),
// makes sure the machine can run every test (system packages, a fresh client build), runs Vitest with
// any extra arguments, then prints one summary line from Vitest's JSON report.
// A narrowed run (a --project or a file filter) skips the static checks: it is for working on a few tests.
// Node built-ins only: this runs before anything else is known to work.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_NEEDS, ensureSystemPackages } from './system-packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportFile = path.join(root, 'test-results', 'vitest.json');
const extraArgs = process.argv.slice(2);

function log(message) {
  console.log(`[test] ${message}`);
}

function fail(message) {
  console.error(`[test] ${message}`);
  process.exit(1);
}

/** The selected Vitest projects, or undefined when every project runs. */
function selectedProjects(args) {
  const projects = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg === '--project' && args[i + 1] !== undefined) projects.push(args[(i += 1)]);
    else if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length));
  }
  return projects.length > 0 ? projects : undefined;
}

/**
 * Runs the jobs side by side (two cores: a typecheck beside the lint, the client build beside the
 * server's) and prints each one's output whole, in the jobs' order, once all have ended; then ends
 * the run with the first failed job's sentence.
 */
async function runSideBySide(jobs) {
  const ran = await Promise.all(
    jobs.map(
      ({ command, args }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => resolve({ status: 1, output: Buffer.from(`could not run ${command}: ${error.message}\n`) }));
          child.on('close', (status) => resolve({ status: status ?? 1, output: Buffer.concat(output) }));
        }),
    ),
  );
  ran.forEach(({ output }) => process.stdout.write(output));
  const failed = jobs.find((_, index) => ran[index].status !== 0);
  if (failed) fail(failed.failure);
}

/** Newest modification time (ms) of a file, or of every file under a folder; 0 when absent. */
function newestMtime(target) {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** The client build's job, or undefined when dist/client is up to date (or not this run's to build). */
function clientBuildJob() {
  const at = (relative) => path.join(root, relative);
  if (!existsSync(at('index.html')) || !existsSync(at('src/client'))) {
    log('notice: no client yet (index.html or src/client is missing): skipping the client build. End-to-end tests that open the app need it.');
    return;
  }
  if (process.env.PARLEY_TEST_CLIENT_DIR) {
    // The tests serve a client built elsewhere (e2e/support/paths.ts): dist/client is not theirs to rebuild.
    log(`client from PARLEY_TEST_CLIENT_DIR (${process.env.PARLEY_TEST_CLIENT_DIR}): not building dist/client.`);
    return;
  }
  const builtIndex = at('dist/client/index.html');
  const sources = ['src/client', 'src/shared', 'index.html', 'vite.config.ts', 'public', 'postcss.config.cjs', 'postcss.config.js', 'postcss.config.mjs'];
  const sourcesChanged = Math.max(...sources.map((source) => newestMtime(at(source))));
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= sourcesChanged) {
    log('client build is up to date (dist/client).');
    return;
  }
  log('building the client: npx vite build');
  return { command: 'npx', args: ['--no-install', 'vite', 'build'], failure: 'the client build failed (npx vite build); see the output above.' };
}

/** The server build's job (the process test runs dist/node exactly as `npm start` does), or undefined when it is up to date. */
function serverBuildJob() {
  const at = (relative) => path.join(root, relative);
  const built = at('dist/node/server/main.js');
  const sourcesChanged = Math.max(...['src/server', 'src/shared', 'tsconfig.server.json', 'tsconfig.base.json'].map((source) => newestMtime(at(source))));
  if (existsSync(built) && statSync(built).mtimeMs >= sourcesChanged) {
    log('server build is up to date (dist/node).');
    return;
  }
  log('building the server: npx tsc -p tsconfig.server.json');
  return { command: 'npx', args: ['--no-install', 'tsc', '-p', 'tsconfig.server.json'], failure: 'the server build failed (tsc -p tsconfig.server.json); see the output above.' };
}

function runVitest(args) {
  rmSync(reportFile, { force: true });
  const vitestArgs = ['--no-install', 'vitest', 'run', ...args];
  vitestArgs.push('--reporter=default', '--reporter=json', `--outputFile.json=${path.relative(root, reportFile)}`);
  return new Promise((resolve) => {
    const child = spawn('npx', vitestArgs, { stdio: 'inherit', cwd: root });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => fail(`could not start Vitest: ${error.message}`));
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 + (signalNumbers[signal] ?? 1) : 1));
    });
  });
}

const signalNumbers = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

function printSummary(exitCode) {
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'));
  } catch {
    console.log(`tests: no report (Vitest exited with code ${exitCode} before writing ${path.relative(root, reportFile)})`);
    return;
  }
  // A file can fail outside any test (an import error, a failing beforeAll/afterAll): name it.
  const brokenFiles = (report.testResults ?? [])
    .filter((file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
    .map((file) => path.relative(root, file.name));
  if (brokenFiles.length > 0) console.log(`test files failed outside any test: ${brokenFiles.join(', ')}`);
  const passed = report.numPassedTests ?? 0;
  const failed = report.numFailedTests ?? 0;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`tests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
}

/** Vitest options written `--name value`: their value is not a file filter. */
const OPTIONS_WITH_VALUES = new Set(['--reporter', '--outputFile', '--shard', '--pool', '--maxWorkers', '--config', '-c', '--root', '-r', '--dir', '--bail', '--retry', '--sequence.seed', '--testTimeout', '--hookTimeout', '--environment', '--mode']);

/** True when the arguments narrow the run to some projects or files (options alone do not). */
function isNarrowed(args) {
  if (selectedProjects(args) !== undefined) return true;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg === '-t' || arg.startsWith('--testNamePattern')) return true;
    if (OPTIONS_WITH_VALUES.has(arg)) i += 1;
    else if (!arg.startsWith('-')) return true;
  }
  return false;
}

/** Typecheck, ESLint and dependency-cruiser, each once, side by side, before any test; a failure ends the run. */
async function runStaticChecks() {
  const checks = [
    { script: 'typecheck', what: 'the typecheck (tsc, client and server projects)' },
    { script: 'lint', what: 'the lint (ESLint, dependency-cruiser and the server folder-loop check)' },
  ];
  log(`static checks: ${checks.map(({ script }) => `npm run ${script}`).join(', ')}`);
  await runSideBySide(
    checks.map(({ script, what }) => ({
      command: 'npm',
      args: ['run', '--silent', script],
      failure: `${what} failed, so no tests ran. Fix what \`npm run ${script}\` reports above, then run npm test again.`,
    })),
  );
}

const projects = selectedProjects(extraArgs);
if (isNarrowed(extraArgs)) log('narrowed run: skipping the static checks (npm run typecheck, npm run lint); the full npm test runs them.');
else await runStaticChecks();
const e2eSelected = projects === undefined || projects.some((project) => project.includes('e2e') || project.includes('*'));
// The unit tests speak and measure real audio too (espeak-ng, flite, sox, pocketsphinx).
ensureSystemPackages(E2E_NEEDS, { log, fail, what: 'the tests' });
if (e2eSelected) await runSideBySide([clientBuildJob(), serverBuildJob()].filter((job) => job !== undefined));
const exitCode = await runVitest(extraArgs);
printSummary(exitCode);
process.exit(exitCode);
