/* The interview's recorder check: what the recorder gave, told during the interview and on the completed view. */
import { describe, expect, it } from 'vitest';
import {
  INTERVIEW_NEXT_QUESTION_DELAY_MS,
  INTERVIEW_NO_RECORDING_TEXT,
  INTERVIEW_NO_TRANSCRIPT_TEXT,
} from '../../../../shared/interview/constants';
import { NOT_RECORDED_TEXT, NOT_TRANSCRIBED_TEXT } from '../../../../shared/interview/answer-texts';
import { RECORDING_CHECK_DELAY_MS, RECORDING_RECHECK_MS } from '../../../speech/recorder-check';
import { NO_RECORDING_WITH_TRANSCRIPT_TEXT, RECORDING_STOPPED_TEXT, RECORDING_STOPPED_TEXT_NO_TRANSCRIPT, sessionWithoutRecording } from './recording-outcome';
import { active, completed, InterviewSim, QUESTIONS } from './simulator.test-helpers';

/** Advances to `time`, where a check is due, and answers it with the recorder's piece count and the time it has recorded. */
function checkAt(sim: InterviewSim, time: number, chunkCount: number, recordedMs: number): void {
  const before = sim.commandsOf('checkRecording').length;
  sim.advanceTo(time);
  expect(sim.commandsOf('checkRecording')).toHaveLength(before + 1);
  sim.dispatch({ type: 'RECORDING_CHECKED', chunkCount, recordedMs });
}

function toasts(sim: InterviewSim): string[] {
  return sim.commandsOf('toast').map((entry) => entry.command.title);
}

/** Started at 0; greeting spoken by 1 s, the first question from 4 s to 5 s: answering (and recording from 5.5 s). */
function answeringFirst(recognition: boolean): InterviewSim {
  const sim = new InterviewSim(QUESTIONS, 0, 'Asha', { recognition });
  sim.dispatch({ type: 'MIC_GRANTED' });
  sim.dispatch({ type: 'START' });
  expect(sim.timers.get('recordingCheck')).toBe(RECORDING_CHECK_DELAY_MS);
  sim.advanceTo(1_000);
  sim.finishSpeech();
  // 5 s after Start: the recorder has not started yet, so no piece tells nothing.
  checkAt(sim, RECORDING_CHECK_DELAY_MS, 0, 0);
  expect(sim.state.recorder.status).toBe('unknown');
  sim.finishSpeech();
  expect(sim.state.phase).toBe('answering');
  return sim;
}

/** Next on each remaining question (each spoken 1 s), finishing the interview at the current time onwards. */
function finish(sim: InterviewSim): void {
  while (sim.state.view === 'active') {
    sim.dispatch({ type: 'NEXT' });
    if (sim.state.view !== 'active') break;
    sim.advanceBy(INTERVIEW_NEXT_QUESTION_DELAY_MS + 1_000);
    sim.finishSpeech();
  }
}

