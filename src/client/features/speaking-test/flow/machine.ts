/*
 * The speaking test as a pure state machine (SPEC.md section 4). `speakingTestReducer` takes an
 * event (each carries `now`) and returns the next state; `state.commands` holds the effects the
 * edge must run for that event, in order. Nothing here reads a clock or calls the browser.
 */
import type { SpeakingTestAnswer } from '../../../../shared/speaking-test/answer.js';
import {
  ANDROID_FALLBACK_COUNTDOWN_MS,
  ANDROID_MAX_RECOGNITION_RESTARTS,
  ANSWER_TIME_LIMIT_MS,
  APPLE_RECORDING_CHECK_DELAY_MS,
  CLOSING_TEXT,
  LISTEN_DELAY_AFTER_QUESTION_MS,
  MICROPHONE_AUTO_REQUEST_DELAY_MS,
  NO_SPEECH_TIMEOUT_MS,
  PART2_ANNOUNCEMENT_TEXT,
  PART2_ANSWER_HANDOFF_DELAY_MS,
  PART2_NOTES_MAX_LENGTH,
  PART2_PREPARATION_MS,
  PART2_SPEAKING_MS,
  PART3_INTRO_TEXT,
  PART3_INTRO_WAIT_MS,
  POST_TEST_SESSION_TIMEOUT_MS,
  RECOGNITION_END_DELAY_MS,
  SESSION_EXPIRED_REDIRECT_DELAY_MS,
  SILENCE_CHECK_INTERVAL_MS,
  SILENCE_TO_END_ANSWER_MS,
} from '../../../../shared/speaking-test/constants.js';
import { UTTERANCE_SEPARATOR } from '../../../../shared/text/words.js';
import type {
  AnswerDraft,
  Command,
  InitialStateOptions,
  PartNumber,
  RecognitionFailureCode,
  SpeakingTestEvent,
  SpeakingTestState,
  TimerName,
  Toast,
} from './types.js';

/** The countdowns tick once a second. */
export const COUNTDOWN_TICK_MS = 1_000;

export const ANDROID_FALLBACK_NOTE = 'Live transcription is unavailable on this device. Your audio is still being recorded.';
export const RESPONSE_COMPLETED_NOTE = 'Response completed. Moving to next question.';
export const APPLE_PLACEHOLDER_NOTE = 'Speech recognition is not available on this device. Your audio is being recorded and the test will continue.';
export function continueSpeakingNote(secondsLeft: number): string {
  return `Continue speaking... ${secondsLeft} ${secondsLeft === 1 ? 'second' : 'seconds'} remaining`;
}

