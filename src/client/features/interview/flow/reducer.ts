import type { InterviewSessionQuestion, InterviewTranscriptEntry } from '../../../../shared/api/interview';
import {
  INTERVIEW_ANSWER_MAX_LENGTH,
  INTERVIEW_ANSWER_SILENCE_MS,
  INTERVIEW_AUTO_ADVANCE_MS,
  INTERVIEW_CANDIDATE_SPEAKER,
  INTERVIEW_FIRST_QUESTION_DELAY_MS,
  INTERVIEW_MAX_ELAPSED_MS,
  INTERVIEW_NEXT_QUESTION_DELAY_MS,
  INTERVIEW_RECOGNITION_RESTART_MS,
  INTERVIEW_RECORDING_START_DELAY_MS,
  INTERVIEW_TIME_LIMIT_MS,
  INTERVIEW_TRANSCRIPT_MAX_ENTRIES,
  INTERVIEW_TRANSCRIPT_TEXT_MAX_LENGTH,
  NO_RESPONSE_TEXT,
  NOT_TRANSCRIBED_TEXT,
} from '../../../../shared/interview/constants';
import type { InterviewQuestion } from '../../../../shared/interview/questions';
import { scoreInterview } from '../../../../shared/interview/scoring';
import type { InterviewCommand, InterviewEvent, InterviewState, InterviewTimer } from './types';

/*
 * The mock interview as a pure reducer (SPEC.md section 4 'Interview simulator'). Every event
 * carries the clock (`now`); the reducer queues commands for the edge and never calls the browser.
 */

export const MICROPHONE_DENIED_TOAST = { title: 'Microphone Access Required', message: 'Please allow microphone access to start the interview.' } as const;
export const NETWORK_ERROR_TOAST = { title: 'Network Error', message: 'Speech recognition failed due to network issues. Please check your connection.' } as const;
export const SAVE_SUCCESS_TOAST = { title: 'Interview completed and saved successfully!', message: '' } as const;
export const SAVE_FAILURE_TITLE = 'Error saving interview';
/** Between countdown ticks of the interview timer and of the auto-advance indicator. */
export const INTERVIEW_TICK_MS = 1_000;

/** The spoken welcome greeting (ours: the spec says only "a welcome greeting"). */
export function welcomeGreeting(studentName: string, questionCount: number): string {
  const name = studentName.trim();
  const plural = questionCount === 1 ? 'question' : 'questions';
  return (
    `Hello${name ? ` ${name}` : ''}, welcome to your mock interview. ` +
    `I will ask you ${questionCount} ${plural} based on your profile. ` +
    'Please answer each one clearly and in your own words. Let us begin.'
  );
}

export interface InitialInterviewOptions {
  questions: readonly InterviewQuestion[];
  studentName: string;
  now: number;
  /** Whether the browser has speech recognition (default true). */
  recognition?: boolean;
}

export function initialInterviewState({ questions, studentName, now, recognition = true }: InitialInterviewOptions): InterviewState {
  return {
    view: 'permission',
    phase: 'permission',
    questions,
    studentName,
    index: 0,
    now,
    startedAt: null,
    speechId: null,
    speechSeq: 0,
    listening: false,
    recording: 'off',
    recordingStarted: false,
    audioAvailable: false,
    finals: [],
    interim: '',
    autoAdvanceDeadline: null,
    answers: [],
    transcript: [],
    durationMs: null,
    completedAt: null,
    saveStatus: 'idle',
    transcription: recognition ? 'live' : 'off',
    voiceSince: null,
    heardVoice: false,
    commands: [],
  };
}

/** Whether the interview is running (greeting to last answer). */
export function isInterviewRunning(state: InterviewState): boolean {
  return state.phase === 'greeting' || state.phase === 'waitingQuestion' || state.phase === 'speakingQuestion' || state.phase === 'answering';
}

function elapsed(state: InterviewState, now: number): number {
  const start = state.startedAt ?? now;
  return Math.min(INTERVIEW_MAX_ELAPSED_MS, Math.max(0, Math.round(now - start)));
}

function emit(state: InterviewState, ...commands: InterviewCommand[]): InterviewState {
  return { ...state, commands: [...state.commands, ...commands] };
}

