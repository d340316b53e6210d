/*
 * A browser that cannot record (no MediaRecorder, or one that refuses every recording, as Debian's
 * WebKitGTK does), found as the microphone is granted (speech/recorder-support.ts): the welcome view
 * says so before Start, in place of the note that promises a recording, and the first answer already
 * says nothing is recorded, without a toast repeating what the welcome said.
 */
import { describe, expect, it } from 'vitest';
import { RECORDING_CHECK_DELAY_MS, RECORDING_RECHECK_MS } from '../../../speech/recorder-check';
import { selectInterviewView, type WelcomeViewModel } from './selectors';
import { active, InterviewSim, QUESTIONS } from './simulator.test-helpers';

function welcome(sim: InterviewSim): WelcomeViewModel {
  const view = selectInterviewView(sim.state);
  if (view.view !== 'welcome') throw new Error(`expected the welcome view, got ${view.view}`);
  return view;
}

function granted(canRecord: boolean | undefined, recognition: boolean): InterviewSim {
  const sim = new InterviewSim(QUESTIONS, 0, 'Asha', { recognition });
  sim.dispatch(canRecord === undefined ? { type: 'MIC_GRANTED' } : { type: 'MIC_GRANTED', canRecord });
  return sim;
}

describe('the interview on a browser that cannot record', () => {
  it('the welcome view says so, with or without a transcript; a browser that can record is told nothing new', () => {
    expect(welcome(granted(false, false))).toMatchObject({ canRecord: false, transcriptionOff: true, startDisabled: false });
    expect(welcome(granted(false, true))).toMatchObject({ canRecord: false, transcriptionOff: false });
    expect(welcome(granted(true, false))).toMatchObject({ canRecord: true, transcriptionOff: true });
    // An edge that does not say means it can.
    expect(welcome(granted(undefined, false)).canRecord).toBe(true);
  });

  it('the first answer already says nothing is recorded, and no toast repeats it', () => {
    const sim = granted(false, false);
    sim.dispatch({ type: 'START' });
    sim.advanceTo(1_000);
    sim.finishSpeech();
    sim.advanceTo(4_000);
    sim.finishSpeech();
    expect(sim.state.phase).toBe('answering');
    // Recording is asked for 0.5 s after listening starts, as everywhere: the edge tries, and logs its failure.
    sim.advanceBy(500);
    expect(sim.commandsOf('startRecording')).toHaveLength(1);
    expect(active(sim).recordingProblem?.text).toMatch(/^No recording is being made on this device: your answers are not transcribed either/);
    expect(active(sim).showRecordingButton).toBe(false);
    // The checks find nothing, as the welcome said: no toast.
    sim.advanceTo(RECORDING_CHECK_DELAY_MS + RECORDING_RECHECK_MS);
    sim.dispatch({ type: 'RECORDING_CHECKED', chunkCount: 0, recordedMs: 4_500 });
    expect(sim.commandsOf('toast')).toEqual([]);
    expect(sim.state.recorder.status).toBe('none');
  });

  it('should it record after all, the note goes as pieces arrive', () => {
    const sim = granted(false, false);
    sim.dispatch({ type: 'START' });
    sim.advanceTo(1_000);
    sim.finishSpeech();
    sim.advanceTo(4_000);
    sim.finishSpeech();
    sim.advanceBy(500);
    sim.advanceTo(RECORDING_CHECK_DELAY_MS + RECORDING_RECHECK_MS);
    sim.dispatch({ type: 'RECORDING_CHECKED', chunkCount: 4, recordedMs: 4_500 });
    expect(active(sim).recordingProblem).toBeNull();
  });
});
