import { describe, expect, it } from 'vitest';
import { cannotRecordSentence, canRecord, type RecorderSupportOptions } from './recorder-support.js';

const stream = {} as MediaStream;

type Constructor = NonNullable<RecorderSupportOptions['MediaRecorder']>;

/** A MediaRecorder naming `supported` types, whose start() fails with `startError` when given; it notes what was asked of it. */
function fakeRecorder(supported: string[], startError?: Error) {
  const calls: string[] = [];
  class Fake {
    static isTypeSupported = (type: string) => supported.includes(type);
    state = 'inactive';
    ondataavailable: ((event: { data: Blob }) => void) | null = null;
    constructor() {
      calls.push('new');
    }
    start() {
      calls.push('start');
      if (startError) throw startError;
      this.state = 'recording';
    }
    stop() {
      calls.push('stop');
      this.state = 'inactive';
    }
  }
  return { Recorder: Fake as unknown as Constructor, calls };
}

describe('canRecord', () => {
  it('a browser without MediaRecorder cannot (iOS Safari before 14.5)', () => {
    expect(canRecord(stream, { isApple: true, MediaRecorder: undefined })).toBe(false);
  });

  it('a browser naming a type the app records is taken at its word, nothing started (Chrome, Firefox, an iPhone)', () => {
    const chrome = fakeRecorder(['audio/webm;codecs=opus']);
    expect(canRecord(stream, { isApple: false, MediaRecorder: chrome.Recorder })).toBe(true);
    const iphone = fakeRecorder(['audio/mp4']);
    expect(canRecord(stream, { isApple: true, MediaRecorder: iphone.Recorder })).toBe(true);
    expect([...chrome.calls, ...iphone.calls]).toEqual([]);
  });

  it("one naming none whose start() refuses cannot: WebKitGTK's 'The MediaRecorder is unsupported on this platform'", () => {
    const webkit = fakeRecorder(['video/mp4'], new DOMException('The MediaRecorder is unsupported on this platform', 'NotSupportedError'));
    expect(canRecord(stream, { isApple: true, MediaRecorder: webkit.Recorder })).toBe(false);
    expect(webkit.calls).toEqual(['new', 'start']);
  });

  it('one naming none that records with its default type can; the trial is stopped at once', () => {
    const other = fakeRecorder([]);
    expect(canRecord(stream, { isApple: false, MediaRecorder: other.Recorder })).toBe(true);
    expect(other.calls).toEqual(['new', 'start', 'stop']);
  });
});

describe('cannotRecordSentence', () => {
  it("says before the start, in each flow's words, what a browser that cannot record means", () => {
    expect(cannotRecordSentence('off', { result: 'estimate', retake: 'test' })).toBe(
      'Your answers are not recorded in this browser, nor turned into text here, so nothing you say here can be scored. Use Chrome on a computer or an Android phone if you can, or take the test on another device. You can still go through the test here to practise.',
    );
    expect(cannotRecordSentence('live', { result: 'scores', retake: 'interview' })).toBe(
      'Your answers are not recorded in this browser: they are transcribed for your scores, but your teacher will not be able to listen to them. Use Chrome on a computer or an Android phone if you can, or take the interview on another device.',
    );
  });
});
