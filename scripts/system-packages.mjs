// The Debian packages the end-to-end tests and the benchmarks need, found or installed (apt-get, as
// root), or a message naming them. Node built-ins only: used before anything else is known to work.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';

/** What the end-to-end tests need from Debian, and the package that provides each piece. */
export const E2E_NEEDS = [
  { what: '/usr/bin/chromium', packages: ['chromium'] },
  { what: 'speech-dispatcher', packages: ['speech-dispatcher'] },
  // Without its espeak-ng module speech-dispatcher starts but offers no voices.
  { what: '/usr/lib/speech-dispatcher-modules/sd_espeak-ng', packages: ['speech-dispatcher-espeak-ng'] },
  { what: 'espeak-ng', packages: ['espeak-ng'] },
  { what: 'sox', packages: ['sox'] },
  // The recording analysis decodes with Debian's ffmpeg (security-updated; src/server/analysis/decode.ts).
  { what: 'ffmpeg', packages: ['ffmpeg'] },
  { what: 'ffprobe', packages: ['ffmpeg'] },
  // The reverse proxy of e2e/multi-process.test.ts. On Debian 12 the `nginx` package is the server
  // itself (/usr/sbin/nginx, proxy and upstream modules built in); `nginx-light` is only a
  // transitional package that pulls it in plus an extra module.
  { what: 'nginx', packages: ['nginx'] },
  // The TLS-terminating proxy of e2e/https-proxy.test.ts (`tls internal`), as docs/deploy.md runs it.
  { what: 'caddy', packages: ['caddy'] },
  // The recording-analysis corpus (src/server/analysis/corpus.ts) speaks with flite as well as
  // espeak-ng; the word aligner is pocketsphinx with its US English model.
  { what: 'flite', packages: ['flite'] },
  { what: 'pocketsphinx_continuous', packages: ['pocketsphinx'] },
  { what: '/usr/share/pocketsphinx/model/en-us/en-us/mdef', packages: ['pocketsphinx-en-us'], file: true },
  // The real-speech corpus (src/server/analysis/real-corpus.ts): read English that pocketsphinx ships for its own tests.
  { what: '/usr/share/pocketsphinx/test/data/librivox/fileids', packages: ['pocketsphinx-testdata'], file: true },
  // Its second speaker: the channel names alsa-utils records for speaker-test.
  { what: '/usr/share/sounds/alsa/Front_Center.wav', packages: ['alsa-utils'], file: true },
  // The request budgets' Redis store (REDIS_URL): its tests start a private redis-server on a free port
  // (src/server/test/redis-server.ts), never the machine's own.
  { what: 'redis-server', packages: ['redis-server'] },
  // `npm run admin -- backup/restore` on PostgreSQL (src/server/backup/postgres-dump.ts) and its tests.
  { what: 'pg_dump', packages: ['postgresql-client'] },
  { what: 'pg_restore', packages: ['postgresql-client'] },
  // Firefox and WebKit (Safari's engine) for real (e2e/support/firefox.ts, webkit.ts): Debian's Firefox
  // ESR driven over WebDriver BiDi, WebKitGTK's MiniBrowser through WebKitWebDriver on an Xvfb display,
  // a private PulseAudio server as their microphone, fed with paplay.
  { what: '/usr/bin/firefox-esr', packages: ['firefox-esr'] },
  { what: '/usr/bin/WebKitWebDriver', packages: ['webkit2gtk-driver'] },
  { what: 'Xvfb', packages: ['xvfb'] },
  { what: 'pulseaudio', packages: ['pulseaudio'] },
  { what: 'paplay', packages: ['pulseaudio-utils'] },
  { what: 'pactl', packages: ['pulseaudio-utils'] },
  // WebKitGTK plays media through GStreamer: Opus and WebM come with its own dependencies, AAC
  // (Safari's MP4 recordings) needs libav's decoder.
  { what: '/usr/lib/x86_64-linux-gnu/gstreamer-1.0/libgstlibav.so', packages: ['gstreamer1.0-libav'], file: true },
];

/** What Lighthouse in `npm run bench` needs: the system Chromium. */
export const BENCH_NEEDS = [{ what: '/usr/bin/chromium', packages: ['chromium'] }];

function isExecutable(file) {
  try {
    return statSync(file).isFile() && (statSync(file).mode & 0o111) !== 0;
  } catch {
    return false;
  }
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Whether a need is met: a command on the PATH, an executable at a path, or (`file: true`) a data file. */
function present(need) {
  return need.file ? isFile(need.what) : commandExists(need.what);
}

function commandExists(what) {
  if (what.includes('/')) return isExecutable(what);
  const dirs = (process.env.PATH ?? '').split(path.delimiter).concat(['/usr/bin', '/usr/sbin', '/bin']);
  return dirs.some((dir) => dir && isExecutable(path.join(dir, what)));
}

function run(command, args, env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) return 1;
  return result.status ?? 1;
}

/**
 * Installs what is missing of `needs` with apt-get when running as root; otherwise calls `fail`
 * with the command to run. `what` names the caller in the messages ("the end-to-end tests").
 */
export function ensureSystemPackages(needs, { log, fail, what }) {
  const missing = needs.filter((need) => !present(need));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.flatMap((need) => need.packages))];
  // speech-dispatcher is useless without its espeak-ng module; install them together.
  if (packages.includes('speech-dispatcher') && !packages.includes('speech-dispatcher-espeak-ng')) {
    packages.push('speech-dispatcher-espeak-ng');
  }
  const installCommand = `apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !commandExists('apt-get')) {
    fail(
      `missing system packages for ${what}: ${packages.join(', ')} ` +
        `(not found: ${missing.map((need) => need.what).join(', ')}).\n` +
        `Install them as root, then run again:\n` +
        `  sudo apt-get update && sudo ${installCommand}`,
    );
    return;
  }
  log(`installing missing system packages: ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update', '-qq'], env) !== 0) fail('apt-get update failed; see the output above.');
  const installArgs = ['install', '-y', '-qq', '--no-install-recommends', ...packages];
  if (run('apt-get', installArgs, env) !== 0) fail(`${installCommand} failed; see the output above.`);
  const stillMissing = needs.filter((need) => !present(need));
  if (stillMissing.length > 0) fail(`still missing after installing: ${stillMissing.map((need) => need.what).join(', ')}`);
}
