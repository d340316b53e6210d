#!/usr/bin/env node
// `npm test`: runs the static checks (typecheck, then ESLint and dependency-cruiser via `npm run lint`),
// makes sure the machine can run every test (system packages, a fresh client build), runs Vitest with
// any extra arguments, then prints one summary line from Vitest's JSON report.
// A narrowed run (a --project or a file filter) skips the static checks: it is for working on a few tests.
// Node built-ins only: this runs before anything else is known to work.
import { spawn, spawnSync } from 'node:child_process';
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

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) fail(`could not run ${command}: ${result.error.message}`);
  return result.status ?? 1;
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

function ensureClientBuild() {
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
  if (run('npx', ['--no-install', 'vite', 'build']) !== 0) fail('the client build failed (npx vite build); see the output above.');
}

/** The process test runs the compiled server (dist/node) exactly as `npm start` does. */
function ensureServerBuild() {
  const at = (relative) => path.join(root, relative);
  const built = at('dist/node/server/main.js');
  const sourcesChanged = Math.max(...['src/server', 'src/shared', 'tsconfig.server.json', 'tsconfig.base.json'].map((source) => newestMtime(at(source))));
  if (existsSync(built) && statSync(built).mtimeMs >= sourcesChanged) {
    log('server build is up to date (dist/node).');
    return;
  }
  log('building the server: npx tsc -p tsconfig.server.json');
  if (run('npx', ['--no-install', 'tsc', '-p', 'tsconfig.server.json']) !== 0) fail('the server build failed (tsc -p tsconfig.server.json); see the output above.');
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

/** Typecheck, ESLint and dependency-cruiser, each once, before any test; the first failure ends the run. */
function runStaticChecks() {
  const checks = [
    { script: 'typecheck', what: 'the typecheck (tsc, client and server projects)' },
    { script: 'lint', what: 'the lint (ESLint, dependency-cruiser and the server folder-loop check)' },
  ];
  for (const { script, what } of checks) {
    log(`static check: npm run ${script}`);
    if (run('npm', ['run', '--silent', script]) !== 0) {
      fail(`${what} failed, so no tests ran. Fix what \`npm run ${script}\` reports above, then run npm test again.`);
    }
  }
}

const projects = selectedProjects(extraArgs);
if (isNarrowed(extraArgs)) log('narrowed run: skipping the static checks (npm run typecheck, npm run lint); the full npm test runs them.');
else runStaticChecks();
const e2eSelected = projects === undefined || projects.some((project) => project.includes('e2e') || project.includes('*'));
// The unit tests speak and measure real audio too (espeak-ng, flite, sox, pocketsphinx).
ensureSystemPackages(E2E_NEEDS, { log, fail, what: 'the tests' });
if (e2eSelected) {
  ensureClientBuild();
  ensureServerBuild();
}
const exitCode = await runVitest(extraArgs);
printSummary(exitCode);
process.exit(exitCode);
