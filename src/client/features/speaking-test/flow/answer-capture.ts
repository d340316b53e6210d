/*
 * The answer being captured in Parts 1, 2 and 3 (SPEC.md section 4): listening, what the recogniser
 * and the microphone's level heard, whether the answer is over, and its saved form. The end of a
 * Part 1/3 answer is here too ("Parts 1 and 3, per question"): after 3 s of silence following some
 * speech (checked every 0.5 s), 2 s after recognition ended on desktop-like devices, or at the
 * answer's time limit (beyond the spec), the answer completes exactly once; then the next question,
 * and after the last the part completes.
 */
import type { SpeakingTestAnswer } from '../../../../shared/speaking-test/answer.js';
import {
  ANSWER_TIME_LIMIT_MS,
  NO_SPEECH_TIMEOUT_MS,
  SILENCE_CHECK_INTERVAL_MS,
  SILENCE_TO_END_ANSWER_MS,
} from '../../../../shared/speaking-test/constants.js';
import { UTTERANCE_SEPARATOR } from '../../../../shared/text/words.js';
import { soundCounts } from '../../../speech/voice-activity.js';
import { askQuestion, partQuestions } from './examiner.js';
import { completeTest, startPart2 } from './stages.js';
import { noteHeard } from './unheard.js';
import type { AnswerDraft, PartNumber, SpeakingTestDraft, SpeakingTestState, TimerName } from './types.js';

/** The timers of an open Part 1/3 answer: all cancelled when it ends, is repeated or is held. */
const ANSWER_TIMERS: readonly TimerName[] = ['afterQuestion', 'silenceCheck', 'afterRecognitionEnd', 'answerLimit', 'androidFallbackTick'];

export function cancelAnswerTimers(draft: SpeakingTestDraft): void {
  for (const timer of ANSWER_TIMERS) draft.cancel(timer);
}

export function openAnswer(part: PartNumber, questionNumber: number, question: string, now: number): AnswerDraft {
  return {
    part,
    questionNumber,
    question,
    questionEndedAt: now,
    finals: [],
    interim: '',
    firstSpeechAt: null,
    lastSpeechAt: null,
    listening: false,
    recognitionEnds: 0,
    fallbackSecondsLeft: null,
    transcriptionUnavailable: false,
    listenStartedAt: null,
    voiceSince: null,
    voicedMs: 0,
    voiceCarried: false,
    repeated: false,
    held: [],
    heldSince: null,
  };
}

function heardSpeech(answer: AnswerDraft, at: number, patch: Partial<AnswerDraft>): AnswerDraft {
  return {
    ...answer,
    ...patch,
    firstSpeechAt: answer.firstSpeechAt === null ? at : Math.min(answer.firstSpeechAt, at),
    lastSpeechAt: answer.lastSpeechAt === null ? at : Math.max(answer.lastSpeechAt, at),
  };
}

/**
 * Opens listening for the current answer. With recognition, the recogniser listens; without it
 * (transcription 'off') the microphone's level alone ends the answer. Parts 1 and 3 also get the
 * silence check and the answer's time limit; Part 2 is ended by its own timer. Sound the microphone
 * already hears (voiceNow) counts as this answer's speech from now, provisionally (voiceCarried, see
 * onVoice). A sound start kept from before is dropped: when the long turn resumes after a
 * recognition failure, its end may have gone unheard on the failure screen.
 */
export function startAnswerListening(draft: SpeakingTestDraft, now: number, partTimers: boolean): void {
  const state = draft.state;
  if (!state.answer) return;
  state.completionNote = null;
  const live = state.transcription === 'live';
  if (!live) state.transcriptMissing = true;
  state.answer = {
    ...state.answer,
    listening: live,
    listenStartedAt: state.answer.listenStartedAt ?? now,
    voiceSince: state.voiceNow ? now : null,
    voiceCarried: state.voiceNow,
  };
  if (live) draft.emit({ type: 'startListening' });
  if (!partTimers) return;
  draft.schedule('silenceCheck', SILENCE_CHECK_INTERVAL_MS);
  draft.schedule('answerLimit', ANSWER_TIME_LIMIT_MS[state.answer.part === 3 ? 3 : 1]);
}

export function onInterim(draft: SpeakingTestDraft, text: string, now: number): void {
  const state = draft.state;
  if (!state.answer?.listening) return;
  state.answer = heardSpeech(state.answer, now, { interim: text });
}

