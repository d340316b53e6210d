/* Leaving the interview's page mid-interview (a call, another app, the screen locked): it waits for Continue. */
import { describe, expect, it } from 'vitest';
import { interviewSessionData } from '../../../../shared/api/interview';
import {
  INTERVIEW_AUTO_ADVANCE_MS,
  INTERVIEW_FIRST_QUESTION_DELAY_MS,
  INTERVIEW_NEXT_QUESTION_DELAY_MS,
  INTERVIEW_RECORDING_START_DELAY_MS,
  INTERVIEW_TIME_LIMIT_MS,
} from '../../../../shared/interview/constants';
import { NO_RESPONSE_TEXT, NOT_TRANSCRIBED_TEXT } from '../../../../shared/interview/answer-texts';
import { INTERVIEW_PAUSED_MESSAGE } from './pause-step';
import { active, InterviewSim, QUESTIONS } from './simulator.test-helpers';

const T0 = 1_000_000;

/** Started at T0; the greeting spoken by T0 + 2 s; the first question asked and spoken by T0 + 9 s: listening. */
function answeringFirst(options: { recognition?: boolean } = {}): InterviewSim {
  const sim = new InterviewSim(QUESTIONS, T0, 'Asha Rao', options);
  sim.dispatch({ type: 'MIC_GRANTED' });
  sim.dispatch({ type: 'START' });
  sim.advanceTo(T0 + 2_000);
  sim.finishSpeech();
  sim.advanceTo(T0 + 2_000 + INTERVIEW_FIRST_QUESTION_DELAY_MS + 4_000);
  sim.finishSpeech();
  sim.advanceBy(INTERVIEW_RECORDING_START_DELAY_MS);
  expect(sim.state).toMatchObject({ phase: 'answering', listening: true, recording: 'recording' });
  return sim;
}

function speakCount(sim: InterviewSim, text: string): number {
  return sim.commandsOf('speak').filter((entry) => entry.command.text === text).length;
}

describe('the page hidden mid-answer', () => {
  it('stops the clocks, listening and the recording; nothing moves while away, the 30 minutes go on', () => {
    const sim = answeringFirst();
    sim.dispatch({ type: 'FINAL', text: 'I am a nurse', confidence: 0.9 });
    expect(sim.state.autoAdvanceDeadline).not.toBeNull();
    const out = sim.send({ type: 'PAGE_HIDDEN' });
    expect(out.map((command) => command.type)).toEqual(expect.arrayContaining(['stopListening', 'pauseRecording']));
    expect(sim.state).toMatchObject({ phase: 'paused', pausedIn: 'answering', listening: false, recording: 'paused', autoAdvanceDeadline: null });
    expect([...sim.timers.keys()].sort()).toEqual(['tick', 'timeLimit']);
    // Away for five minutes: the phone ends recognition, late results arrive, nothing moves.
    sim.dispatch({ type: 'RECOGNITION_ENDED' });
    sim.dispatch({ type: 'FINAL', text: 'late words', confidence: 0.5 });
    sim.dispatch({ type: 'NEXT' });
    sim.dispatch({ type: 'TOGGLE_RECORDING' });
    sim.advanceBy(5 * 60_000);
    expect(sim.state).toMatchObject({ phase: 'paused', index: 0, answers: [] });
    expect(sim.state.finals.map((final) => final.text)).toEqual(['I am a nurse']);
    expect(sim.commandsOf('startListening')).toHaveLength(1);
    const model = active(sim);
    expect(model.paused).toEqual({ message: INTERVIEW_PAUSED_MESSAGE, resumeNote: 'Continue when you are ready: your answer so far is kept, and you can add to it.' });
    expect(model).toMatchObject({ questionText: QUESTIONS[0]!.question, nextButtonDisabled: true, recordingButtonDisabled: true, showListening: false, autoAdvanceLabel: null });
    expect(model.remainingMs).toBeLessThanOrEqual(INTERVIEW_TIME_LIMIT_MS - 5 * 60_000);
  });

  it('Continue listens to the same answer again: kept, added to, and saved once, 8 s after the last words', () => {
    const sim = answeringFirst();
    sim.dispatch({ type: 'FINAL', text: 'I am a nurse', confidence: 0.9 });
    sim.dispatch({ type: 'PAGE_HIDDEN' });
    sim.advanceBy(60_000);
    sim.dispatch({ type: 'RESUME_INTERVIEW' });
    expect(sim.state).toMatchObject({ phase: 'answering', listening: true, pausedIn: null, autoAdvanceDeadline: sim.now + INTERVIEW_AUTO_ADVANCE_MS });
    expect(active(sim).paused).toBeNull();
    expect(speakCount(sim, QUESTIONS[0]!.question)).toBe(1);
    sim.advanceBy(INTERVIEW_RECORDING_START_DELAY_MS);
    expect(sim.commandsOf('resumeRecording')).toHaveLength(1);
    sim.dispatch({ type: 'FINAL', text: 'in a city hospital', confidence: 0.8 });
    sim.advanceBy(INTERVIEW_AUTO_ADVANCE_MS + INTERVIEW_NEXT_QUESTION_DELAY_MS);
    expect(sim.state.answers).toHaveLength(1);
    expect(sim.state.answers[0]).toMatchObject({ questionId: 1, answer: 'I am a nurse\nin a city hospital' });
    expect(sim.lastSpeak().text).toBe(QUESTIONS[1]!.question);
  });

  it('before any word of the answer, Continue asks the question again', () => {
    const sim = answeringFirst();
    sim.dispatch({ type: 'PAGE_HIDDEN' });
    expect(active(sim).paused?.resumeNote).toBe('Continue when you are ready: the interviewer asks this question again.');
    sim.dispatch({ type: 'RESUME_INTERVIEW' });
    expect(sim.state.phase).toBe('speakingQuestion');
    expect(speakCount(sim, QUESTIONS[0]!.question)).toBe(2);
    sim.finishSpeech();
    expect(sim.state).toMatchObject({ phase: 'answering', index: 0, listening: true });
  });

  it('without recognition, speech heard before leaving counts: Continue goes back to that answer', () => {
    const sim = answeringFirst({ recognition: false });
    sim.dispatch({ type: 'VOICE', speaking: true, at: sim.now });
    sim.advanceBy(4_000);
    sim.dispatch({ type: 'PAGE_HIDDEN' });
    expect(sim.state).toMatchObject({ phase: 'paused', heardVoice: true, voiceSince: null });
    sim.advanceBy(30_000);
    sim.dispatch({ type: 'RESUME_INTERVIEW' });
    expect(sim.state.phase).toBe('answering');
    sim.advanceBy(INTERVIEW_AUTO_ADVANCE_MS + INTERVIEW_NEXT_QUESTION_DELAY_MS);
    expect(sim.state.answers[0]).toMatchObject({ questionId: 1, answer: NOT_TRANSCRIBED_TEXT });
  });
});

