/* What the /test screen shows, derived from the flow state (pure). */
import { PART_TITLES } from '../../../../shared/speaking-test/constants.js';
import type { CueCard } from '../../../../shared/speaking-test/questions.js';
import { voicedMsAt } from './answer-capture.js';
import { ANDROID_FALLBACK_NOTE, continueSpeakingNote } from './android.js';
import { APPLE_PLACEHOLDER_NOTE } from './apple.js';
import { currentPartNumber, selectProgress, type ProgressView } from './progress.js';
import { recordingProblemText } from './recorder-check.js';
import type { MicrophoneStatus, RecognitionFailure, SpeakingTestState, Stage, Toast } from './types.js';

export { currentPartNumber, selectProgress, type ProgressView };

export interface ScreenView {
  stage: Stage;
  microphone: MicrophoneStatus;
  microphoneError: string | null;
  demo: boolean;
  /** The browser can record the microphone (false: found unable when it was granted; the ready card says so). */
  canRecord: boolean;
  startEnabled: boolean;
  partTitle: string | null;
  /** The Part 1/3 question being asked or answered, with its 1-based number and the part's count. */
  question: { text: string; number: number; of: number } | null;
  cueCard: CueCard | null;
  part2Phase: 'announcement' | 'preparation' | 'speaking' | 'completed' | null;
  countdownSeconds: number | null;
  /** Whether the student is expected to be speaking now. */
  answering: boolean;
  showTranscript: boolean;
  /** Finals joined by spaces, then the interim text; '' when hidden. */
  transcript: string;
  notes: string[];
  /** The recorder gives nothing (recorder-check.ts): what that means for the answers; else null. */
  recordingProblem: string | null;
  recognitionError: string | null;
  /** A recognition failure holding the question: its text, with Try again and Continue without transcript. */
  failure: RecognitionFailure | null;
  /** Answers are recorded but not transcribed. */
  transcriptionOff: boolean;
  /** 'Repeat the question' is offered (Parts 1 and 3, once per question). */
  canRepeat: boolean;
  /** The current question was repeated at the student's request. */
  repeated: boolean;
  /** "I've finished my answer" is offered: a Part 1/3 answer is being listened to. */
  canFinish: boolean;
  /** The Part 2 notes box: editable while preparing, read-only while speaking; null otherwise. */
  notesBox: { text: string; editable: boolean } | null;
  /** Part 2 answer: whole seconds of speech heard so far; null outside the speaking phase. */
  part2SpokenSeconds: number | null;
  toasts: Toast[];
  progress: ProgressView;
}

export function selectScreen(state: SpeakingTestState): ScreenView {
  const part = currentPartNumber(state);
  const answer = state.answer;
  const showTranscript = state.device !== 'android';
  const notes: string[] = [];
  const recordingProblem = part === null ? null : recordingProblemText(state);
  // The spec's Apple note says the audio is being recorded: not shown once the check found it is not.
  if (state.device === 'apple' && part !== null && recordingProblem === null) notes.push(APPLE_PLACEHOLDER_NOTE);
  if (answer?.transcriptionUnavailable) notes.push(ANDROID_FALLBACK_NOTE);
  if (answer?.fallbackSecondsLeft != null) notes.push(continueSpeakingNote(answer.fallbackSecondsLeft));
  if (state.completionNote) notes.push(state.completionNote);

  let question: ScreenView['question'] = null;
  if (part === 1 || part === 3) {
    const list = part === 1 ? state.questions.part1 : state.questions.part3;
    const inQuestion =
      state.phase === 'asking' || state.phase === 'afterQuestion' || state.phase === 'answering' || (state.phase === 'recognitionFailed' && state.failure?.during === 'question');
    if (inQuestion) question = { text: list[state.questionIndex] ?? '', number: state.questionIndex + 1, of: list.length };
  }
  const part2Phase =
    part !== 2
      ? null
      : state.phase === 'part2Announcement'
        ? 'announcement'
        : state.phase === 'part2Preparation'
          ? 'preparation'
          : state.phase === 'part2Speaking' || state.phase === 'recognitionFailed'
            ? 'speaking'
            : 'completed';
  const transcriptionOff = state.transcription === 'off';
  const transcript =
    showTranscript && !transcriptionOff && answer ? [...answer.finals.map((f) => f.text), answer.interim].filter((t) => t.trim() !== '').join(' ') : '';

  return {
    stage: state.stage,
    microphone: state.microphone.status,
    microphoneError: state.microphone.error,
    demo: state.microphone.demo,
    canRecord: state.canRecord,
    startEnabled: state.stage === 'ready',
    partTitle: part === null ? null : PART_TITLES[part],
    question,
    cueCard: part === 2 ? (state.questions.part2[0] ?? null) : null,
    part2Phase,
    countdownSeconds: part === 2 ? state.countdownSeconds : null,
    answering: state.phase === 'answering' || state.phase === 'part2Speaking',
    showTranscript: showTranscript && !transcriptionOff,
    transcript,
    notes,
    recordingProblem,
    recognitionError: state.recognitionError,
    failure: state.failure,
    transcriptionOff,
    canRepeat: (part === 1 || part === 3) && !state.repeatUsed && (state.phase === 'afterQuestion' || state.phase === 'answering'),
    repeated: (part === 1 || part === 3) && state.repeatUsed,
    canFinish: (part === 1 || part === 3) && state.phase === 'answering',
    notesBox:
      part2Phase === 'announcement' || part2Phase === 'preparation'
        ? { text: state.part2Notes, editable: true }
        : part2Phase === 'speaking'
          ? { text: state.part2Notes, editable: false }
          : null,
    part2SpokenSeconds:
      part2Phase === 'speaking' && answer ? Math.floor(voicedMsAt(answer, state.lastEventAt) / 1000) : null,
    toasts: state.toasts,
    progress: selectProgress(state),
  };
}
