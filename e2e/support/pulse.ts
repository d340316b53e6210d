/*
 * A microphone for browsers that have no fake one of their own (Firefox, WebKitGTK): a private
 * PulseAudio server (Debian's `pulseaudio`) in a temp folder with a null sink and a virtual source
 * reading the sink's monitor. A WAV played into the sink with `paplay` (`pulseaudio-utils`) is what
 * the browser hears; between files the source carries digital silence. What the browser itself
 * plays (its speech synthesis: Firefox speaks through speech-dispatcher; a player) goes to a second
 * null sink, the speakers, as into headphones: the microphone hears only what the test plays into
 * it. The browser finds the server through PULSE_SERVER, so the machine's own sound (if any) is
 * never touched.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SINK = 'parley_mic_sink';
const SOURCE = 'parley_mic';
/** The default sink: where the browser's own sound goes, never into the microphone. */
const SPEAKERS = 'parley_speakers';

export interface PulseMicrophone {
  /** The value for PULSE_SERVER in the browser's environment. */
  server: string;
  /** Plays a WAV into the microphone and resolves when it has been played. */
  play(file: string): Promise<void>;
  /** Plays `file` over and over until the returned function is called. */
  loop(file: string): () => void;
  close(): Promise<void>;
}

function pactl(server: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('pactl', args, { env: { ...process.env, PULSE_SERVER: server }, encoding: 'utf8', timeout: 5_000 });
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts the private PulseAudio server; fails with its own output when it does not answer within 10 s. */
export async function startPulseMicrophone(): Promise<PulseMicrophone> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'parley-pulse-'));
  const runtimeDir = path.join(home, 'run');
  mkdirSync(runtimeDir, { mode: 0o700 });
  const config = path.join(home, 'default.pa');
  writeFileSync(
    config,
    [
      'load-module module-native-protocol-unix',
      `load-module module-null-sink sink_name=${SINK} rate=48000 channels=1`,
      `load-module module-virtual-source source_name=${SOURCE} master=${SINK}.monitor`,
      `load-module module-null-sink sink_name=${SPEAKERS} rate=48000 channels=2`,
      `set-default-sink ${SPEAKERS}`,
      `set-default-source ${SOURCE}`,
      '',
    ].join('\n'),
  );
  const env = { ...process.env, HOME: home, XDG_RUNTIME_DIR: runtimeDir, XDG_CONFIG_HOME: path.join(home, '.config') };
  let output = '';
  // As root PulseAudio warns that it is meant for a user session; the private folders make it one.
  const daemon = spawn('pulseaudio', ['-n', '-F', config, '--daemonize=no', '--exit-idle-time=-1', '--disallow-exit', '--log-target=stderr'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  daemon.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  daemon.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server = `unix:${path.join(runtimeDir, 'pulse', 'native')}`;
  const players = new Set<ChildProcess>();

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (daemon.exitCode !== null) {
      rmSync(home, { recursive: true, force: true });
      throw new Error(`pulseaudio exited with ${daemon.exitCode}:\n${output}`);
    }
    if (pactl(server, ['list', 'short', 'sources']).stdout.includes(SOURCE)) break;
    if (Date.now() > deadline) {
      await stop(daemon);
      rmSync(home, { recursive: true, force: true });
      throw new Error(`pulseaudio did not offer the source ${SOURCE} within 10 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const play = (file: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const player = spawn('paplay', [`--device=${SINK}`, file], { env: { ...process.env, PULSE_SERVER: server }, stdio: ['ignore', 'ignore', 'pipe'] });
      players.add(player);
      let stderr = '';
      player.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      player.once('error', reject);
      player.once('exit', (code, signal) => {
        players.delete(player);
        if (code === 0 || signal) resolve();
        else reject(new Error(`paplay ${file} exited with ${code}: ${stderr}`));
      });
    });

  return {
    server,
    play,
    loop(file) {
      let looping = true;
      void (async () => {
        // A player that fails ends the loop: the test then hears silence and says so.
        while (looping) await play(file).catch(() => (looping = false));
      })();
      return () => {
        looping = false;
        for (const player of players) player.kill('SIGTERM');
      };
    },
    async close() {
      for (const player of players) player.kill('SIGTERM');
      await stop(daemon);
      rmSync(home, { recursive: true, force: true });
    },
  };
}
