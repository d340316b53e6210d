import { describe, expect, it } from 'vitest';
import { INTERVIEW_AUTO_ADVANCE_MS, INTERVIEW_FIRST_QUESTION_DELAY_MS, INTERVIEW_RECOGNITION_RESTART_MS } from '../../../../shared/interview/constants';
import { active, InterviewSim, QUESTIONS } from './simulator.test-helpers';

const T0 = 1_000_000;

/** Started, the greeting and the first question spoken: the first answer is being listened to. */
function answeringFirst(): InterviewSim {
  const sim = new InterviewSim(QUESTIONS, T0);
  sim.dispatch({ type: 'MIC_GRANTED' });
  sim.dispatch({ type: 'START' });
  sim.advanceTo(T0 + 2_000);
  sim.finishSpeech();
  sim.advanceTo(T0 + 2_000 + INTERVIEW_FIRST_QUESTION_DELAY_MS + 4_000);
  sim.finishSpeech();
  return sim;
}

describe('the connection lost in the middle of an answer', () => {
  it('holds the 8 s auto-advance while recognition cannot hear, so the cut answer is not taken as finished; the next words start it again', () => {
    const sim = answeringFirst();
    sim.advanceBy(1_000);
    sim.dispatch({ type: 'FINAL', text: 'I want to', confidence: 0.9 });
    expect(active(sim).autoAdvanceSeconds).toBe(8);
    sim.advanceBy(500);
    // The phone loses its connection: the browser's recognizer reports 'network' and ends; each
    // restart while offline fails the same way.
    for (let k = 0; k < 10; k += 1) {
      sim.dispatch({ type: 'RECOGNITION_ERROR', code: 'network', message: '' });
      sim.dispatch({ type: 'RECOGNITION_ENDED' });
      sim.advanceBy(INTERVIEW_RECOGNITION_RESTART_MS + 500);
    }
    expect(sim.state.index).toBe(0);
    expect(active(sim).autoAdvanceSeconds).toBeNull();
    expect(active(sim).waitingNote).toBe('The connection was lost, so the interview waits for your next words. Press Next Question when you have finished.');
    // Back online: the student finishes the sentence, and the countdown starts from it.
    sim.dispatch({ type: 'FINAL', text: 'work in customer service', confidence: 0.9 });
    expect(active(sim).autoAdvanceSeconds).toBe(8);
    expect(active(sim).waitingNote).toBeNull();
    sim.advanceBy(INTERVIEW_AUTO_ADVANCE_MS + 100);
    expect(sim.state.index).toBe(1);
    expect(sim.state.answers[0]?.answer).toBe('I want to\nwork in customer service');
  });

  it("tells an outage once, not at every failed restart, and the next outage after words were heard again", () => {
    const sim = answeringFirst();
    const networkToasts = () => sim.commandsOf('toast').filter((entry) => entry.command.title === 'Network Error').length;
    sim.advanceBy(1_000);
    sim.dispatch({ type: 'INTERIM', text: 'I want to' });
    // The recogniser keeps the pending words as a final before its error.
    sim.dispatch({ type: 'FINAL', text: 'I want to', confidence: null });
    for (let k = 0; k < 10; k += 1) {
      sim.dispatch({ type: 'RECOGNITION_ERROR', code: 'network', message: '' });
      sim.dispatch({ type: 'RECOGNITION_ENDED' });
      sim.advanceBy(INTERVIEW_RECOGNITION_RESTART_MS + 500);
    }
    expect(networkToasts()).toBe(1);
    sim.dispatch({ type: 'INTERIM', text: 'work in' });
    sim.dispatch({ type: 'RECOGNITION_ERROR', code: 'network', message: '' });
    expect(networkToasts()).toBe(2);
    // Next Question while still offline: the next question starts afresh, and its failed listening says so once more.
    sim.dispatch({ type: 'NEXT' });
    expect(sim.state.index).toBe(1);
    expect(sim.state.networkErrorShown).toBe(false);
    sim.dispatch({ type: 'RECOGNITION_ERROR', code: 'network', message: '' });
    expect(networkToasts()).toBe(3);
  });
});
