import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ffmpegInputFormat } from '../recordings/audio-type.js';
import { decodeToPcm, UndecodableRecordingError } from '../analysis/decode.js';
import { checkFfmpeg, describeDecoder, ffmpegPath, parseFfmpegVersion, recentEnough } from './ffmpeg.js';

const folder = mkdtempSync(path.join(tmpdir(), 'parley-ffmpeg-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A program answering `-version` as the given ffmpeg build would (an old static build, say). */
function fakeFfmpeg(firstLine: string): string {
  const file = path.join(folder, `ffmpeg-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, `#!/bin/sh\necho '${firstLine}'\n`);
  chmodSync(file, 0o755);
  return file;
}

async function* once(bytes: Uint8Array) {
  yield bytes;
}

describe("the analysis' ffmpeg", () => {
  it('is the system ffmpeg (Debian), not a bundled one', () => {
    expect(ffmpegPath()).toBe(process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg');
  });

  it.each([
    ['ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026 the FFmpeg developers', '5.1.9-0+deb12u1', true],
    ['ffmpeg version n6.1.1 Copyright (c) 2000-2023', 'n6.1.1', true],
    ['ffmpeg version 7.0 Copyright', '7.0', true],
    ['ffmpeg version 4.1 Copyright (c) 2000-2018 the FFmpeg developers', '4.1', false],
    ['ffmpeg version 5.0.3 Copyright', '5.0.3', false],
  ])('reads %j as %s (recent enough: %s)', (line, text, enough) => {
    const version = parseFfmpegVersion(line);
    expect(version?.text).toBe(text);
    expect(version && recentEnough(version)).toBe(enough);
  });

  it('reads no version from a line that states none', () => {
    expect(parseFfmpegVersion('ffmpeg version N-46941-g7f9f5e0 Copyright (c) 2000-2018')).toBeNull();
    expect(parseFfmpegVersion('')).toBeNull();
  });

  it("accepts this machine's ffmpeg and names it and its version for the start-up log", async () => {
    const decoder = await checkFfmpeg(ffmpegPath());
    expect(decoder.ok).toBe(true);
    const line = describeDecoder(decoder);
    expect(line.level).toBe('info');
    expect(line.message).toMatch(/^recordings are decoded by \/\S+, ffmpeg \d+\.\d+\S* \(at least 5\.1 is required\)$/);
  });

  it('refuses an ffmpeg older than 5.1, or one that states no version, with a clear log line and reason', async () => {
    const old = fakeFfmpeg('ffmpeg version 4.1 Copyright (c) 2000-2018 the FFmpeg developers');
    const decoder = await checkFfmpeg(old);
    expect(decoder).toMatchObject({ ok: false, path: old, version: '4.1' });
    if (decoder.ok) return;
    expect(decoder.reason).toBe("This server's audio decoder (ffmpeg, version 4.1) is older than 5.1 or unknown, so recordings are not analysed; the scores come from the transcript.");
    expect(describeDecoder(decoder)).toEqual({
      level: 'error',
      message: `${old} is ffmpeg 4.1, but at least 5.1 is required: recordings are not analysed. Install Debian's ffmpeg package or set FFMPEG_PATH to a newer ffmpeg.`,
    });
    expect(await checkFfmpeg(fakeFfmpeg('ffmpeg version N-46941-g7f9f5e0'))).toMatchObject({ ok: false, version: null });
    expect(await checkFfmpeg(path.join(folder, 'missing'))).toMatchObject({ ok: false });
    expect(describeDecoder(await checkFfmpeg(null), undefined)).toMatchObject({ level: 'error', message: expect.stringMatching(/^no ffmpeg found/) });
    // A wrong FFMPEG_PATH is named, not taken for a missing ffmpeg (Debian's may well be there).
    expect(describeDecoder(await checkFfmpeg(null), '/nonexistent/ffmpeg')).toEqual({
      level: 'error',
      message: "FFMPEG_PATH is /nonexistent/ffmpeg, which is not a program this user may run: recordings are not analysed. Correct FFMPEG_PATH, or remove it to use Debian's /usr/bin/ffmpeg.",
    });
  });
});

describe('decoding reads only the declared container, only from the pipe', () => {
  const ffmpeg = ffmpegPath() ?? 'ffmpeg';
  const wav = path.join(folder, 'spoken.wav');
  execFileSync('espeak-ng', ['-w', wav, 'one two three']);
  const webm = path.join(folder, 'spoken.webm');
  execFileSync(ffmpeg, ['-loglevel', 'error', '-y', '-i', wav, '-c:a', 'libopus', webm]);

  it.each([
    ['audio/webm;codecs=opus', 'matroska'],
    ['audio/ogg', 'ogg'],
    ['audio/mp4', 'mov'],
    ['audio/aac', 'aac'],
    ['audio/wav', 'wav'],
    ['audio/webm;a=b,text/html', 'matroska'],
    ['audio/mpeg', 'mp3'],
    ['text/html', null],
  ])('a recording stored as %s is read as %s', (stored, format) => {
    expect(ffmpegInputFormat(stored)).toBe(format);
  });

  it('decodes a WebM recording as matroska, and refuses it read as another container', async () => {
    const bytes = readFileSync(webm);
    expect((await decodeToPcm(once(bytes), ffmpeg, 'matroska')).length).toBeGreaterThan(8000);
    await expect(decodeToPcm(once(bytes), ffmpeg, 'ogg')).rejects.toBeInstanceOf(UndecodableRecordingError);
  });

  it('does not follow a playlist to a file or the network', async () => {
    const secret = path.join(folder, 'secret.wav');
    execFileSync('cp', [wav, secret]);
    const playlist = Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile://${secret}\n#EXT-X-ENDLIST\n`);
    await expect(decodeToPcm(once(playlist), ffmpeg, 'hls')).rejects.toBeInstanceOf(UndecodableRecordingError);
    const concat = Buffer.from(`ffconcat version 1.0\nfile '${secret}'\n`);
    await expect(decodeToPcm(once(concat), ffmpeg, 'concat')).rejects.toBeInstanceOf(UndecodableRecordingError);
  });
});
