/* SPEC.md section 4, 'Apple devices' (flow/apple.ts). */
import { describe, expect, it } from 'vitest';
import { ANSWER_TIME_LIMIT_MS, NO_SPEECH_TIMEOUT_MS } from '../../../../shared/speaking-test/constants.js';
import { selectScreen } from './selectors.js';
import { Driver, QUESTIONS, speakTexts, types } from './test-helpers.js';

describe('Apple', () => {
  it('records without recognition: placeholder note, answer ended by the microphone level, recording check at 5 s', () => {
    const d = new Driver('apple');
    const start = d.start(10_000);
    expect(types(start)).toEqual(['startRecording', 'startVoiceMeter', 'schedule:recordingCheck:5000', 'speak']);
    expect(types(d.speechDone(12_000))).toEqual(['schedule:afterQuestion:500']);
    expect(types(d.timer(12_500, 'afterQuestion'))).toEqual(['schedule:silenceCheck:500', `schedule:answerLimit:${ANSWER_TIME_LIMIT_MS[1]}`]);
    expect(selectScreen(d.state).notes[0]).toMatch(/audio is being recorded/i);
    expect(types(d.timer(15_000, 'recordingCheck'))).toEqual(['checkRecording']);
    d.send(15_010, { type: 'RECORDING_CHECKED', chunkCount: 0 });
    expect(d.state.toasts.map((x) => x.title)).toEqual(['Recording Notice']);
    d.send(15_020, { type: 'TOAST_SHOWN', id: d.state.toasts[0]?.id ?? -1 });
    expect(d.state.toasts).toEqual([]);
    d.send(15_030, { type: 'RECORDING_CHECKED', chunkCount: 3 });
    expect(d.state.toasts).toEqual([]);
    expect(speakTexts(d.timer(12_500 + NO_SPEECH_TIMEOUT_MS, 'silenceCheck'))).toEqual([QUESTIONS.part1[1]]);
    expect(d.state.answers[0]).toMatchObject({ answer: '', responseTimeMs: null, speakingTimeMs: 0 });
  });
});
