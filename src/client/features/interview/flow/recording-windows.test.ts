/*
 * Where each answer lies on the recording: the interview records only while an answer is listened
 * to (from 0.5 s after the question), so its clock does not place the answers on the audio; each
 * saved answer carries the audio recorded before it began and by its end.
 */
import { describe, expect, it } from 'vitest';
import { INTERVIEW_FIRST_QUESTION_DELAY_MS, INTERVIEW_NEXT_QUESTION_DELAY_MS, INTERVIEW_RECORDING_START_DELAY_MS } from '../../../../shared/interview/constants';
import { interviewSessionData } from '../../../../shared/api/interview';
import { InterviewSim, QUESTIONS } from './simulator.test-helpers';

const T0 = 1_000_000;

/** The greeting spoken by T0 + 2 s; the current question asked, spoken for 3 s, then listened to. */
function askAndListen(sim: InterviewSim, wait: number): void {
  sim.advanceBy(wait);
  sim.advanceBy(3_000);
  sim.finishSpeech();
  sim.advanceBy(INTERVIEW_RECORDING_START_DELAY_MS);
  expect(sim.state.recording).toBe('recording');
}

describe("the answers' places on the recording", () => {
  it('count only the time recorded: not the greeting, the questions, the waits, a Stop Recording or a pause away', () => {
    const sim = new InterviewSim(QUESTIONS, T0);
    sim.dispatch({ type: 'MIC_GRANTED' });
    sim.dispatch({ type: 'START' });
    sim.advanceTo(T0 + 2_000);
    sim.finishSpeech();
    askAndListen(sim, INTERVIEW_FIRST_QUESTION_DELAY_MS);
    // Answer 1: 12 s recorded, then Next.
    sim.advanceBy(12_000);
    sim.dispatch({ type: 'FINAL', text: 'I am a nurse', confidence: 0.9 });
    sim.dispatch({ type: 'NEXT' });
    // Answer 2: 4 s, Stop Recording for 5 s (not recorded), Start again, 6 s more.
    askAndListen(sim, INTERVIEW_NEXT_QUESTION_DELAY_MS);
    sim.advanceBy(4_000);
    sim.dispatch({ type: 'TOGGLE_RECORDING' });
    sim.advanceBy(5_000);
    sim.dispatch({ type: 'TOGGLE_RECORDING' });
    sim.advanceBy(INTERVIEW_RECORDING_START_DELAY_MS + 6_000);
    sim.dispatch({ type: 'FINAL', text: 'patience', confidence: 0.8 });
    sim.dispatch({ type: 'NEXT' });
    // Answer 3: 3 s, away for a minute (not recorded), Continue, 2 s more, then the last: completed.
    askAndListen(sim, INTERVIEW_NEXT_QUESTION_DELAY_MS);
    sim.advanceBy(3_000);
    sim.dispatch({ type: 'FINAL', text: 'I like the team', confidence: 0.7 });
    sim.dispatch({ type: 'PAGE_HIDDEN' });
    sim.advanceBy(60_000);
    sim.dispatch({ type: 'RESUME_INTERVIEW' });
    sim.advanceBy(INTERVIEW_RECORDING_START_DELAY_MS + 2_000);
    sim.dispatch({ type: 'NEXT' });
    expect(sim.state.view).toBe('completed');
    const saves = sim.commandsOf('save');
    expect(saves).toHaveLength(1);
    const { questions } = interviewSessionData.parse(saves[0]!.command.sessionData);
    expect(questions.map((q) => [q.recordingStartMs, q.recordingEndMs])).toEqual([
      [0, 12_000],
      [12_000, 22_000],
      [22_000, 27_000],
    ]);
    // The interview's own clock, by contrast, runs through everything.
    expect(questions[2]!.timestamp).toBeGreaterThan(90_000);
  });

  it('an answer given before its recording started has no place on it', () => {
    const sim = new InterviewSim(QUESTIONS.slice(0, 1), T0);
    sim.dispatch({ type: 'MIC_GRANTED' });
    sim.dispatch({ type: 'START' });
    sim.advanceTo(T0 + 2_000);
    sim.finishSpeech();
    sim.advanceBy(INTERVIEW_FIRST_QUESTION_DELAY_MS + 3_000);
    sim.finishSpeech();
    sim.dispatch({ type: 'NEXT' });
    const [saved] = interviewSessionData.parse(sim.commandsOf('save')[0]!.command.sessionData).questions;
    expect(saved).not.toHaveProperty('recordingStartMs');
    expect(saved).not.toHaveProperty('recordingEndMs');
  });
});
