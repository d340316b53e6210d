import { describe, expect, it } from 'vitest';
import { recordingSentence } from './recording-sentence';

describe("the results' sentence about the recording", () => {
  it('follows what this device recorded', () => {
    expect(recordingSentence({ recorded: true, demo: false, awaitingTeacher: true })).toBe('Your recording is sent with your answers: your teacher listens to it to give your bands.');
    expect(recordingSentence({ recorded: true, demo: false, awaitingTeacher: false })).toBeNull();
    expect(recordingSentence({ recorded: false, demo: false, awaitingTeacher: true })).toMatch(/^No recording was made on this device, so your answers cannot be scored/);
    expect(recordingSentence({ recorded: false, demo: false, awaitingTeacher: false })).toMatch(/^No recording was made on this device: your estimate comes from the transcript/);
    expect(recordingSentence({ recorded: false, demo: true, awaitingTeacher: true })).toBeNull();
  });
});
