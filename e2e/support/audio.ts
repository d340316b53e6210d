import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { testResultsDir } from './paths.js';

const run = promisify(execFile);
export const audioCacheDir = path.join(testResultsDir, 'audio');

export interface SpeechWavOptions {
  /** An espeak-ng voice, e.g. 'en-us' or 'en-gb'. */
  voice?: string;
  /** Speaking rate in words per minute (espeak-ng's default is 175). */
  wordsPerMinute?: number;
}

/**
 * Spoken `text` as a WAV file for Chromium's fake microphone (--use-file-for-fake-audio-capture):
 * espeak-ng speaks it, sox converts it to 48 kHz mono 16-bit. Cached under test-results/audio by a
 * hash of the text and options; copied to `outFile` when given. Returns the file's path.
 */
export async function makeSpeechWav(text: string, outFile?: string, options: SpeechWavOptions = {}): Promise<string> {
  const voice = options.voice ?? 'en-us';
  const wordsPerMinute = options.wordsPerMinute ?? 150;
  const key = createHash('sha256').update(JSON.stringify({ v: 1, text, voice, wordsPerMinute })).digest('hex').slice(0, 16);
  const cached = path.join(audioCacheDir, `speech-${key}.wav`);
  if (!existsSync(cached)) {
    mkdirSync(audioCacheDir, { recursive: true });
    // Unique names: test files running in parallel may make the same clip at once.
    const scratch = path.join(audioCacheDir, `.${key}-${process.pid}-${Date.now()}`);
    try {
      // The text goes in a file so that text starting with '-' is not read as an option.
      writeFileSync(`${scratch}.txt`, text);
      await run('espeak-ng', ['-v', voice, '-s', String(wordsPerMinute), '-w', `${scratch}.raw.wav`, '-f', `${scratch}.txt`]);
      await run('sox', ['-R', `${scratch}.raw.wav`, '-r', '48000', '-c', '1', '-b', '16', `${scratch}.wav`]);
      renameSync(`${scratch}.wav`, cached);
    } finally {
      for (const suffix of ['.txt', '.raw.wav', '.wav']) rmSync(`${scratch}${suffix}`, { force: true });
    }
  }
  if (!outFile) return cached;
  mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
  copyFileSync(cached, outFile);
  return path.resolve(outFile);
}

/**
 * `text` spoken by espeak-ng, then `silenceSeconds` of digital silence (sox `pad`), as one WAV for
 * the fake microphone. Chromium loops the file, so the microphone carries speech, a silence long
 * enough to end an answer, speech again, and so on. Cached like makeSpeechWav.
 */
export async function makeSpeechWithSilenceWav(text: string, silenceSeconds: number, options: SpeechWavOptions = {}): Promise<string> {
  const speech = await makeSpeechWav(text, undefined, options);
  const key = createHash('sha256').update(JSON.stringify({ v: 1, speech, silenceSeconds })).digest('hex').slice(0, 16);
  const cached = path.join(audioCacheDir, `speech-silence-${key}.wav`);
  if (!existsSync(cached)) {
    const scratch = path.join(audioCacheDir, `.${key}-${process.pid}-${Date.now()}.wav`);
    try {
      await run('sox', ['-R', speech, scratch, 'pad', '0', String(silenceSeconds)]);
      renameSync(scratch, cached);
    } finally {
      rmSync(scratch, { force: true });
    }
  }
  return cached;
}

/** `seconds` of digital silence as a WAV for the fake microphone (a student who says nothing). Cached. */
export async function makeSilenceWav(seconds: number): Promise<string> {
  const cached = path.join(audioCacheDir, `silence-${seconds}s.wav`);
  if (!existsSync(cached)) {
    mkdirSync(audioCacheDir, { recursive: true });
    const scratch = path.join(audioCacheDir, `.silence-${process.pid}-${Date.now()}.wav`);
    try {
      await run('sox', ['-R', '-n', '-r', '48000', '-c', '1', '-b', '16', scratch, 'trim', '0', String(seconds)]);
      renameSync(scratch, cached);
    } finally {
      rmSync(scratch, { force: true });
    }
  }
  return cached;
}
