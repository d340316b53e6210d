import { describe, expect, it, vi } from 'vitest';
import { chooseRecordingMimeType, createAudioRecorder, recordingExtension, type MediaRecorderConstructor, type RecorderState } from './recorder.js';
import { FakeClock } from './testing/fakes.js';

describe('chooseRecordingMimeType', () => {
  const supports = (...types: string[]) => (type: string) => types.includes(type);

  it('records webm with opus on non-Apple devices, else the browser default', () => {
    expect(chooseRecordingMimeType(false, supports('audio/webm;codecs=opus', 'audio/mp4'))).toBe('audio/webm;codecs=opus');
    expect(chooseRecordingMimeType(false, supports('audio/mp4'))).toBe('');
  });

  it('tries mp4, aac, webm, ogg in turn on Apple devices, then the default', () => {
    expect(chooseRecordingMimeType(true, supports('audio/webm', 'audio/mp4', 'audio/aac'))).toBe('audio/mp4');
    expect(chooseRecordingMimeType(true, supports('audio/ogg', 'audio/aac'))).toBe('audio/aac');
    expect(chooseRecordingMimeType(true, supports('audio/ogg', 'audio/webm'))).toBe('audio/webm');
    expect(chooseRecordingMimeType(true, supports('audio/ogg'))).toBe('audio/ogg');
    expect(chooseRecordingMimeType(true, supports('audio/webm;codecs=opus'))).toBe('');
  });

  it('survives a browser that throws for types it does not know', () => {
    expect(
      chooseRecordingMimeType(true, (type) => {
        if (type === 'audio/mp4') throw new Error('unknown');
        return type === 'audio/aac';
      }),
    ).toBe('audio/aac');
  });

  it('names the download by the recorded type', () => {
    expect(recordingExtension('audio/webm;codecs=opus')).toBe('webm');
    expect(recordingExtension('audio/mp4')).toBe('mp4');
    expect(recordingExtension('audio/ogg;codecs=opus')).toBe('ogg');
    expect(recordingExtension('')).toBe('webm');
  });
});

