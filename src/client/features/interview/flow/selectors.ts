import { INTERVIEW_TIME_LIMIT_MS } from '../../../../shared/interview/constants';
import { ALLOW_MICROPHONE_LABEL, MICROPHONE_ACCESS_REQUIRED, START_INTERVIEW_LABEL } from './labels';
import { recordingOutcome, recordingNote, type RecordingNote, type RecordingOutcome } from './recording-outcome';
import { INTERVIEW_PAUSED_MESSAGE, resumesAnswer } from './pause-step';
import { recordingProblem } from './recorder-check';
import { questionAsked } from './interview-state';
import type { InterviewState } from './types';

/*
 * What each of the four views shows (SPEC.md section 2 '/interview-simulator'), derived purely
 * from the state. Components render this and dispatch events; they compute nothing themselves.
 */

export { START_INTERVIEW_LABEL };

export interface PermissionViewModel {
  view: 'permission';
  title: typeof MICROPHONE_ACCESS_REQUIRED;
  buttonLabel: typeof ALLOW_MICROPHONE_LABEL;
}

export interface WelcomeViewModel {
  view: 'welcome';
  studentName: string;
  /** How many questions the welcome text says are prepared. */
  questionCount: number;
  startLabel: typeof START_INTERVIEW_LABEL;
  startDisabled: boolean;
  /** The browser records but does not transcribe (said once, here). */
  transcriptionOff: boolean;
  /** False: the browser cannot record at all (found as the microphone was granted), which is said here instead. */
  canRecord: boolean;
}

export interface ActiveViewModel {
  view: 'active';
  title: 'Interview Simulation';
  /** 'Question {n} of {total}'. */
  questionLabel: string;
  questionNumber: number;
  totalQuestions: number;
  /** Current number over total, 0-100. */
  progressPercent: number;
  /** The current question's text, '' before the first is asked. */
  questionText: string;
  /** Time left of the 30 minutes, mm:ss. */
  countdown: string;
  remainingMs: number;
  isSpeaking: boolean;
  /** The answer is being captured (recognition on). */
  isRecording: boolean;
  recordingButtonLabel: 'Start Recording' | 'Stop Recording';
  /**
   * The Start/Stop Recording button is shown: not when the answers are neither transcribed nor
   * recorded (no transcription, the recorder gives nothing), where it would control nothing.
   */
  showRecordingButton: boolean;
  recordingButtonDisabled: boolean;
  nextButtonLabel: 'Next Question' | 'Complete Interview';
  nextButtonDisabled: boolean;
  /** Whole seconds until auto-advance, null when no countdown runs. */
  autoAdvanceSeconds: number | null;
  /** 'Auto-advancing in {n}s', null when no countdown runs. */
  autoAdvanceLabel: string | null;
  /** After the connection was lost mid-answer: the countdown waits for words, which the student is told (null otherwise). */
  waitingNote: string | null;
  /** The current answer's final text, results joined by a space. */
  finalTranscript: string;
  /** Shown in italics after the final text. */
  interimTranscript: string;
  showListening: boolean;
  /** Answers are recorded, not transcribed: no live transcript; silence ends an answer. */
  transcriptionOff: boolean;
  /** The recorder gives nothing (recorder-check.ts): what that means for the answers; else null. */
  recordingProblem: { title: string; text: string } | null;
  /** The student left the page (pause-step.ts): why it stopped and what Continue does; else null. */
  paused: { message: string; resumeNote: string } | null;
}

export interface CompletedViewModel {
  view: 'completed';
  title: 'Interview Completed!';
  message: 'Congratulations on completing your interview simulation.';
  totalQuestions: number;
  /** Whole minutes, rounded down. */
  durationMinutes: number;
  hasAudio: boolean;
  downloadAudioDisabled: boolean;
  saveStatus: InterviewState['saveStatus'];
  /** Answers were taken without a transcript. */
  noTranscript: boolean;
  /** What this device recorded ('pending' until the stopped recording is reported). */
  recording: RecordingOutcome;
  /** What that means for the scores, null when there is nothing to add. */
  recordingNote: RecordingNote | null;
}

export interface EndedViewModel {
  view: 'ended';
}

export type InterviewViewModel = PermissionViewModel | WelcomeViewModel | ActiveViewModel | CompletedViewModel | EndedViewModel;

