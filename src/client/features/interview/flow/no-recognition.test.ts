/* The interview in a browser without speech recognition, with explicit times. */
import { describe, expect, it } from 'vitest';
import {
  INTERVIEW_ANSWER_SILENCE_MS,
  INTERVIEW_AUTO_ADVANCE_MS,
  INTERVIEW_NEXT_QUESTION_DELAY_MS,
} from '../../../../shared/interview/constants';
import { NO_RESPONSE_TEXT, NOT_TRANSCRIBED_TEXT } from '../../../../shared/interview/answer-texts';
import { selectInterviewView } from './selectors';
import { InterviewSim, QUESTIONS } from './simulator.test-helpers';

/** Without recognition, up to the first question being answered (listening from t = 5 000). */
function answeringFirst(): InterviewSim {
  const sim = new InterviewSim(QUESTIONS, 0, 'Asha', { recognition: false });
  sim.dispatch({ type: 'MIC_GRANTED' });
  expect(selectInterviewView(sim.state)).toMatchObject({ view: 'welcome', transcriptionOff: true });
  sim.dispatch({ type: 'START' });
  expect(sim.commandsOf('startVoiceMeter')).toHaveLength(1);
  sim.advanceTo(1_000);
  sim.finishSpeech();
  sim.advanceTo(4_000);
  sim.advanceTo(5_000);
  sim.finishSpeech();
  expect(sim.state.phase).toBe('answering');
  return sim;
}

describe('interview without speech recognition', () => {
  it('never starts recognition; 3 s of silence after speech acts as a final result: 8 s later the next question', () => {
    const sim = answeringFirst();
    expect(sim.commandsOf('startListening')).toEqual([]);
    sim.advanceTo(6_000);
    sim.dispatch({ type: 'VOICE', speaking: true, at: 6_000 });
    sim.advanceTo(9_000);
    sim.dispatch({ type: 'VOICE', speaking: false, at: 9_000 });
    // A pause shorter than 3 s is not the end: speech again cancels it.
    sim.advanceTo(10_500);
    sim.dispatch({ type: 'VOICE', speaking: true, at: 10_500 });
    sim.advanceTo(14_000);
    expect(selectInterviewView(sim.state)).toMatchObject({ view: 'active', autoAdvanceLabel: null });
    sim.dispatch({ type: 'VOICE', speaking: false, at: 14_000 });
    sim.advanceTo(14_000 + INTERVIEW_ANSWER_SILENCE_MS);
    expect(selectInterviewView(sim.state)).toMatchObject({ view: 'active', autoAdvanceLabel: 'Auto-advancing in 8s', transcriptionOff: true });
    // Speaking again during the countdown stops it; the next silence starts it again.
    sim.advanceTo(20_000);
    sim.dispatch({ type: 'VOICE', speaking: true, at: 20_000 });
    expect(sim.state.autoAdvanceDeadline).toBeNull();
    sim.advanceTo(21_000);
    sim.dispatch({ type: 'VOICE', speaking: false, at: 21_000 });
    sim.advanceTo(21_000 + INTERVIEW_ANSWER_SILENCE_MS + INTERVIEW_AUTO_ADVANCE_MS - 1);
    expect(sim.state.answers).toHaveLength(0);
    sim.advanceBy(1);
    expect(sim.state.answers).toEqual([expect.objectContaining({ questionId: 1, answer: NOT_TRANSCRIBED_TEXT })]);
    sim.advanceBy(INTERVIEW_NEXT_QUESTION_DELAY_MS);
    expect(sim.lastSpeak().text).toBe(QUESTIONS[1]?.question);
  });

  it('a silent answer waits for Next (as with recognition), and the save says there is no transcript', () => {
    const sim = answeringFirst();
    sim.advanceTo(60_000);
    expect(sim.state.index).toBe(0);
    sim.dispatch({ type: 'NEXT' });
    sim.advanceBy(INTERVIEW_NEXT_QUESTION_DELAY_MS);
    sim.finishSpeech();
    sim.dispatch({ type: 'VOICE', speaking: true, at: sim.now });
    sim.dispatch({ type: 'NEXT' });
    sim.advanceBy(INTERVIEW_NEXT_QUESTION_DELAY_MS);
    sim.finishSpeech();
    sim.dispatch({ type: 'NEXT' });
    const save = sim.commandsOf('save')[0]?.command;
    expect(save?.sessionData.noTranscript).toBe(true);
    expect(save?.sessionData.questions.map((q) => q.answer)).toEqual([NO_RESPONSE_TEXT, NOT_TRANSCRIBED_TEXT, NO_RESPONSE_TEXT]);
    expect(sim.commandsOf('stopVoiceMeter')).toHaveLength(1);
    expect(selectInterviewView(sim.state)).toMatchObject({ view: 'completed', noTranscript: true });
  });

  it("switches to recording only when the recogniser reports 'not-supported'", () => {
    const sim = new InterviewSim(QUESTIONS, 0, 'Asha');
    sim.dispatch({ type: 'MIC_GRANTED' });
    sim.dispatch({ type: 'START' });
    sim.dispatch({ type: 'RECOGNITION_ERROR', code: 'not-supported', message: 'Speech recognition not supported' });
    expect(sim.state.transcription).toBe('off');
  });
});