const schedule = (timer: InterviewTimer, delayMs: number): InterviewCommand => ({ type: 'schedule', timer, delayMs });
const cancel = (timer: InterviewTimer): InterviewCommand => ({ type: 'cancelTimer', timer });

function speak(state: InterviewState, text: string, kind: string): InterviewState {
  const id = `${kind}-${state.speechSeq + 1}`;
  return emit({ ...state, speechId: id, speechSeq: state.speechSeq + 1 }, { type: 'speak', text, id });
}

/** Turns answer capture off for the current question: no listening, no pending restart or recording start, recording paused. */
function stopCapture(state: InterviewState): InterviewState {
  const commands: InterviewCommand[] = [cancel('recognitionRestart'), cancel('recordingStart'), cancel('autoAdvance'), cancel('autoAdvanceTick'), cancel('answerSilence')];
  if (state.listening && state.transcription === 'live') commands.push({ type: 'stopListening' });
  let recording = state.recording;
  if (recording === 'recording') {
    commands.push({ type: 'pauseRecording' });
    recording = 'paused';
  }
  return emit({ ...state, listening: false, recording, autoAdvanceDeadline: null, interim: '' }, ...commands);
}

/** Records the current question's answer from its finals. */
function saveCurrentAnswer(state: InterviewState, now: number): InterviewState {
  const question = state.questions[state.index];
  if (!question || state.answers.some((answer) => answer.questionId === question.id)) return state;
  const texts = state.finals.map((final) => final.text);
  const joined = texts.join('\n').slice(0, INTERVIEW_ANSWER_MAX_LENGTH);
  const confidences = state.finals.map((final) => final.confidence).filter((value): value is number => value !== null);
  const confidence = confidences.length === 0 ? null : confidences.reduce((sum, value) => sum + value, 0) / confidences.length;
  const empty = state.transcription === 'off' && state.heardVoice ? NOT_TRANSCRIBED_TEXT : NO_RESPONSE_TEXT;
  const answer: InterviewSessionQuestion = {
    questionId: question.id,
    question: question.question,
    category: question.category,
    answer: joined.trim() === '' ? empty : joined,
    timestamp: elapsed(state, now),
    confidence,
  };
  return { ...state, answers: [...state.answers, answer], finals: [], heardVoice: false };
}

function complete(state: InterviewState, now: number): InterviewState {
  const asked = state.phase === 'speakingQuestion' || state.phase === 'answering';
  let next = stopCapture(state);
  if (asked) next = saveCurrentAnswer(next, now);
  const commands: InterviewCommand[] = [cancel('firstQuestion'), cancel('nextQuestion'), cancel('tick'), cancel('timeLimit')];
  if (next.speechId !== null) commands.push({ type: 'cancelSpeech' });
  if (next.recordingStarted) commands.push({ type: 'stopRecording' });
  commands.push({ type: 'stopVoiceMeter' }, cancel('answerSilence'));
  const durationMs = elapsed(next, now);
  const completedAt = new Date(now).toISOString();
  next = emit(
    { ...next, view: 'completed', phase: 'completed', speechId: null, finals: [], recording: next.recordingStarted ? 'stopped' : 'off', durationMs, completedAt },
    ...commands,
  );
  if (next.answers.length === 0) {
    return emit({ ...next, saveStatus: 'failed' }, { type: 'log', message: 'Interview ended before any question was asked; nothing to save.' });
  }
  const scores = scoreInterview(
    next.answers.map((answer) => ({ question: answer.question, answer: answer.answer, category: answer.category, confidence: answer.confidence ?? null })),
  ).scores;
  return emit(
    { ...next, saveStatus: 'saving' },
    {
      type: 'save',
      sessionData: {
        questions: [...next.answers],
        transcript: [...next.transcript],
        scores,
        duration: durationMs,
        completedAt,
        ...(next.transcription === 'off' ? { noTranscript: true } : {}),
      },
    },
  );
}

/** Saves the current answer and moves on: the next question after 1.5 s, or completion after the last. */
function advance(state: InterviewState, now: number): InterviewState {
  if (state.index >= state.questions.length - 1) return complete(state, now);
  const next = saveCurrentAnswer(stopCapture(state), now);
  return emit({ ...next, index: next.index + 1, phase: 'waitingQuestion', finals: [] }, schedule('nextQuestion', INTERVIEW_NEXT_QUESTION_DELAY_MS));
}