export function onFinal(draft: SpeakingTestDraft, text: string, confidence: number | undefined, at: number): void {
  const state = draft.state;
  if (!state.answer?.listening) return;
  const finals = text.trim() === '' ? state.answer.finals : [...state.answer.finals, { text: text.trim(), confidence }];
  state.answer = heardSpeech(state.answer, at, { interim: '', finals });
}

export function onFirstSpeech(draft: SpeakingTestDraft, at: number): void {
  const state = draft.state;
  if (!state.answer?.listening) return;
  state.answer = { ...state.answer, firstSpeechAt: Math.min(state.answer.firstSpeechAt ?? at, at) };
}

/**
 * Since when the answer's current sound counts as speech by `at`: null when silent, or when the
 * sound was carried over listening's start and had not lasted CARRIED_VOICE_MIN_MS by `at`.
 */
function speechSince(answer: AnswerDraft, at: number): number | null {
  if (answer.voiceSince === null || !soundCounts(answer.voiceSince, answer.voiceCarried, at)) return null;
  return answer.voiceSince;
}

/**
 * Every VOICE event: the latest state is kept (startAnswerListening reads it). While an answer
 * listens, the microphone's level gives the speech time for the Part 2 display and, without
 * recognition, the answer's speech. Carried sound that stops before CARRIED_VOICE_MIN_MS (judged
 * by when the gate says it stopped) is forgotten: an echo tail, not the answer.
 */
export function onVoice(draft: SpeakingTestDraft, speaking: boolean, at: number): void {
  const state = draft.state;
  state.voiceNow = speaking;
  const answer = state.answer;
  if (!answer || (state.phase !== 'answering' && state.phase !== 'part2Speaking')) return;
  if (speaking) {
    if (answer.voiceSince !== null) return;
    state.answer = { ...answer, voiceSince: at };
    if (state.transcription === 'off') state.answer = { ...state.answer, firstSpeechAt: answer.firstSpeechAt ?? at };
    return;
  }
  endSound(draft, at);
}

/**
 * The open answer's sound ends at `at` (the microphone says so, or a recognition failure stops
 * listening and its screen ignores the level): its time is added to the speech heard.
 */
export function endSound(draft: SpeakingTestDraft, at: number): void {
  const state = draft.state;
  const answer = state.answer;
  if (!answer || answer.voiceSince === null) return;
  const since = speechSince(answer, at);
  state.answer = { ...answer, voiceSince: null, voiceCarried: false };
  if (since === null) return;
  state.answer = { ...state.answer, voicedMs: answer.voicedMs + Math.max(0, at - since) };
  if (state.transcription === 'off') state.answer = { ...state.answer, firstSpeechAt: answer.firstSpeechAt ?? since, lastSpeechAt: at };
}

/** Speech heard in the microphone's level in the open answer up to `now`. */
export function voicedMsAt(answer: AnswerDraft, now: number): number {
  const since = speechSince(answer, now);
  return answer.voicedMs + (since === null ? 0 : Math.max(0, now - since));
}

/**
 * Whether the open Part 1/3 answer is over at `now`: 3 s of silence after speech. With recognition
 * the speech is what the recogniser heard; without it, the microphone's level (sounding now means
 * not silent), and an answer in which nothing was heard ends NO_SPEECH_TIMEOUT_MS after listening began.
 */
export function answerIsOver(answer: AnswerDraft, transcription: 'live' | 'off', now: number): boolean {
  if (transcription === 'off') {
    if (answer.voiceSince !== null) return false;
    if (answer.lastSpeechAt === null) return answer.listenStartedAt !== null && now - answer.listenStartedAt >= NO_SPEECH_TIMEOUT_MS;
  }
  return answer.lastSpeechAt !== null && now - answer.lastSpeechAt >= SILENCE_TO_END_ANSWER_MS;
}

/**
 * The saved form of an answer. A trailing interim result (never finalised) counts as said. Without
 * recognition the timings come from the microphone's level (first sound to the end of the last).
 */
