import type { SaveInterviewSessionBody } from '../../../../shared/api/interview';
import { INTERVIEW_NO_RECORDING_TEXT, INTERVIEW_NO_TRANSCRIPT_TEXT } from '../../../../shared/interview/constants';
import { NOT_RECORDED_TEXT, NOT_TRANSCRIBED_TEXT } from '../../../../shared/interview/answer-texts';
import type { InterviewState } from './types';

/*
 * What the completed view says about the recording: what this device actually recorded decides it
 * (the stopped recording as the edge reported it, and whether the recorder stopped part-way).
 */

/**
 * - pending: the recording is stopping; what it holds is not known yet;
 * - saved: a recording was made (sent with the answers);
 * - partial: a recording was made, but the recorder stopped yielding part-way;
 * - none: no recording was made on this device.
 */
export type RecordingOutcome = 'pending' | 'saved' | 'partial' | 'none';

export interface RecordingNote {
  title: string;
  text: string;
  /** 'teacher': the teacher scores the recording; 'problem': something is missing. */
  tone: 'teacher' | 'problem';
}

export const RECORDING_STOPPED_TEXT_NO_TRANSCRIPT =
  'The recording stopped part-way on this device: your teacher can score only the part that was recorded. Use Chrome on a computer or an Android phone if you can, or retake the interview.';
export const RECORDING_STOPPED_TEXT =
  'The recording stopped part-way on this device: your scores come from the transcript, but your teacher can listen only to the part that was recorded. Use Chrome on a computer or an Android phone if you can, or retake the interview.';
export const NO_RECORDING_WITH_TRANSCRIPT_TEXT =
  'No recording was made on this device: your scores come from the transcript, but your teacher cannot listen to your answers. Use Chrome on a computer or an Android phone if you can, or retake the interview.';

export function recordingOutcome(state: Pick<InterviewState, 'recordingStarted' | 'audioReported' | 'audioAvailable' | 'recorder'>): RecordingOutcome {
  if (!state.recordingStarted) return 'none';
  if (!state.audioReported) return 'pending';
  if (!state.audioAvailable) return 'none';
  return state.recorder.status === 'stopped' ? 'partial' : 'saved';
}

export function recordingNote(outcome: RecordingOutcome, noTranscript: boolean): RecordingNote | null {
  switch (outcome) {
    case 'pending':
      return null;
    case 'saved':
      return noTranscript ? { title: 'Your teacher will score this interview', text: INTERVIEW_NO_TRANSCRIPT_TEXT, tone: 'teacher' } : null;
    case 'partial':
      return { title: 'Recording stopped', text: noTranscript ? RECORDING_STOPPED_TEXT_NO_TRANSCRIPT : RECORDING_STOPPED_TEXT, tone: 'problem' };
    case 'none':
      return noTranscript
        ? { title: 'Nothing to score', text: INTERVIEW_NO_RECORDING_TEXT, tone: 'problem' }
        : { title: 'No recording', text: NO_RECORDING_WITH_TRANSCRIPT_TEXT, tone: 'problem' };
  }
}

/**
 * The session as it is saved when the stopped recording holds nothing: the server is told
 * (`noRecording`), and no answer says it was recorded, even one saved before the recorder check
 * had found out (its first verdict needs 3 s of recording).
 */
export function sessionWithoutRecording(sessionData: SaveInterviewSessionBody['sessionData']): SaveInterviewSessionBody['sessionData'] {
  const questions = sessionData.questions.map((entry) => (entry.answer === NOT_TRANSCRIBED_TEXT ? { ...entry, answer: NOT_RECORDED_TEXT } : entry));
  return { ...sessionData, questions, noRecording: true };
}