function askCurrentQuestion(state: InterviewState): InterviewState {
  const question = state.questions[state.index];
  if (!question) return state;
  return speak({ ...state, phase: 'speakingQuestion' }, question.question, `question-${question.id}`);
}

/** Starts recognition now and the recording 0.5 s later. */
function startCapture(state: InterviewState): InterviewState {
  const listen: InterviewCommand[] = state.transcription === 'live' ? [{ type: 'startListening' }] : [];
  return emit({ ...state, listening: true, voiceSince: null }, ...listen, schedule('recordingStart', INTERVIEW_RECORDING_START_DELAY_MS));
}

/** A final result (recognised, or without recognition the end of speech): the 8 s auto-advance starts again. */
function restartAutoAdvance(state: InterviewState, now: number): InterviewState {
  return emit(
    { ...state, autoAdvanceDeadline: now + INTERVIEW_AUTO_ADVANCE_MS },
    schedule('autoAdvance', INTERVIEW_AUTO_ADVANCE_MS),
    schedule('autoAdvanceTick', INTERVIEW_TICK_MS),
  );
}

/** Without recognition: speech stops the countdown; INTERVIEW_ANSWER_SILENCE_MS of silence after it acts as a final result. */
function onVoice(state: InterviewState, speaking: boolean, at: number): InterviewState {
  if (state.transcription !== 'off' || state.phase !== 'answering' || !state.listening) return state;
  if (speaking) {
    if (state.voiceSince !== null) return state;
    return emit({ ...state, voiceSince: at, heardVoice: true, autoAdvanceDeadline: null }, cancel('answerSilence'), cancel('autoAdvance'), cancel('autoAdvanceTick'));
  }
  if (state.voiceSince === null) return state;
  return emit({ ...state, voiceSince: null }, schedule('answerSilence', Math.max(0, INTERVIEW_ANSWER_SILENCE_MS - (state.now - at))));
}

function onTimer(state: InterviewState, timer: InterviewTimer, now: number): InterviewState {
  switch (timer) {
    case 'firstQuestion':
    case 'nextQuestion':
      return state.phase === 'waitingQuestion' ? askCurrentQuestion(state) : state;
    case 'recordingStart': {
      if (state.phase !== 'answering' || !state.listening || state.recording === 'recording') return state;
      const command: InterviewCommand = state.recordingStarted ? { type: 'resumeRecording' } : { type: 'startRecording' };
      return emit({ ...state, recording: 'recording', recordingStarted: true }, command);
    }
    case 'recognitionRestart':
      return state.phase === 'answering' && state.listening && state.transcription === 'live' ? emit(state, { type: 'startListening' }) : state;
    case 'autoAdvance':
      return state.phase === 'answering' && state.autoAdvanceDeadline !== null ? advance(state, now) : state;
    case 'autoAdvanceTick':
      if (state.phase !== 'answering' || state.autoAdvanceDeadline === null) return state;
      return state.autoAdvanceDeadline - now > INTERVIEW_TICK_MS ? emit(state, schedule('autoAdvanceTick', INTERVIEW_TICK_MS)) : state;
    case 'tick':
      return isInterviewRunning(state) ? emit(state, schedule('tick', INTERVIEW_TICK_MS)) : state;
    case 'timeLimit':
      return isInterviewRunning(state) ? complete(state, now) : state;
    case 'answerSilence':
      return state.phase === 'answering' && state.listening && state.voiceSince === null && state.heardVoice ? restartAutoAdvance(state, now) : state;
  }
}