function fakeMediaRecorder(supported: string[]) {
  const created: FakeMediaRecorder[] = [];
  class FakeMediaRecorder {
    static isTypeSupported = (type: string) => supported.includes(type);
    state: RecorderState = 'inactive';
    mimeType: string;
    timeslice: number | undefined;
    ondataavailable: ((event: { data: Blob }) => void) | null = null;
    onstop: ((event: Event) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    constructor(
      public stream: MediaStream,
      public options?: MediaRecorderOptions,
    ) {
      this.mimeType = options?.mimeType ?? 'audio/webm;codecs=opus';
      created.push(this);
    }
    start(timeslice?: number) {
      this.timeslice = timeslice;
      this.state = 'recording';
    }
    pause() {
      this.state = 'paused';
    }
    resume() {
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      queueMicrotask(() => {
        this.chunk('last');
        this.onstop?.(new Event('stop'));
      });
    }
    chunk(text: string) {
      this.ondataavailable?.({ data: new Blob([text], { type: this.mimeType }) });
    }
  }
  return { Recorder: FakeMediaRecorder as unknown as MediaRecorderConstructor, created };
}

const stream = {} as MediaStream;

describe('createAudioRecorder', () => {
  it('records in 1000 ms chunks in the chosen format and counts the chunks', () => {
    const { Recorder, created } = fakeMediaRecorder(['audio/webm;codecs=opus']);
    const onChunk = vi.fn();
    const recorder = createAudioRecorder({ MediaRecorder: Recorder, onChunk, fixWebmDuration: async (blob) => blob });
    recorder.start(stream);
    const media = created[0];
    if (!media) throw new Error('no MediaRecorder was created');
    // Opus at 32 kbit/s (a quarter of Chrome's default): a long test uploads from a slow phone in time.
    expect(media.options).toEqual({ mimeType: 'audio/webm;codecs=opus', audioBitsPerSecond: 32_000 });
    expect(media.timeslice).toBe(1_000);
    expect(recorder.state).toBe('recording');
    expect(recorder.mimeType).toBe('audio/webm;codecs=opus');
    media.chunk('one');
    media.ondataavailable?.({ data: new Blob([]) });
    media.chunk('two');
    expect(recorder.chunkCount).toBe(2);
    expect(onChunk).toHaveBeenCalledTimes(2);
  });

  it('has the webm fixer load what it needs when a webm recording starts (a test may end offline), not for mp4', () => {
    const prepare = vi.fn();
    const fixWebmDuration = Object.assign(async (blob: Blob) => blob, { prepare });
    const webm = fakeMediaRecorder(['audio/webm;codecs=opus']);
    createAudioRecorder({ MediaRecorder: webm.Recorder, fixWebmDuration }).start(stream);
    expect(prepare).toHaveBeenCalledTimes(1);
    const mp4 = fakeMediaRecorder(['audio/mp4']);
    createAudioRecorder({ MediaRecorder: mp4.Recorder, isApple: true, fixWebmDuration }).start(stream);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it("asks Safari's AAC for 64 kbit/s", () => {
    const { Recorder, created } = fakeMediaRecorder(['audio/mp4']);
    createAudioRecorder({ MediaRecorder: Recorder, isApple: true }).start(stream);
    expect(created[0]?.options).toEqual({ mimeType: 'audio/mp4', audioBitsPerSecond: 64_000 });
  });

  it('lets the browser choose when no listed format is supported', () => {
    const { Recorder, created } = fakeMediaRecorder([]);
    createAudioRecorder({ MediaRecorder: Recorder, isApple: true }).start(stream);
    expect(created[0]?.options).toBeUndefined();
  });

  it('stop() returns the whole recording, its duration without pauses, and writes the duration into a webm', async () => {
    const clock = new FakeClock();
    const { Recorder, created } = fakeMediaRecorder(['audio/webm;codecs=opus']);
    const fixWebmDuration = vi.fn(async (blob: Blob, durationMs: number) => new Blob([blob, `|${durationMs}`], { type: blob.type }));
    const recorder = createAudioRecorder({ MediaRecorder: Recorder, clock, fixWebmDuration });
    clock.time = 10_000;
    recorder.start(stream);
    const media = created[0];
    if (!media) throw new Error('no MediaRecorder was created');
    clock.time = 11_000;
    media.chunk('a');
    recorder.pause();
    clock.time = 15_000;
    recorder.resume();
    clock.time = 17_500;
    const result = await recorder.stop();
    expect(fixWebmDuration).toHaveBeenCalledWith(expect.any(Blob), 3_500);
    expect(result).toMatchObject({ mimeType: 'audio/webm;codecs=opus', durationMs: 3_500, chunkCount: 2 });
    expect(await result.blob.text()).toBe('alast|3500');
    expect(result.blob.type).toBe('audio/webm;codecs=opus');
    expect(await recorder.stop()).toBe(result);
  });

  it('leaves an mp4 recording as it is', async () => {
    const { Recorder } = fakeMediaRecorder(['audio/mp4']);
    const fixWebmDuration = vi.fn(async (blob: Blob) => blob);
    const recorder = createAudioRecorder({ MediaRecorder: Recorder, isApple: true, fixWebmDuration });
    recorder.start(stream);
    const result = await recorder.stop();
    expect(result.mimeType).toBe('audio/mp4');
    expect(fixWebmDuration).not.toHaveBeenCalled();
  });

  it('keeps the recording when the duration cannot be written', async () => {
    const clock = new FakeClock();
    const { Recorder } = fakeMediaRecorder(['audio/webm;codecs=opus']);
    const onError = vi.fn();
    const recorder = createAudioRecorder({ MediaRecorder: Recorder, clock, onError, fixWebmDuration: () => Promise.reject(new Error('bad header')) });
    recorder.start(stream);
    clock.time = 2_000;
    const result = await recorder.stop();
    expect(await result.blob.text()).toBe('last');
    expect(onError).toHaveBeenCalledWith(new Error('bad header'));
  });

  it('stop() before start() gives an empty recording', async () => {
    const recorder = createAudioRecorder({ MediaRecorder: fakeMediaRecorder([]).Recorder });
    expect(await recorder.stop()).toMatchObject({ durationMs: 0, chunkCount: 0 });
  });

  it('start() throws where the browser has no MediaRecorder (node has none)', () => {
    expect(() => createAudioRecorder().start(stream)).toThrow(/MediaRecorder is not available/);
  });

  it('start() while recording throws', () => {
    const recorder = createAudioRecorder({ MediaRecorder: fakeMediaRecorder([]).Recorder });
    recorder.start(stream);
    expect(() => recorder.start(stream)).toThrow(/already recording/);
  });
});