export function finishAnswer(answer: AnswerDraft, transcription: 'live' | 'off' = 'live', now = answer.questionEndedAt): SpeakingTestAnswer {
  const since = transcription === 'off' ? speechSince(answer, now) : null;
  if (since !== null) answer = { ...answer, firstSpeechAt: answer.firstSpeechAt ?? since, lastSpeechAt: now };
  const pieces = answer.finals.map((f) => f.text);
  if (answer.interim.trim() !== '') pieces.push(answer.interim.trim());
  const confidences = answer.finals.map((f) => f.confidence).filter((c): c is number => typeof c === 'number');
  const result: SpeakingTestAnswer = {
    part: answer.part,
    questionNumber: answer.questionNumber,
    question: answer.question,
    answer: pieces.join(UTTERANCE_SEPARATOR),
    responseTimeMs: answer.firstSpeechAt === null ? null : Math.max(0, answer.firstSpeechAt - answer.questionEndedAt),
    speakingTimeMs:
      answer.firstSpeechAt === null || answer.lastSpeechAt === null ? 0 : Math.max(0, answer.lastSpeechAt - answer.firstSpeechAt - heldMsBetween(answer, answer.firstSpeechAt, answer.lastSpeechAt)),
  };
  if (confidences.length > 0) result.confidence = confidences.reduce((a, b) => a + b, 0) / confidences.length;
  if (answer.repeated) result.repeated = true;
  return result;
}

/** The long turn's holds, the one still open running to `now`. */
function holdsOf(answer: AnswerDraft, now: number): { from: number; to: number }[] {
  return answer.heldSince === null ? answer.held : [...answer.held, { from: answer.heldSince, to: Math.max(answer.heldSince, now) }];
}

/** How long the answer was held between `from` and `to` (not the student's speaking time). */
function heldMsBetween(answer: AnswerDraft, from: number, to: number): number {
  return holdsOf(answer, to).reduce((sum, hold) => sum + Math.max(0, Math.min(hold.to, to) - Math.max(hold.from, from)), 0);
}

/**
 * The answer closed at `now`, in its saved form with its place on the recording (which starts with
 * Start Test and never pauses): from the end of its question to now. The analysis measures the
 * student's speech there; placed instead by its speaking and response times, each window began the
 * silence that ended the answer (3 s or more) after the question, and lost the answer's first words.
 * The stretches the long turn was held are saved too: the analysis counts none of them as the student's.
 */
export function closeAnswer(state: SpeakingTestState, answer: AnswerDraft, now: number): SpeakingTestAnswer {
  const saved = finishAnswer(answer, state.transcription, now);
  const startedAt = state.startedAt;
  if (startedAt === null) return saved;
  const onRecording = (at: number) => Math.max(0, at - startedAt);
  const held = holdsOf(answer, now).map((hold) => ({ startMs: onRecording(hold.from), endMs: onRecording(hold.to) }));
  return {
    ...saved,
    recordingStartMs: onRecording(answer.questionEndedAt),
    recordingEndMs: onRecording(now),
    ...(held.length > 0 ? { recordingHeldMs: held } : {}),
  };
}

/** TIMER silenceCheck, every 0.5 s while answering. */
export function onSilenceCheck(draft: SpeakingTestDraft, now: number): void {
  const state = draft.state;
  if (state.phase !== 'answering' || !state.answer) return;
  if (state.transcription === 'live' && !state.answer.listening) return;
  if (answerIsOver(state.answer, state.transcription, now)) completeAnswer(draft);
  else draft.schedule('silenceCheck', SILENCE_CHECK_INTERVAL_MS);
}

/** TIMER answerLimit (beyond the spec: ANSWER_TIME_LIMIT_MS). */
export function onAnswerLimit(draft: SpeakingTestDraft): void {
  if (draft.state.phase === 'answering') completeAnswer(draft);
}

/** TIMER afterRecognitionEnd. */
export function onAfterRecognitionEnd(draft: SpeakingTestDraft): void {
  const state = draft.state;
  // Desktop-like devices only, and only once recognition has ended in this answer.
  if (state.phase === 'answering' && state.device === 'desktop' && state.answer && !state.answer.listening && state.answer.recognitionEnds > 0) completeAnswer(draft);
}

/** Ends the open Part 1/3 answer exactly once, then asks the next question or ends the part. */
export function completeAnswer(draft: SpeakingTestDraft): void {
  const state = draft.state;
  const answer = state.answer;
  if (state.phase !== 'answering' || !answer) return;
  if (answer.listening) draft.emit({ type: 'stopListening' });
  cancelAnswerTimers(draft);
  const closed = closeAnswer(state, answer, state.lastEventAt);
  state.answers = [...state.answers, closed];
  // Heard: a word from the recogniser, or a voice in the microphone's level.
  noteHeard(draft, closed.answer.trim() !== '' || voicedMsAt(answer, state.lastEventAt) > 0);
  state.answer = null;
  const next = state.questionIndex + 1;
  if (next < partQuestions(draft).length) {
    askQuestion(draft, next);
    return;
  }
  if (state.stage === 'part1') {
    startPart2(draft);
    return;
  }
  completeTest(draft);
}
