import { execFile } from 'node:child_process';
import { toolSettings } from '../config.js';
import { executable } from './executables.js';

let found: string | null | undefined;

/**
 * The ffmpeg that re-muxes uploaded recordings and that the analysis decodes with (decision 0017):
 * FFMPEG_PATH when set (config.ts), else the system's (Debian's `ffmpeg` package, kept up to date with
 * security fixes: /usr/bin/ffmpeg, or `ffmpeg` on the PATH); null when none is there (the analysis
 * then says it is unavailable). Looked up as files, without starting ffmpeg; its version is checked
 * once before first use (usableFfmpeg below).
 */
export function ffmpegPath(): string | null {
  if (found !== undefined) return found;
  const configured = toolSettings().FFMPEG_PATH;
  const candidates = configured ? [configured] : ['/usr/bin/ffmpeg', 'ffmpeg'];
  found = candidates.find(executable) ?? null;
  return found;
}

/*
 * Every uploaded recording is parsed by ffmpeg, so an old build's unfixed parser bugs are the
 * server's. The analysis runs only with a build at least FFMPEG_MIN_VERSION (Debian 12's is 5.1,
 * security-updated); an older or unreadable one is named in the log at start and the analysis says
 * it is unavailable, as without ffmpeg.
 */

/** The oldest ffmpeg release the analysis decodes with (major, minor). */
export const FFMPEG_MIN_VERSION: readonly [number, number] = [5, 1];
const MIN_TEXT = FFMPEG_MIN_VERSION.join('.');

export const NO_DECODER_REASON = 'This server has no audio decoder (ffmpeg), so recordings are not analysed; the scores come from the transcript.';

export type Decoder = { ok: true; path: string; version: string } | { ok: false; path: string | null; version: string | null; reason: string };

/** The release in `ffmpeg -version`'s first line ("ffmpeg version 5.1.9-0+deb12u1 …", "ffmpeg version n6.1.1 …"), or null. */
export function parseFfmpegVersion(firstLine: string): { text: string; major: number; minor: number } | null {
  const match = /^ffmpeg version n?((\d+)\.(\d+)(?:\.\d+)?)\S*/.exec(firstLine.trim());
  if (!match) return null;
  return { text: match[0].slice('ffmpeg version '.length), major: Number(match[2]), minor: Number(match[3]) };
}

/** Whether a release is at least FFMPEG_MIN_VERSION. */
export function recentEnough(version: { major: number; minor: number }): boolean {
  const [major, minor] = FFMPEG_MIN_VERSION;
  return version.major > major || (version.major === major && version.minor >= minor);
}

function versionLine(path: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(path, ['-hide_banner', '-version'], { timeout: 10_000, maxBuffer: 1024 * 1024 }, (error, stdout) => {
      resolve(error ? '' : (stdout.split('\n')[0] ?? ''));
    });
  });
}

/** Whether the ffmpeg at `path` (null: none found) may decode recordings, and why not. */
export async function checkFfmpeg(path: string | null): Promise<Decoder> {
  if (path === null) return { ok: false, path: null, version: null, reason: NO_DECODER_REASON };
  const line = await versionLine(path);
  const version = parseFfmpegVersion(line);
  if (version && recentEnough(version)) return { ok: true, path, version: version.text };
  const named = version ? `version ${version.text}` : 'a version it does not state';
  return {
    ok: false,
    path,
    version: version?.text ?? null,
    reason: `This server's audio decoder (ffmpeg, ${named}) is older than ${MIN_TEXT} or unknown, so recordings are not analysed; the scores come from the transcript.`,
  };
}

let checked: Promise<Decoder> | undefined;

/** The ffmpeg of this server (ffmpegPath()), checked once. */
export function usableFfmpeg(): Promise<Decoder> {
  checked ??= checkFfmpeg(ffmpegPath());
  return checked;
}

/**
 * The start-up log line naming the decoder and its version, or why recordings are not analysed;
 * `configured` is FFMPEG_PATH, which alone is looked at when set (ffmpegPath).
 */
export function describeDecoder(decoder: Decoder, configured: string | undefined = toolSettings().FFMPEG_PATH): { level: 'info' | 'error'; message: string } {
  if (decoder.ok) return { level: 'info', message: `recordings are decoded by ${decoder.path}, ffmpeg ${decoder.version} (at least ${MIN_TEXT} is required)` };
  if (decoder.path === null && configured) {
    return { level: 'error', message: `FFMPEG_PATH is ${configured}, which is not a program this user may run: recordings are not analysed. Correct FFMPEG_PATH, or remove it to use Debian's /usr/bin/ffmpeg.` };
  }
  if (decoder.path === null) return { level: 'error', message: 'no ffmpeg found (FFMPEG_PATH, /usr/bin/ffmpeg or the PATH): recordings are not analysed. Install Debian\'s ffmpeg package.' };
  return {
    level: 'error',
    message: `${decoder.path} is ffmpeg ${decoder.version ?? '(version not stated)'}, but at least ${MIN_TEXT} is required: recordings are not analysed. Install Debian's ffmpeg package or set FFMPEG_PATH to a newer ffmpeg.`,
  };
}
