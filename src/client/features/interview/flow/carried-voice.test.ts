/*
 * Without recognition, sound the microphone already hears when listening starts: a student who began
 * answering early is counted, an echo tail of the examiner's voice is not.
 */
import { describe, expect, it } from 'vitest';
import { INTERVIEW_ANSWER_SILENCE_MS, INTERVIEW_AUTO_ADVANCE_MS } from '../../../../shared/interview/constants';
import { NO_RESPONSE_TEXT, NOT_TRANSCRIBED_TEXT } from '../../../../shared/interview/answer-texts';
import { CARRIED_VOICE_MIN_MS } from './answer-voice';
import { InterviewSim, QUESTIONS } from './simulator.test-helpers';

const LISTEN_AT = 5_000;

/** Without recognition, up to the first question being spoken (it ends at LISTEN_AT); `voice` runs just before that. */
function questionEnding(voice: (sim: InterviewSim) => void): InterviewSim {
  const sim = new InterviewSim(QUESTIONS, 0, 'Asha', { recognition: false });
  sim.dispatch({ type: 'MIC_GRANTED' });
  sim.dispatch({ type: 'START' });
  sim.advanceTo(1_000);
  sim.finishSpeech();
  sim.advanceTo(4_000);
  voice(sim);
  sim.advanceTo(LISTEN_AT);
  sim.finishSpeech();
  expect(sim.state.phase).toBe('answering');
  return sim;
}

function firstAnswer(sim: InterviewSim): string | undefined {
  return sim.state.answers[0]?.answer;
}

describe('speech already heard when listening starts', () => {
  it('the voice state is kept from every VOICE event, whatever the phase', () => {
    const sim = questionEnding((s) => s.dispatch({ type: 'VOICE', speaking: true, at: 4_200 }));
    expect(sim.state).toMatchObject({ voiceNow: true, voiceSince: LISTEN_AT, voiceCarried: true, heardVoice: false });
  });

  it('a student already answering: the answer counts from the start of listening, and its end starts the silence and the auto-advance', () => {
    const sim = questionEnding((s) => s.dispatch({ type: 'VOICE', speaking: true, at: 4_500 }));
    sim.advanceTo(8_400);
    sim.dispatch({ type: 'VOICE', speaking: false, at: 8_000 });
    expect(sim.state.heardVoice).toBe(true);
    sim.advanceTo(8_000 + INTERVIEW_ANSWER_SILENCE_MS);
    expect(sim.state.autoAdvanceDeadline).toBe(8_000 + INTERVIEW_ANSWER_SILENCE_MS + INTERVIEW_AUTO_ADVANCE_MS);
    sim.advanceTo(8_000 + INTERVIEW_ANSWER_SILENCE_MS + INTERVIEW_AUTO_ADVANCE_MS);
    expect(firstAnswer(sim)).toBe(NOT_TRANSCRIBED_TEXT);
    expect(sim.state.index).toBe(1);
  });

  it('an echo tail that stops 300 ms into listening ends nothing: a student who then says nothing waits for Next, as without the tail', () => {
    const runs = [
      questionEnding((s) => s.dispatch({ type: 'VOICE', speaking: true, at: 3_900 })),
      questionEnding(() => undefined),
    ].map((sim, index) => {
      if (index === 0) {
        // The gate reports the end after its 400 ms hold.
        sim.advanceTo(LISTEN_AT + 700);
        sim.dispatch({ type: 'VOICE', speaking: false, at: LISTEN_AT + 300 });
      }
      sim.advanceTo(60_000);
      const waited = { index: sim.state.index, countdown: sim.state.autoAdvanceDeadline, pending: [...sim.timers.keys()].sort() };
      sim.dispatch({ type: 'NEXT' });
      return { ...waited, answer: firstAnswer(sim) };
    });
    expect(runs[0]).toEqual({ index: 0, countdown: null, pending: runs[1]?.pending, answer: NO_RESPONSE_TEXT });
    expect(runs[0]).toEqual(runs[1]);
  });

  it('an echo tail whose end is reported after the threshold is still judged by when it stopped', () => {
    const sim = questionEnding((s) => s.dispatch({ type: 'VOICE', speaking: true, at: 3_900 }));
    sim.advanceTo(LISTEN_AT + CARRIED_VOICE_MIN_MS + 100);
    sim.dispatch({ type: 'VOICE', speaking: false, at: LISTEN_AT + CARRIED_VOICE_MIN_MS - 300 });
    expect(sim.state).toMatchObject({ heardVoice: false, voiceSince: null });
    expect(sim.timers.has('answerSilence')).toBe(false);
  });

  it('after an echo tail, the student speaking later is heard as usual', () => {
    const sim = questionEnding((s) => s.dispatch({ type: 'VOICE', speaking: true, at: 3_900 }));
    sim.advanceTo(LISTEN_AT + 700);
    sim.dispatch({ type: 'VOICE', speaking: false, at: LISTEN_AT + 300 });
    sim.advanceTo(7_000);
    sim.dispatch({ type: 'VOICE', speaking: true, at: 7_000 });
    sim.advanceTo(7_500);
    sim.dispatch({ type: 'VOICE', speaking: false, at: 7_500 });
    expect(sim.timers.get('answerSilence')).toBe(7_500 + INTERVIEW_ANSWER_SILENCE_MS);
  });

  it('Next during speech carried over listening: heard once it has lasted long enough, not before', () => {
    const long = questionEnding((s) => s.dispatch({ type: 'VOICE', speaking: true, at: 4_500 }));
    long.advanceTo(LISTEN_AT + CARRIED_VOICE_MIN_MS);
    long.dispatch({ type: 'NEXT' });
    expect(firstAnswer(long)).toBe(NOT_TRANSCRIBED_TEXT);
    const short = questionEnding((s) => s.dispatch({ type: 'VOICE', speaking: true, at: 4_500 }));
    short.advanceTo(LISTEN_AT + CARRIED_VOICE_MIN_MS - 1);
    short.dispatch({ type: 'NEXT' });
    expect(firstAnswer(short)).toBe(NO_RESPONSE_TEXT);
  });
});