describe('the interview recorder check', () => {
  it('a recorder that yields nothing is told once within seconds of recording, and the completed view says nothing can be scored', () => {
    const sim = answeringFirst(false);
    expect(active(sim).recordingProblem).toBeNull();
    expect(active(sim).showRecordingButton).toBe(true);
    // The recording started at 5.5 s: 4.5 s of it without a piece.
    checkAt(sim, RECORDING_CHECK_DELAY_MS + RECORDING_RECHECK_MS, 0, 4_500);
    expect(sim.state.recorder.status).toBe('none');
    expect(toasts(sim)).toEqual(['No recording']);
    // Neither transcribed nor recorded: no Start/Stop Recording button, which would control nothing.
    expect(active(sim).showRecordingButton).toBe(false);
    expect(active(sim).recordingProblem).toEqual({
      title: 'No recording',
      text: 'No recording is being made on this device: your answers are not transcribed either, so they cannot be scored. Use Chrome on a computer or an Android phone if you can, or retake the interview on another device.',
    });
    checkAt(sim, RECORDING_CHECK_DELAY_MS + 2 * RECORDING_RECHECK_MS, 0, 9_500);
    expect(toasts(sim)).toEqual(['No recording']);

    finish(sim);
    expect(sim.timers.has('recordingCheck')).toBe(false);
    expect(sim.commandsOf('stopRecording')).toHaveLength(1);
    expect(completed(sim)).toMatchObject({ recording: 'pending', recordingNote: null });
    sim.dispatch({ type: 'AUDIO_READY', hasAudio: false });
    expect(completed(sim)).toMatchObject({ recording: 'none', recordingNote: { title: 'Nothing to score', text: INTERVIEW_NO_RECORDING_TEXT, tone: 'problem' } });
    expect(JSON.stringify(completed(sim))).not.toContain('your teacher will score');
  });

  it('an answer heard while the recorder yields nothing is saved as neither recorded nor transcribed', () => {
    const sim = answeringFirst(false);
    checkAt(sim, RECORDING_CHECK_DELAY_MS + RECORDING_RECHECK_MS, 0, 4_500);
    expect(sim.state.recorder.status).toBe('none');
    sim.dispatch({ type: 'VOICE', speaking: true, at: sim.state.now });
    sim.advanceBy(2_000);
    sim.dispatch({ type: 'VOICE', speaking: false, at: sim.state.now });
    sim.dispatch({ type: 'NEXT' });
    expect(sim.state.answers).toEqual([expect.objectContaining({ questionId: QUESTIONS[0]?.id, answer: NOT_RECORDED_TEXT })]);
  });

  it('saved without a recording, an answer heard before the first verdict is not called recorded either', () => {
    const sim = answeringFirst(false);
    // The first answer, spoken and ended before any check could tell: the recorder is still 'unknown'.
    sim.dispatch({ type: 'VOICE', speaking: true, at: sim.state.now });
    sim.advanceBy(2_000);
    sim.dispatch({ type: 'VOICE', speaking: false, at: sim.state.now });
    finish(sim);
    expect(sim.state.recorder.status).toBe('unknown');
    const save = sim.commandsOf('save')[0]?.command;
    if (!save) throw new Error('no save');
    expect(save.sessionData.questions[0]?.answer).toBe(NOT_TRANSCRIBED_TEXT);
    // The edge found the stopped recording empty: the server is told, and the answer says what happened.
    const sent = sessionWithoutRecording(save.sessionData);
    expect(sent.noRecording).toBe(true);
    expect(sent.questions.map((q) => q.answer)).toEqual(save.sessionData.questions.map((q) => (q.answer === NOT_TRANSCRIBED_TEXT ? NOT_RECORDED_TEXT : q.answer)));
    expect(sent.questions[0]?.answer).toBe(NOT_RECORDED_TEXT);
  });

  it('time not recorded does not count as a stop; a count that stays put over 3 s of recording does, and the completed view says so', () => {
    const sim = answeringFirst(false);
    checkAt(sim, 10_000, 4, 4_500);
    expect(sim.state.recorder).toMatchObject({ status: 'yielding', chunks: 4, countedAtMs: 4_500 });
    // The recording pauses while the next question is waited for and spoken (10 s here): no new piece, no stop.
    sim.dispatch({ type: 'NEXT' });
    checkAt(sim, 15_000, 4, 4_500);
    checkAt(sim, 20_000, 4, 4_500);
    expect(sim.state.recorder.status).toBe('yielding');
    sim.finishSpeech();
    sim.advanceTo(22_000);
    expect(sim.state.recording).toBe('recording');
    // The interview's clock ran 5 s but only 2 s really passed recording (a clock run forward): no stop yet.
    checkAt(sim, 25_000, 4, 6_500);
    expect(sim.state.recorder.status).toBe('yielding');
    checkAt(sim, 30_000, 6, 9_000);
    // From here the count stays put while recording: 5 s later it is a stop, told once.
    checkAt(sim, 35_000, 6, 14_000);
    expect(sim.state.recorder.status).toBe('stopped');
    checkAt(sim, 40_000, 6, 19_000);
    expect(toasts(sim)).toEqual(['Recording stopped']);
    expect(active(sim).recordingProblem?.text).toBe(
      'The recording stopped on this device: your answers are not transcribed either, so they cannot be scored. Use Chrome on a computer or an Android phone if you can, or retake the interview on another device.',
    );
    // Pieces again: yielding, and the note goes.
    checkAt(sim, 45_000, 9, 24_000);
    expect(active(sim).recordingProblem).toBeNull();
    checkAt(sim, 50_000, 9, 29_000);
    expect(toasts(sim)).toEqual(['Recording stopped', 'Recording stopped']);
    finish(sim);
    sim.dispatch({ type: 'AUDIO_READY', hasAudio: true });
    expect(completed(sim)).toMatchObject({ recording: 'partial', recordingNote: { title: 'Recording stopped', text: RECORDING_STOPPED_TEXT_NO_TRANSCRIPT } });
  });

  it('a recording without a transcript keeps the teacher-scores text; with a transcript there is nothing to add', () => {
    for (const recognition of [false, true]) {
      const sim = answeringFirst(recognition);
      checkAt(sim, 10_000, 4, 4_500);
      finish(sim);
      sim.dispatch({ type: 'AUDIO_READY', hasAudio: true });
      expect(completed(sim)).toMatchObject({
        recording: 'saved',
        recordingNote: recognition ? null : { title: 'Your teacher will score this interview', text: INTERVIEW_NO_TRANSCRIPT_TEXT, tone: 'teacher' },
      });
    }
  });

  it('with speech recognition, a missing or stopped recording still leaves the transcript for the scores', () => {
    const sim = answeringFirst(true);
    checkAt(sim, 10_000, 0, 4_500);
    expect(active(sim).recordingProblem?.text).toBe(
      'No recording is being made on this device: your answers are still transcribed for your scores, but your teacher cannot listen to them. Use Chrome on a computer or an Android phone if you can, or retake the interview on another device.',
    );
    // The button still starts and stops the transcript of the answer.
    expect(active(sim).showRecordingButton).toBe(true);
    finish(sim);
    sim.dispatch({ type: 'AUDIO_READY', hasAudio: false });
    expect(completed(sim).recordingNote).toMatchObject({ title: 'No recording', text: NO_RECORDING_WITH_TRANSCRIPT_TEXT });

    const stopped = answeringFirst(true);
    checkAt(stopped, 10_000, 3, 4_500);
    checkAt(stopped, 15_000, 3, 9_500);
    finish(stopped);
    stopped.dispatch({ type: 'AUDIO_READY', hasAudio: true });
    expect(completed(stopped).recordingNote).toMatchObject({ title: 'Recording stopped', text: RECORDING_STOPPED_TEXT });
  });

  it('an interview finished before the recording started says no recording was made, without waiting for one', () => {
    const quick = new InterviewSim(QUESTIONS, 0, 'Asha', { recognition: false });
    quick.dispatch({ type: 'MIC_GRANTED' });
    quick.dispatch({ type: 'START' });
    quick.advanceTo(1_000);
    quick.finishSpeech();
    quick.advanceTo(4_000);
    quick.finishSpeech();
    finish(quick);
    expect(quick.commandsOf('startRecording')).toEqual([]);
    expect(completed(quick)).toMatchObject({ recording: 'none', recordingNote: { text: INTERVIEW_NO_RECORDING_TEXT } });
  });

  it('a check that arrives after the interview ended changes nothing', () => {
    const sim = answeringFirst(false);
    finish(sim);
    const before = sim.state;
    sim.dispatch({ type: 'RECORDING_CHECKED', chunkCount: 0, recordedMs: 60_000 });
    expect(sim.state.recorder).toEqual(before.recorder);
    expect(toasts(sim)).toEqual([]);
  });
});
