/* Recognition failures, Repeat the question, Part 2 notes and time spoken, with explicit times. */
import { describe, expect, it } from 'vitest';
import { ANSWER_TIME_LIMIT_MS, NO_SPEECH_TIMEOUT_MS, PART2_NOTES_MAX_LENGTH } from '../../../../shared/speaking-test/constants.js';
import { RECOGNITION_FAILURE_CODES } from './machine.js';
import { selectScreen } from './selectors.js';
import { Driver, QUESTIONS, speakTexts, types } from './test-helpers.js';

const NETWORK = 'Network error. Please check your internet connection.';

/** Desktop with recognition, listening to Part 1 question 1 from t=2 500. */
function listeningToFirst(): Driver {
  const d = new Driver('desktop');
  d.start(0);
  d.speechDone(2_000);
  d.timer(2_500, 'afterQuestion');
  return d;
}

describe('recognition failure during a question', () => {
  it.each(RECOGNITION_FAILURE_CODES)("'%s' holds the question: clocks cancelled, recording kept, no answer saved", (code) => {
    const d = listeningToFirst();
    d.send(3_000, { type: 'FINAL', text: 'my name' });
    const out = d.send(3_100, { type: 'RECOGNITION_ERROR', code, message: NETWORK });
    expect(types(out)).toEqual(['cancel:afterQuestion', 'cancel:silenceCheck', 'cancel:afterRecognitionEnd', 'cancel:answerLimit', 'cancel:androidFallbackTick', 'stopListening']);
    expect(out.some((c) => c.type === 'stopRecording')).toBe(false);
    expect(d.state.phase).toBe('recognitionFailed');
    const screen = selectScreen(d.state);
    expect(screen.failure).toMatchObject({ code, message: NETWORK, during: 'question' });
    expect(screen.question?.number).toBe(1);
    expect(screen.recognitionError).toBeNull();
    // Nothing moves: the end of recognition, stale timers and silence do not skip the question.
    expect(d.send(3_200, { type: 'RECOGNITION_ENDED' })).toEqual([]);
    expect(d.timer(6_500, 'silenceCheck')).toEqual([]);
    expect(d.timer(62_500, 'answerLimit')).toEqual([]);
    expect(d.state.answers).toEqual([]);
  });

  it('Try again restarts recognition by asking the same question again; it is saved once', () => {
    const d = listeningToFirst();
    d.send(3_100, { type: 'RECOGNITION_ERROR', code: 'network', message: NETWORK });
    const retry = d.send(20_000, { type: 'RETRY_RECOGNITION' });
    expect(speakTexts(retry)).toEqual([QUESTIONS.part1[0]]);
    expect(d.state.failure).toBeNull();
    d.speechDone(22_000);
    expect(types(d.timer(22_500, 'afterQuestion'))).toContain('startListening');
    d.send(23_000, { type: 'FINAL', text: 'My name is Asha' });
    expect(speakTexts(d.timer(26_000, 'silenceCheck'))).toEqual([QUESTIONS.part1[1]]);
    expect(d.state.answers).toHaveLength(1);
    expect(d.state.answers[0]).toMatchObject({ questionNumber: 1, answer: 'My name is Asha' });
    expect(d.state.transcriptMissing).toBe(false);
  });

  it('Continue without transcript asks again and ends the answer on acoustic silence', () => {
    const d = listeningToFirst();
    d.send(3_100, { type: 'RECOGNITION_ERROR', code: 'not-allowed', message: 'Microphone access denied. Please allow microphone access and try again.' });
    d.send(5_000, { type: 'CONTINUE_WITHOUT_TRANSCRIPT' });
    expect(d.state.transcription).toBe('off');
    d.speechDone(7_000);
    const listen = d.timer(7_500, 'afterQuestion');
    expect(types(listen)).toEqual(['schedule:silenceCheck:500', `schedule:answerLimit:${ANSWER_TIME_LIMIT_MS[1]}`]);
    d.send(8_000, { type: 'VOICE', speaking: true, at: 8_000 });
    expect(d.timer(12_000, 'silenceCheck')).not.toEqual([]);
    d.send(12_400, { type: 'VOICE', speaking: false, at: 12_000 });
    expect(speakTexts(d.timer(14_500, 'silenceCheck'))).toEqual([]);
    expect(speakTexts(d.timer(15_000, 'silenceCheck'))).toEqual([QUESTIONS.part1[1]]);
    expect(d.state.answers[0]).toMatchObject({ answer: '', responseTimeMs: 1_000, speakingTimeMs: 4_000 });
    expect(d.state.transcriptMissing).toBe(true);
  });

  it('in Part 2 the speaking timer stops and resumes where it was', () => {
    const d = new Driver('desktop');
    d.start(0);
    d.state = { ...d.state, stage: 'part2', phase: 'part2Announcement', speechId: 'a' };
    d.send(1_000, { type: 'SPEECH_DONE', id: 'a', outcome: 'ended' });
    for (let k = 1; k <= 60; k += 1) d.timer(1_000 + k * 1_000, 'prepTick');
    for (let k = 1; k <= 30; k += 1) d.timer(61_000 + k * 1_000, 'speakTick');
    expect(d.state.countdownSeconds).toBe(90);
    const out = d.send(91_500, { type: 'RECOGNITION_ERROR', code: 'audio-capture', message: 'audio-capture' });
    expect(types(out)).toContain('cancel:speakTick');
    expect(selectScreen(d.state).part2Phase).toBe('speaking');
    expect(d.timer(92_000, 'speakTick')).toEqual([]);
    expect(d.state.countdownSeconds).toBe(90);
    expect(types(d.send(100_000, { type: 'RETRY_RECOGNITION' }))).toEqual(['startListening', 'schedule:speakTick:1000']);
    expect(d.state.phase).toBe('part2Speaking');
  });

  it("'not-supported' switches to recording only without stopping; other errors only show their text", () => {
    const d = listeningToFirst();
    d.send(3_000, { type: 'RECOGNITION_ERROR', code: 'no-match', message: 'no-match' });
    expect(d.state.phase).toBe('answering');
    expect(selectScreen(d.state).recognitionError).toBe('no-match');
    d.send(3_100, { type: 'RECOGNITION_ERROR', code: 'not-supported', message: 'Speech recognition not supported' });
    expect(d.state.transcription).toBe('off');
    expect(d.state.phase).toBe('answering');
    expect(speakTexts(d.timer(2_500 + NO_SPEECH_TIMEOUT_MS, 'silenceCheck'))).toEqual([QUESTIONS.part1[1]]);
  });
});