export function interviewReducer(previous: InterviewState, event: InterviewEvent): InterviewState {
  const state: InterviewState = { ...previous, now: event.now };
  const { now } = event;
  switch (event.type) {
    case 'COMMANDS_TAKEN':
      return { ...state, commands: state.commands.slice(Math.max(0, event.count)) };
    case 'REQUEST_MICROPHONE':
      return state.view === 'permission' ? emit(state, { type: 'requestMicrophone' }) : state;
    case 'MIC_GRANTED':
      return state.view === 'permission' ? { ...state, view: 'welcome', phase: 'welcome' } : state;
    case 'MIC_DENIED':
      return state.view === 'permission' ? emit(state, { type: 'toast', kind: 'error', ...MICROPHONE_DENIED_TOAST }) : state;
    case 'START': {
      if (state.view !== 'welcome' || state.questions.length === 0) return state;
      const started: InterviewState = { ...state, view: 'active', phase: 'greeting', startedAt: now, index: 0 };
      return speak(
        emit(started, schedule('timeLimit', INTERVIEW_TIME_LIMIT_MS), schedule('tick', INTERVIEW_TICK_MS), { type: 'startVoiceMeter' }),
        welcomeGreeting(state.studentName, state.questions.length),
        'greeting',
      );
    }
    case 'SPEECH_DONE': {
      if (event.id !== state.speechId) return state;
      const silent: InterviewState = { ...state, speechId: null };
      const logged = event.outcome === 'failed' ? emit(silent, { type: 'log', message: `Speech ${event.id} failed; continuing.` }) : silent;
      if (state.phase === 'greeting') {
        return emit({ ...logged, phase: 'waitingQuestion' }, schedule('firstQuestion', INTERVIEW_FIRST_QUESTION_DELAY_MS));
      }
      if (state.phase === 'speakingQuestion') return startCapture({ ...logged, phase: 'answering' });
      return logged;
    }
    case 'TIMER':
      return onTimer(state, event.timer, now);
    case 'INTERIM':
      return state.phase === 'answering' && state.listening ? { ...state, interim: event.text } : state;
    case 'FINAL': {
      if (state.phase !== 'answering' || !state.listening) return state;
      const text = event.text.trim();
      if (text === '') return state;
      const timestamp = elapsed(state, now);
      const entry: InterviewTranscriptEntry = { speaker: INTERVIEW_CANDIDATE_SPEAKER, text: text.slice(0, INTERVIEW_TRANSCRIPT_TEXT_MAX_LENGTH), timestamp };
      const transcript = state.transcript.length < INTERVIEW_TRANSCRIPT_MAX_ENTRIES ? [...state.transcript, entry] : state.transcript;
      return restartAutoAdvance({ ...state, finals: [...state.finals, { text, confidence: event.confidence, timestamp }], transcript, interim: '' }, now);
    }
    case 'RECOGNITION_ENDED':
      return state.phase === 'answering' && state.listening ? emit(state, schedule('recognitionRestart', INTERVIEW_RECOGNITION_RESTART_MS)) : state;
    case 'VOICE':
      return onVoice(state, event.speaking, event.at);
    case 'RECOGNITION_ERROR':
      // No recognition after all: this answer and the rest end on the microphone's silence.
      if (event.code === 'not-supported') return { ...state, transcription: 'off' };
      if (event.code === 'network') return emit(state, { type: 'toast', kind: 'error', ...NETWORK_ERROR_TOAST });
      return emit(state, { type: 'log', message: `Speech recognition error: ${event.code}`, detail: event.message });
    case 'TOGGLE_RECORDING':
      if (state.phase !== 'answering') return state;
      return state.listening ? stopCapture(state) : startCapture(state);
    case 'NEXT':
      return state.phase === 'answering' ? advance(state, now) : state;
    case 'PAGE_HIDDEN': {
      if (!isInterviewRunning(state)) return state;
      const stopped = stopCapture(state);
      const commands: InterviewCommand[] = [cancel('firstQuestion'), cancel('nextQuestion'), cancel('tick'), cancel('timeLimit')];
      if (stopped.speechId !== null) commands.push({ type: 'cancelSpeech' });
      if (stopped.recordingStarted) commands.push({ type: 'stopRecording' });
      commands.push({ type: 'stopVoiceMeter' }, { type: 'navigate', to: '/' });
      return emit({ ...stopped, phase: 'ended', speechId: null, recording: stopped.recordingStarted ? 'stopped' : 'off' }, ...commands);
    }
    case 'AUDIO_READY':
      return { ...state, audioAvailable: event.hasAudio };
    case 'SAVE_RESULT':
      if (state.saveStatus !== 'saving') return state;
      if (event.ok) return emit({ ...state, saveStatus: 'saved' }, { type: 'toast', kind: 'success', ...SAVE_SUCCESS_TOAST });
      return emit({ ...state, saveStatus: 'failed' }, { type: 'toast', kind: 'error', title: SAVE_FAILURE_TITLE, message: event.message ?? '' });
  }
}