describe('the page hidden between questions', () => {
  it('while the question is asked: the voice is cut off, its late end ignored, the question asked again on Continue', () => {
    const sim = new InterviewSim(QUESTIONS, T0);
    sim.dispatch({ type: 'MIC_GRANTED' });
    sim.dispatch({ type: 'START' });
    sim.advanceTo(T0 + 2_000);
    sim.finishSpeech();
    sim.advanceBy(INTERVIEW_FIRST_QUESTION_DELAY_MS);
    const asked = sim.lastSpeak();
    sim.dispatch({ type: 'PAGE_HIDDEN' });
    expect(sim.commandsOf('cancelSpeech')).toHaveLength(1);
    sim.dispatch({ type: 'SPEECH_DONE', id: asked.id, outcome: 'cancelled' });
    expect(sim.state).toMatchObject({ phase: 'paused', listening: false });
    expect(active(sim).questionText).toBe(QUESTIONS[0]!.question);
    sim.dispatch({ type: 'RESUME_INTERVIEW' });
    expect(sim.lastSpeak()).toMatchObject({ text: QUESTIONS[0]!.question });
    expect(sim.lastSpeak().id).not.toBe(asked.id);
  });

  it('during the greeting or the wait before the next question: no question is asked while away', () => {
    const greeting = new InterviewSim(QUESTIONS, T0);
    greeting.dispatch({ type: 'MIC_GRANTED' });
    greeting.dispatch({ type: 'START' });
    greeting.dispatch({ type: 'PAGE_HIDDEN' });
    greeting.finishSpeech();
    greeting.advanceBy(60_000);
    expect(speakCount(greeting, QUESTIONS[0]!.question)).toBe(0);
    expect(active(greeting)).toMatchObject({ questionText: '', paused: { resumeNote: 'Continue when you are ready: the interviewer asks the first question.' } });
    greeting.dispatch({ type: 'RESUME_INTERVIEW' });
    expect(greeting.lastSpeak().text).toBe(QUESTIONS[0]!.question);

    const between = answeringFirst();
    between.dispatch({ type: 'NEXT' });
    between.dispatch({ type: 'PAGE_HIDDEN' });
    between.advanceBy(60_000);
    expect(speakCount(between, QUESTIONS[1]!.question)).toBe(0);
    expect(active(between).paused?.resumeNote).toBe('Continue when you are ready: the interviewer asks the next question.');
    between.dispatch({ type: 'RESUME_INTERVIEW' });
    expect(between.lastSpeak().text).toBe(QUESTIONS[1]!.question);
    expect(between.state.answers.map((answer) => answer.questionId)).toEqual([1]);
  });
});

describe('what still ends a paused interview', () => {
  it('the 30 minutes: the answers so far, the paused one included, are saved', () => {
    const sim = answeringFirst();
    sim.dispatch({ type: 'PAGE_HIDDEN' });
    sim.advanceTo(T0 + INTERVIEW_TIME_LIMIT_MS);
    expect(sim.state).toMatchObject({ view: 'completed', phase: 'completed', pausedIn: null });
    const saves = sim.commandsOf('save');
    expect(saves).toHaveLength(1);
    const data = interviewSessionData.parse(saves[0]!.command.sessionData);
    expect(data.questions).toEqual([expect.objectContaining({ questionId: 1, answer: NO_RESPONSE_TEXT })]);
  });

  it('closing the page: ended, home, nothing saved', () => {
    const sim = answeringFirst();
    sim.dispatch({ type: 'PAGE_HIDDEN' });
    sim.dispatch({ type: 'PAGE_CLOSED' });
    expect(sim.state.phase).toBe('ended');
    expect(sim.commandsOf('navigate').map((entry) => entry.command.to)).toEqual(['/']);
    expect(sim.commandsOf('save')).toHaveLength(0);
    expect(sim.timers.size).toBe(0);
  });

  it('outside a running interview the page hidden changes nothing', () => {
    const sim = new InterviewSim(QUESTIONS, T0);
    sim.dispatch({ type: 'MIC_GRANTED' });
    sim.dispatch({ type: 'PAGE_HIDDEN' });
    expect(sim.state.phase).toBe('welcome');
    sim.dispatch({ type: 'RESUME_INTERVIEW' });
    expect(sim.state.phase).toBe('welcome');
  });
});