/** m:ss as mm:ss, e.g. 1_799_001 ms -> '30:00' (rounded up to whole seconds). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

export function selectInterviewView(state: InterviewState): InterviewViewModel {
  switch (state.view) {
    case 'permission':
      return { view: 'permission', title: MICROPHONE_ACCESS_REQUIRED, buttonLabel: ALLOW_MICROPHONE_LABEL };
    case 'welcome':
      return {
        view: 'welcome',
        studentName: state.studentName,
        questionCount: state.questions.length,
        startLabel: START_INTERVIEW_LABEL,
        startDisabled: state.questions.length === 0,
        transcriptionOff: state.transcription === 'off',
        canRecord: state.canRecord,
      };
    case 'completed': {
      const hasAudio = state.audioAvailable;
      return {
        view: 'completed',
        title: 'Interview Completed!',
        message: 'Congratulations on completing your interview simulation.',
        totalQuestions: state.answers.length,
        durationMinutes: Math.floor((state.durationMs ?? 0) / 60_000),
        hasAudio,
        downloadAudioDisabled: !hasAudio,
        saveStatus: state.saveStatus,
        noTranscript: state.transcription === 'off',
        recording: recordingOutcome(state),
        recordingNote: recordingNote(recordingOutcome(state), state.transcription === 'off'),
      };
    }
    case 'active':
      break;
  }
  if (state.phase === 'ended') return { view: 'ended' };
  const total = state.questions.length;
  const questionNumber = Math.min(total, state.index + 1);
  const asked = questionAsked(state);
  const remainingMs = Math.max(0, INTERVIEW_TIME_LIMIT_MS - (state.now - (state.startedAt ?? state.now)));
  const isSpeaking = state.speechId !== null;
  const buttonsDisabled = state.phase !== 'answering' || isSpeaking;
  const problem = recordingProblem(state);
  const autoAdvanceSeconds = state.autoAdvanceDeadline === null ? null : Math.max(0, Math.ceil((state.autoAdvanceDeadline - state.now) / 1000));
  const nextButtonLabel = state.index >= total - 1 ? 'Complete Interview' : 'Next Question';
  const waiting = state.networkErrorShown && state.phase === 'answering' && state.listening && autoAdvanceSeconds === null;
  return {
    view: 'active',
    title: 'Interview Simulation',
    questionLabel: `Question ${questionNumber} of ${total}`,
    questionNumber,
    totalQuestions: total,
    // Whole percents: the bar reads its value out as "33%", not "33.333333333333336%".
    progressPercent: total === 0 ? 0 : Math.round((questionNumber / total) * 100),
    questionText: asked ? (state.questions[state.index]?.question ?? '') : '',
    countdown: formatCountdown(remainingMs),
    remainingMs,
    isSpeaking,
    isRecording: state.listening,
    recordingButtonLabel: state.listening ? 'Stop Recording' : 'Start Recording',
    recordingButtonDisabled: buttonsDisabled,
    showRecordingButton: !(state.transcription === 'off' && problem !== null),
    nextButtonLabel,
    nextButtonDisabled: buttonsDisabled,
    autoAdvanceSeconds,
    autoAdvanceLabel: autoAdvanceSeconds === null ? null : `Auto-advancing in ${autoAdvanceSeconds}s`,
    waitingNote: waiting ? `The connection was lost, so the interview waits for your next words. Press ${nextButtonLabel} when you have finished.` : null,
    finalTranscript: state.finals.map((final) => final.text).join(' '),
    interimTranscript: state.interim,
    showListening: state.listening,
    transcriptionOff: state.transcription === 'off',
    recordingProblem: problem,
    paused: state.phase === 'paused' ? { message: INTERVIEW_PAUSED_MESSAGE, resumeNote: resumeNote(state) } : null,
  };
}

/** What Continue does after a pause, in the student's words. */
function resumeNote(state: InterviewState): string {
  if (resumesAnswer(state)) return 'Continue when you are ready: your answer so far is kept, and you can add to it.';
  if (questionAsked(state)) return 'Continue when you are ready: the interviewer asks this question again.';
  return `Continue when you are ready: the interviewer asks the ${state.pausedIn === 'greeting' ? 'first' : 'next'} question.`;
}