export const SESSION_EXPIRED_TOAST = { title: 'Session Expired', description: 'Your session has expired. Please log in again.' } as const;
export const RECORDING_NOTICE_TOAST = {
  title: 'Recording Notice',
  description: 'No audio has been recorded yet. Please check that the microphone is allowed in Safari settings.',
} as const;
export const SAVE_TOASTS = {
  saved: { title: 'Test Completed', description: 'Your test results have been saved successfully.', variant: 'default' },
  noStudentInfo: { title: 'Save Warning', description: 'Test completed but results may not be saved. Please contact your teacher.', variant: 'destructive' },
  failed: { title: 'Save Error', description: 'Could not save test results. Please contact your teacher.', variant: 'destructive' },
} as const;
export const AUTH_ROUTE = '/auth';
/** The post-test session warns this long before it ends, with a countdown and Stay (issue 16). */
export const SESSION_WARNING_MS = 60_000;
/** "0:45": the minutes and seconds left, for the countdown. */
export function formatSecondsLeft(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
export const RECORDING_ERROR_TEXT = {
  apple: 'Audio recording setup failed. Please ensure microphone permissions are granted in Safari settings.',
  other: 'Audio recording may not be available in this browser.',
} as const;

const ANSWER_TIMERS: readonly TimerName[] = ['afterQuestion', 'silenceCheck', 'afterRecognitionEnd', 'answerLimit', 'androidFallbackTick'];

/** Recognition errors that hold the question until the student chooses; the others end the session as before. */
export const RECOGNITION_FAILURE_CODES: readonly RecognitionFailureCode[] = ['network', 'not-allowed', 'service-not-allowed', 'audio-capture', 'start-failed'];

function isFailureCode(code: string): code is RecognitionFailureCode {
  return (RECOGNITION_FAILURE_CODES as readonly string[]).includes(code);
}

export function initialState(options: InitialStateOptions): SpeakingTestState {
  return {
    device: options.device,
    questions: options.questions,
    stage: 'setup',
    microphone: { status: 'idle', demo: false, error: null },
    startedAt: null,
    phase: 'idle',
    questionIndex: 0,
    speechId: null,
    speechCount: 0,
    countdownSeconds: null,
    answer: null,
    answers: [],
    completionNote: null,
    recognitionError: null,
    transcription: options.device === 'apple' || options.recognition === false ? 'off' : 'live',
    transcriptMissing: false,
    failure: null,
    repeatUsed: false,
    part2Notes: '',
    lastEventAt: options.now,
    toasts: [],
    toastCount: 0,
    saveStatus: 'idle',
    sessionExpired: false,
    sessionEndsAt: null,
    sessionSecondsLeft: null,
    commands: [{ type: 'schedule', timer: 'micAutoRequest', delayMs: MICROPHONE_AUTO_REQUEST_DELAY_MS }],
    commandBatch: 0,
  };
}

/** A mutable working copy for one event: the reducer stays pure from the outside. */
interface Draft {
  s: SpeakingTestState;
  out: Command[];
}

export function speakingTestReducer(state: SpeakingTestState, event: SpeakingTestEvent): SpeakingTestState {
  const d: Draft = { s: { ...state, commands: [], lastEventAt: event.now }, out: [] };
  handle(d, event);
  return { ...d.s, commands: d.out, commandBatch: state.commandBatch + 1 };
}

function handle(d: Draft, e: SpeakingTestEvent): void {
  const s = d.s;
  switch (e.type) {
    case 'REQUEST_MICROPHONE':
      if (s.stage === 'setup' && (s.microphone.status === 'idle' || s.microphone.status === 'denied')) requestMicrophone(d);
      return;
    case 'MIC_GRANTED':
      if (s.stage === 'setup' && s.microphone.status === 'requesting') {
        s.microphone = { status: 'granted', demo: false, error: null };
        s.stage = 'ready';
      }
      return;
    case 'MIC_DENIED':
      if (s.stage === 'setup' && s.microphone.status === 'requesting') {
        s.microphone = { status: 'denied', demo: false, error: e.message };
      }
      return;
    case 'DEMO_MODE':
      if (s.stage === 'setup' && s.microphone.status === 'denied') {
        s.microphone = { status: 'granted', demo: true, error: null };
        s.stage = 'ready';
        d.out.push({ type: 'createDemoStream' });
      }
      return;
    case 'START_TEST':
      if (s.stage !== 'ready') return;
      s.stage = 'part1';
      s.startedAt = e.now;
      d.out.push({ type: 'startRecording' });
      d.out.push({ type: 'startVoiceMeter' });
      if (s.device === 'apple') d.out.push(schedule('appleRecordingCheck', APPLE_RECORDING_CHECK_DELAY_MS));
      askQuestion(d, 0);
      return;
    case 'SPEECH_DONE':
      onSpeechDone(d, e.id, e.outcome, e.now);
      return;
    case 'TIMER':
      onTimer(d, e.timer, e.now);
      return;
    case 'INTERIM':
      if (!s.answer?.listening) return;
      s.answer = heardSpeech(s.answer, e.now, { interim: e.text });
      return;
    case 'FINAL': {
      if (!s.answer?.listening) return;
      const at = e.at ?? e.now;
      const finals = e.text.trim() === '' ? s.answer.finals : [...s.answer.finals, { text: e.text.trim(), confidence: e.confidence }];
      s.answer = heardSpeech(s.answer, at, { interim: '', finals });
      return;
    }
    case 'FIRST_SPEECH':
      if (!s.answer?.listening) return;
      s.answer = { ...s.answer, firstSpeechAt: Math.min(s.answer.firstSpeechAt ?? e.at, e.at) };
      return;
    case 'RECOGNITION_ENDED':
      onRecognitionEnded(d);
      return;
    case 'RECOGNITION_ERROR':
      onRecognitionError(d, e.code, e.message);
      return;
    case 'VOICE':
      onVoice(d, e.speaking, e.at);
      return;
    case 'RETRY_RECOGNITION':
      resumeAfterFailure(d, 'live');
      return;
    case 'CONTINUE_WITHOUT_TRANSCRIPT':
      resumeAfterFailure(d, 'off');
      return;
    case 'REPEAT_QUESTION':
      repeatQuestion(d);
      return;
    case 'PART2_NOTES':
      if (s.phase === 'part2Announcement' || s.phase === 'part2Preparation' || s.phase === 'part2Speaking') {
        s.part2Notes = e.text.slice(0, PART2_NOTES_MAX_LENGTH);
      }
      return;
    case 'RECORDING_ERROR':
      addToast(d, { title: 'Recording Error', description: RECORDING_ERROR_TEXT[s.device === 'apple' ? 'apple' : 'other'], variant: 'destructive' });
      return;
    case 'MICROPHONE_ERROR':
      addToast(d, { title: 'Microphone Error', description: e.message, variant: 'destructive' });
      return;
    case 'RECORDING_CHECKED':
      if (!e.hasChunks) addToast(d, { ...RECORDING_NOTICE_TOAST, variant: 'default' });
      return;
    case 'SAVE_RESULT':
      if (s.saveStatus !== 'saving') return;
      s.saveStatus = e.outcome;
      addToast(d, SAVE_TOASTS[e.outcome]);
      return;
    case 'TOAST_SHOWN':
      s.toasts = s.toasts.filter((t) => t.id !== e.id);
      return;
    case 'STAY_IN_SESSION':
      if (s.stage !== 'complete' || s.sessionExpired) return;
      d.out.push({ type: 'cancelTimer', timer: 'sessionWarningTick' });
      startPostTestSession(d, e.now);
      return;
  }
}

/** The complete stage's 5 minutes (spec section 4), from now: a warning in the last minute, then the end. */
function startPostTestSession(d: Draft, now: number): void {
  d.s.sessionEndsAt = now + POST_TEST_SESSION_TIMEOUT_MS;
  d.s.sessionSecondsLeft = null;
  d.out.push(schedule('sessionWarning', POST_TEST_SESSION_TIMEOUT_MS - SESSION_WARNING_MS));
  d.out.push(schedule('sessionExpiry', POST_TEST_SESSION_TIMEOUT_MS));
}

/** The whole seconds left of the post-test session at `now`. */
function sessionSecondsAt(s: SpeakingTestState, now: number): number {
  return Math.max(0, Math.ceil(((s.sessionEndsAt ?? now) - now) / 1_000));
}

function schedule(timer: TimerName, delayMs: number): Command {
  return { type: 'schedule', timer, delayMs };
}

function requestMicrophone(d: Draft): void {
  d.s.microphone = { ...d.s.microphone, status: 'requesting', error: null };
  d.out.push({ type: 'requestMicrophone' });
}

function addToast(d: Draft, toast: Omit<Toast, 'id'>): void {
  const id = d.s.toastCount + 1;
  d.s.toastCount = id;
  d.s.toasts = [...d.s.toasts, { id, ...toast }];
}

function speak(d: Draft, text: string): void {
  const id = `speech-${d.s.speechCount + 1}`;
  d.s.speechCount += 1;
  d.s.speechId = id;
  d.out.push({ type: 'speak', id, text });
}

function currentPart(d: Draft): PartNumber {
  return d.s.stage === 'part3' ? 3 : d.s.stage === 'part2' ? 2 : 1;
}

function partQuestions(d: Draft): readonly string[] {
  return currentPart(d) === 3 ? d.s.questions.part3 : d.s.questions.part1;
}

/** Asks question `index` of the current part; a new question may be repeated once again. */
function askQuestion(d: Draft, index: number, again = false): void {
  if (!again) d.s.repeatUsed = false;
  d.s.questionIndex = index;
  d.s.phase = 'asking';
  d.s.answer = null;
  speak(d, partQuestions(d)[index] ?? '');
}

function openAnswer(part: PartNumber, questionNumber: number, question: string, now: number): AnswerDraft {
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
    repeated: false,
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

function onSpeechDone(d: Draft, id: string, outcome: string, now: number): void {
  const s = d.s;
  // 'cancelled' means the edge stopped the voice (leaving the page): the flow does not go on.
  if (id !== s.speechId || outcome === 'cancelled') return;
  s.speechId = null;
  switch (s.phase) {
    case 'asking': {
      const index = s.questionIndex;
      s.answer = { ...openAnswer(currentPart(d), index + 1, partQuestions(d)[index] ?? '', now), repeated: s.repeatUsed };
      s.phase = 'afterQuestion';
      d.out.push(schedule('afterQuestion', LISTEN_DELAY_AFTER_QUESTION_MS));
      return;
    }
    case 'part2Announcement':
      s.phase = 'part2Preparation';
      s.countdownSeconds = PART2_PREPARATION_MS / COUNTDOWN_TICK_MS;
      d.out.push(schedule('prepTick', COUNTDOWN_TICK_MS));
      return;
    case 'part3Intro':
      s.phase = 'part3IntroWait';
      d.out.push(schedule('part3Intro', PART3_INTRO_WAIT_MS));
      return;
    default:
      return;
  }
}

/**
 * Opens listening for the current answer. With recognition, the recogniser listens; without it
 * (transcription 'off') the microphone's level alone ends the answer. Parts 1 and 3 also get the
 * silence check and the answer's time limit; Part 2 is ended by its own timer.
 */
function startAnswerListening(d: Draft, now: number, partTimers: boolean): void {
  const s = d.s;
  if (!s.answer) return;
  s.completionNote = null;
  const live = s.transcription === 'live';
  if (!live) s.transcriptMissing = true;
  s.answer = { ...s.answer, listening: live, listenStartedAt: s.answer.listenStartedAt ?? now };
  if (live) d.out.push({ type: 'startListening' });
  if (!partTimers) return;
  d.out.push(schedule('silenceCheck', SILENCE_CHECK_INTERVAL_MS));
  d.out.push(schedule('answerLimit', ANSWER_TIME_LIMIT_MS[s.answer.part === 3 ? 3 : 1]));
}

function onTimer(d: Draft, timer: TimerName, now: number): void {
  const s = d.s;
  switch (timer) {
    case 'micAutoRequest':
      if (s.stage === 'setup' && s.microphone.status === 'idle') requestMicrophone(d);
      return;
    case 'afterQuestion':
      if (s.phase !== 'afterQuestion') return;
      s.phase = 'answering';
      startAnswerListening(d, now, true);
      return;
    case 'silenceCheck': {
      if (s.phase !== 'answering' || !s.answer) return;
      if (s.transcription === 'live' && !s.answer.listening) return;
      if (answerIsOver(s.answer, s.transcription, now)) completeAnswer(d);
      else d.out.push(schedule('silenceCheck', SILENCE_CHECK_INTERVAL_MS));
      return;
    }
    case 'answerLimit':
      if (s.phase === 'answering') completeAnswer(d);
      return;
    case 'afterRecognitionEnd':
      // Desktop-like devices only, and only once recognition has ended in this answer.
      if (s.phase === 'answering' && s.device === 'desktop' && s.answer && !s.answer.listening && s.answer.recognitionEnds > 0) completeAnswer(d);
      return;
    case 'androidFallbackTick': {
      if (s.phase !== 'answering' || s.answer?.fallbackSecondsLeft == null) return;
      const left = s.answer.fallbackSecondsLeft - 1;
      if (left <= 0) {
        completeAnswer(d);
        s.completionNote = RESPONSE_COMPLETED_NOTE;
      } else {
        s.answer = { ...s.answer, fallbackSecondsLeft: left };
        d.out.push(schedule('androidFallbackTick', COUNTDOWN_TICK_MS));
      }
      return;
    }
    case 'prepTick': {
      if (s.phase !== 'part2Preparation' || s.countdownSeconds === null) return;
      const left = s.countdownSeconds - 1;
      if (left > 0) {
        s.countdownSeconds = left;
        d.out.push(schedule('prepTick', COUNTDOWN_TICK_MS));
        return;
      }
      s.phase = 'part2Speaking';
      s.countdownSeconds = PART2_SPEAKING_MS / COUNTDOWN_TICK_MS;
      const card = s.questions.part2[0];
      s.answer = openAnswer(2, 1, card?.topic ?? '', now);
      startAnswerListening(d, now, false);
      d.out.push(schedule('speakTick', COUNTDOWN_TICK_MS));
      return;
    }
    case 'speakTick': {
      if (s.phase !== 'part2Speaking' || s.countdownSeconds === null) return;
      const left = s.countdownSeconds - 1;
      if (left > 0) {
        s.countdownSeconds = left;
        d.out.push(schedule('speakTick', COUNTDOWN_TICK_MS));
        return;
      }
      s.countdownSeconds = 0;
      s.phase = 'part2HandOff';
      if (s.answer?.listening) {
        s.answer = { ...s.answer, listening: false };
        d.out.push({ type: 'stopListening' });
      }
      d.out.push(schedule('handOff', PART2_ANSWER_HANDOFF_DELAY_MS));
      return;
    }
    case 'handOff':
      if (s.phase !== 'part2HandOff' || !s.answer) return;
      s.answers = [...s.answers, finishAnswer(s.answer, s.transcription, now)];
      s.answer = null;
      s.countdownSeconds = null;
      s.stage = 'part3';
      s.questionIndex = 0;
      s.phase = 'part3Intro';
      speak(d, PART3_INTRO_TEXT);
      return;
    case 'part3Intro':
      if (s.phase === 'part3IntroWait') askQuestion(d, 0);
      return;
    case 'appleRecordingCheck':
      if (s.device === 'apple' && s.stage !== 'setup' && s.stage !== 'ready') d.out.push({ type: 'checkRecording' });
      return;
    case 'sessionWarning':
    case 'sessionWarningTick': {
      if (s.stage !== 'complete' || s.sessionExpired) return;
      const left = sessionSecondsAt(s, now);
      s.sessionSecondsLeft = left;
      if (left > 1) d.out.push(schedule('sessionWarningTick', COUNTDOWN_TICK_MS));
      return;
    }
    case 'sessionExpiry':
      if (s.stage !== 'complete' || s.sessionExpired) return;
      s.sessionExpired = true;
      s.sessionEndsAt = null;
      s.sessionSecondsLeft = null;
      d.out.push({ type: 'cancelTimer', timer: 'sessionWarningTick' });
      d.out.push({ type: 'clearStudentInfo' });
      d.out.push({ type: 'signOut' });
      addToast(d, { ...SESSION_EXPIRED_TOAST, variant: 'destructive' });
      d.out.push(schedule('sessionRedirect', SESSION_EXPIRED_REDIRECT_DELAY_MS));
      return;
    case 'sessionRedirect':
      if (s.sessionExpired) d.out.push({ type: 'navigate', to: AUTH_ROUTE });
      return;
  }
}

function onRecognitionEnded(d: Draft): void {
  const s = d.s;
  const answer = s.answer;
  if (!answer?.listening) return;
  if (s.phase !== 'answering' && s.phase !== 'part2Speaking') return;
  const ends = answer.recognitionEnds + 1;
  if (s.device === 'android') {
    if (ends <= ANDROID_MAX_RECOGNITION_RESTARTS) {
      s.answer = { ...answer, recognitionEnds: ends };
      d.out.push({ type: 'startListening' });
      return;
    }
    // Restart cap reached: recognition is given up for this answer.
    s.answer = { ...answer, recognitionEnds: ends, listening: false, transcriptionUnavailable: true };
    if (s.phase === 'answering') {
      s.answer = { ...s.answer, fallbackSecondsLeft: ANDROID_FALLBACK_COUNTDOWN_MS / COUNTDOWN_TICK_MS };
      d.out.push({ type: 'cancelTimer', timer: 'silenceCheck' });
      d.out.push(schedule('androidFallbackTick', COUNTDOWN_TICK_MS));
    }
    return;
  }
  if (s.phase === 'part2Speaking') {
    // The long turn is ended by its timer alone: keep listening.
    s.answer = { ...answer, recognitionEnds: ends };
    d.out.push({ type: 'startListening' });
    return;
  }
  s.answer = { ...answer, recognitionEnds: ends, listening: false };
  d.out.push({ type: 'cancelTimer', timer: 'silenceCheck' });
  d.out.push(schedule('afterRecognitionEnd', RECOGNITION_END_DELAY_MS));
}

/** Ends the open Part 1/3 answer exactly once, then asks the next question or ends the part. */
function completeAnswer(d: Draft): void {
  const s = d.s;
  const answer = s.answer;
  if (s.phase !== 'answering' || !answer) return;
  if (answer.listening) d.out.push({ type: 'stopListening' });
  for (const timer of ANSWER_TIMERS) d.out.push({ type: 'cancelTimer', timer });
  s.answers = [...s.answers, finishAnswer(answer, s.transcription, s.lastEventAt)];
  s.answer = null;
  const next = s.questionIndex + 1;
  if (next < partQuestions(d).length) {
    askQuestion(d, next);
    return;
  }
  if (s.stage === 'part1') {
    s.stage = 'part2';
    s.phase = 'part2Announcement';
    speak(d, PART2_ANNOUNCEMENT_TEXT);
    return;
  }
  completeTest(d);
}

function completeTest(d: Draft): void {
  const s = d.s;
  s.stage = 'complete';
  s.phase = 'finished';
  s.saveStatus = 'saving';
  speak(d, CLOSING_TEXT);
  d.out.push({ type: 'stopRecording' });
  d.out.push({ type: 'stopVoiceMeter' });
  d.out.push({ type: 'scoreAndSave', answers: s.answers, noTranscript: s.transcriptMissing, part2Notes: s.part2Notes });
  startPostTestSession(d, s.lastEventAt);
}

/**
 * The saved form of an answer. A trailing interim result (never finalised) counts as said. Without
 * recognition the timings come from the microphone's level (first sound to the end of the last).
 */
export function finishAnswer(answer: AnswerDraft, transcription: 'live' | 'off' = 'live', now = answer.questionEndedAt): SpeakingTestAnswer {
  if (transcription === 'off' && answer.voiceSince !== null) answer = { ...answer, lastSpeechAt: now };
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
      answer.firstSpeechAt === null || answer.lastSpeechAt === null ? 0 : Math.max(0, answer.lastSpeechAt - answer.firstSpeechAt),
  };
  if (confidences.length > 0) result.confidence = confidences.reduce((a, b) => a + b, 0) / confidences.length;
  if (answer.repeated) result.repeated = true;
  return result;
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

/** The microphone's level: speech time for the Part 2 display, and, without recognition, the answer's speech. */
function onVoice(d: Draft, speaking: boolean, at: number): void {
  const s = d.s;
  const answer = s.answer;
  if (!answer || (s.phase !== 'answering' && s.phase !== 'part2Speaking')) return;
  if (speaking) {
    if (answer.voiceSince !== null) return;
    s.answer = { ...answer, voiceSince: at };
    if (s.transcription === 'off') s.answer = { ...s.answer, firstSpeechAt: answer.firstSpeechAt ?? at };
    return;
  }
  if (answer.voiceSince === null) return;
  s.answer = { ...answer, voiceSince: null, voicedMs: answer.voicedMs + Math.max(0, at - answer.voiceSince) };
  if (s.transcription === 'off') s.answer = { ...s.answer, lastSpeechAt: at };
}

/** Speech heard in the microphone's level in the open answer up to `now`. */
export function voicedMsAt(answer: AnswerDraft, now: number): number {
  return answer.voicedMs + (answer.voiceSince === null ? 0 : Math.max(0, now - answer.voiceSince));
}

function onRecognitionError(d: Draft, code: string, message: string): void {
  const s = d.s;
  if (code === 'not-supported') {
    // No recognition after all: this answer and the rest end on acoustic silence.
    s.transcription = 'off';
    if (s.answer) {
      s.transcriptMissing = true;
      s.answer = { ...s.answer, listening: false };
    }
    return;
  }
  const inQuestion = s.phase === 'answering' || s.phase === 'afterQuestion';
  if (s.transcription !== 'live' || !isFailureCode(code) || !(inQuestion || s.phase === 'part2Speaking')) {
    s.recognitionError = message;
    return;
  }
  // The question's clocks stop; the recording goes on. Nothing moves until the student chooses.
  const during = s.phase === 'part2Speaking' ? 'part2' : 'question';
  for (const timer of ANSWER_TIMERS) d.out.push({ type: 'cancelTimer', timer });
  if (during === 'part2') d.out.push({ type: 'cancelTimer', timer: 'speakTick' });
  if (s.answer?.listening) {
    s.answer = { ...s.answer, listening: false };
    d.out.push({ type: 'stopListening' });
  }
  s.recognitionError = null;
  s.failure = { code, message, during };
  s.phase = 'recognitionFailed';
}

/** Try again ('live') or Continue without transcript ('off') after a recognition failure. */
function resumeAfterFailure(d: Draft, transcription: 'live' | 'off'): void {
  const s = d.s;
  const failure = s.failure;
  if (s.phase !== 'recognitionFailed' || !failure) return;
  s.failure = null;
  s.transcription = transcription;
  if (failure.during === 'part2') {
    // The long turn goes on from where its clock stopped, with what was said so far.
    s.phase = 'part2Speaking';
    startAnswerListening(d, s.lastEventAt, false);
    d.out.push(schedule('speakTick', COUNTDOWN_TICK_MS));
    return;
  }
  // The question is asked again: the student was interrupted, and it is saved once.
  askQuestion(d, s.questionIndex, true);
}

/** Parts 1 and 3: the examiner says the question again, once per question, and the answer starts afresh. */
function repeatQuestion(d: Draft): void {
  const s = d.s;
  if ((s.stage !== 'part1' && s.stage !== 'part3') || s.repeatUsed) return;
  if (s.phase !== 'afterQuestion' && s.phase !== 'answering') return;
  if (s.answer?.listening) d.out.push({ type: 'stopListening' });
  for (const timer of ANSWER_TIMERS) d.out.push({ type: 'cancelTimer', timer });
  s.repeatUsed = true;
  askQuestion(d, s.questionIndex, true);
}