describe('Repeat the question', () => {
  it('repeats once per question, drops what was heard, and marks the answer', () => {
    const d = listeningToFirst();
    expect(selectScreen(d.state).canRepeat).toBe(true);
    d.send(3_000, { type: 'INTERIM', text: 'sorry' });
    const out = d.send(3_500, { type: 'REPEAT_QUESTION' });
    expect(types(out)).toEqual(['stopListening', 'cancel:afterQuestion', 'cancel:silenceCheck', 'cancel:afterRecognitionEnd', 'cancel:answerLimit', 'cancel:androidFallbackTick', 'speak']);
    expect(speakTexts(out)).toEqual([QUESTIONS.part1[0]]);
    expect(selectScreen(d.state).canRepeat).toBe(false);
    d.speechDone(5_500);
    expect(d.send(5_600, { type: 'REPEAT_QUESTION' })).toEqual([]);
    d.timer(6_000, 'afterQuestion');
    d.send(6_500, { type: 'FINAL', text: 'My name is Asha' });
    d.timer(9_500, 'silenceCheck');
    expect(d.state.answers[0]).toMatchObject({ answer: 'My name is Asha', repeated: true });
    // The next question may be repeated again.
    d.speechDone(11_500);
    expect(selectScreen(d.state).canRepeat).toBe(true);
    expect(selectScreen(d.state).repeated).toBe(false);
  });

  it('is not offered while the examiner speaks or in Part 2', () => {
    const d = new Driver('desktop');
    d.start(0);
    expect(selectScreen(d.state).canRepeat).toBe(false);
    expect(d.send(500, { type: 'REPEAT_QUESTION' })).toEqual([]);
  });
});

describe('Part 2 notes and time spoken', () => {
  it('keeps notes from preparation, cut to the limit, read-only while speaking, and saves them', () => {
    const d = new Driver('desktop');
    d.start(0);
    d.state = { ...d.state, stage: 'part2', phase: 'part2Announcement', speechId: 'a' };
    d.send(1_000, { type: 'SPEECH_DONE', id: 'a', outcome: 'ended' });
    d.send(2_000, { type: 'PART2_NOTES', text: 'x'.repeat(PART2_NOTES_MAX_LENGTH + 10) });
    expect(d.state.part2Notes).toHaveLength(PART2_NOTES_MAX_LENGTH);
    d.send(2_100, { type: 'PART2_NOTES', text: 'train, family' });
    expect(selectScreen(d.state).notesBox).toEqual({ text: 'train, family', editable: true });
    for (let k = 1; k <= 60; k += 1) d.timer(1_000 + k * 1_000, 'prepTick');
    expect(selectScreen(d.state).notesBox).toEqual({ text: 'train, family', editable: false });
    expect(selectScreen(d.state).part2SpokenSeconds).toBe(0);
    d.send(62_000, { type: 'VOICE', speaking: true, at: 62_000 });
    d.send(70_000, { type: 'VOICE', speaking: false, at: 70_000 });
    d.send(75_000, { type: 'VOICE', speaking: true, at: 75_000 });
    d.timer(77_500, 'speakTick');
    expect(selectScreen(d.state).part2SpokenSeconds).toBe(10);
    d.state = { ...d.state, stage: 'part3', phase: 'answering', answer: null, questionIndex: 9 };
    expect(selectScreen(d.state).notesBox).toBeNull();
  });
});
