import { describe, expect, it } from 'vitest';
import { interviewSessionData } from '../../../../shared/api/interview';
import {
  INTERVIEW_ANSWER_SILENCE_MS,
  INTERVIEW_AUTO_ADVANCE_MS,
  INTERVIEW_FIRST_QUESTION_DELAY_MS,
  INTERVIEW_NEXT_QUESTION_DELAY_MS,
  INTERVIEW_RECOGNITION_RESTART_MS,
  INTERVIEW_RECORDING_START_DELAY_MS,
  INTERVIEW_TIME_LIMIT_MS,
} from '../../../../shared/interview/constants';
import { NO_RESPONSE_TEXT } from '../../../../shared/interview/answer-texts';
import { scoreInterview } from '../../../../shared/interview/scoring';
import { NETWORK_ERROR_TOAST } from './listening-step';
import { MICROPHONE_DENIED_TOAST } from './microphone-step';
import { welcomeGreeting } from './start-step';
import { selectInterviewView, type WelcomeViewModel } from './selectors';
import { active, completed, InterviewSim, QUESTIONS } from './simulator.test-helpers';

const T0 = 1_000_000;

/** Mic granted and started at T0; the greeting is being spoken. */
function started(questions = QUESTIONS): InterviewSim {
  const sim = new InterviewSim(questions, T0);
  sim.dispatch({ type: 'MIC_GRANTED' });
  sim.dispatch({ type: 'START' });
  return sim;
}

/** Started, greeting done at T0 + 2 s, first question spoken and finished at T0 + 5 s + 4 s. */
function answeringFirst(questions = QUESTIONS): InterviewSim {
  const sim = started(questions);
  sim.advanceTo(T0 + 2_000);
  sim.finishSpeech();
  sim.advanceTo(T0 + 2_000 + INTERVIEW_FIRST_QUESTION_DELAY_MS + 4_000);
  sim.finishSpeech();
  return sim;
}

function saveCommand(sim: InterviewSim) {
  const saves = sim.commandsOf('save');
  expect(saves).toHaveLength(1);
  return saves[0]!.command.sessionData;
}

describe('microphone permission and welcome', () => {
  it('asks for the microphone, and on denial toasts and stays on the permission view', () => {
    const sim = new InterviewSim(QUESTIONS, T0);
    expect(selectInterviewView(sim.state).view).toBe('permission');
    sim.dispatch({ type: 'REQUEST_MICROPHONE' });
    expect(sim.commandsOf('requestMicrophone')).toHaveLength(1);
    expect(sim.state.microphoneProblem).toBeNull();
    sim.dispatch({ type: 'MIC_DENIED', message: 'Microphone access issue. No microphone was found. Please connect a microphone and try again.' });
    // The page says why under its heading, beside the spec's toast.
    expect(sim.state.microphoneProblem).toBe('Microphone access issue. No microphone was found. Please connect a microphone and try again.');
    expect(sim.commandsOf('toast').map((entry) => entry.command)).toEqual([{ type: 'toast', kind: 'error', ...MICROPHONE_DENIED_TOAST }]);
    expect(MICROPHONE_DENIED_TOAST).toEqual({ title: 'Microphone Access Required', message: 'Please allow microphone access to start the interview.' });
    expect(sim.state.view).toBe('permission');
    sim.dispatch({ type: 'START' });
    expect(sim.state.view).toBe('permission');
  });

  it('shows the welcome view once the microphone is granted', () => {
    const sim = new InterviewSim(QUESTIONS, T0);
    sim.dispatch({ type: 'MIC_GRANTED' });
    const view = selectInterviewView(sim.state) as WelcomeViewModel;
    expect(view).toMatchObject({ view: 'welcome', studentName: 'Asha Rao', questionCount: 3, startDisabled: false, startLabel: 'Start My Interview' });
  });

  it('keeps Start disabled and ignores START with no questions', () => {
    const sim = new InterviewSim([], T0);
    sim.dispatch({ type: 'MIC_GRANTED' });
    expect(selectInterviewView(sim.state)).toMatchObject({ view: 'welcome', startDisabled: true, questionCount: 0 });
    sim.dispatch({ type: 'START' });
    expect(sim.state.view).toBe('welcome');
    expect(sim.log).toHaveLength(0);
  });
});

describe('greeting and questions', () => {
  it('speaks the greeting with the name, then the first question exactly 3 s after it ends', () => {
    const sim = started();
    expect(sim.state.view).toBe('active');
    expect(sim.lastSpeak().text).toBe(welcomeGreeting('Asha Rao', 3));
    expect(sim.lastSpeak().text).toContain('Asha Rao');
    expect(sim.timers.get('timeLimit')).toBe(T0 + INTERVIEW_TIME_LIMIT_MS);
    expect(active(sim)).toMatchObject({ isSpeaking: true, nextButtonDisabled: true, recordingButtonDisabled: true, countdown: '30:00' });

    sim.advanceTo(T0 + 2_000);
    sim.finishSpeech();
    sim.advanceTo(T0 + 2_000 + INTERVIEW_FIRST_QUESTION_DELAY_MS - 1);
    expect(sim.commandsOf('speak')).toHaveLength(1);
    sim.advanceBy(1);
    const speaks = sim.commandsOf('speak');
    expect(speaks).toHaveLength(2);
    expect(speaks[1]).toMatchObject({ at: T0 + 5_000, command: { text: QUESTIONS[0]!.question } });
    expect(active(sim)).toMatchObject({ questionLabel: 'Question 1 of 3', questionText: QUESTIONS[0]!.question, isSpeaking: true, nextButtonDisabled: true, recordingButtonDisabled: true, nextButtonLabel: 'Next Question' });
    expect(active(sim).progressPercent).toBe(33);
    // Next is ignored while the question is spoken.
    sim.dispatch({ type: 'NEXT' });
    expect(sim.state.index).toBe(0);
    expect(sim.state.phase).toBe('speakingQuestion');
  });

  it('starts listening as the question ends and the recording 0.5 s later', () => {
    const sim = answeringFirst();
    const spokenAt = T0 + 9_000;
    expect(sim.commandsOf('startListening').map((entry) => entry.at)).toEqual([spokenAt]);
    expect(sim.commandsOf('startRecording')).toHaveLength(0);
    sim.advanceTo(spokenAt + INTERVIEW_RECORDING_START_DELAY_MS - 1);
    expect(sim.commandsOf('startRecording')).toHaveLength(0);
    sim.advanceBy(1);
    expect(sim.commandsOf('startRecording').map((entry) => entry.at)).toEqual([spokenAt + INTERVIEW_RECORDING_START_DELAY_MS]);
    expect(active(sim)).toMatchObject({ isSpeaking: false, nextButtonDisabled: false, recordingButtonDisabled: false, showListening: true, recordingButtonLabel: 'Stop Recording' });
  });

  it('ignores a stale speech outcome', () => {
    const sim = started();
    sim.dispatch({ type: 'SPEECH_DONE', id: 'something-else', outcome: 'ended' });
    expect(sim.state.phase).toBe('greeting');
  });
});

describe('answers and moving on', () => {
  it('shows finals and interim text, and NEXT saves the answer and speaks the next question after 1.5 s', () => {
    const sim = answeringFirst();
    sim.advanceBy(1_000);
    sim.dispatch({ type: 'INTERIM', text: 'I am' });
    expect(active(sim).interimTranscript).toBe('I am');
    sim.dispatch({ type: 'FINAL', text: 'I am Asha.', confidence: 0.8 });
    sim.advanceBy(2_000);
    sim.dispatch({ type: 'FINAL', text: 'I build web apps.', confidence: 0.6 });
    sim.dispatch({ type: 'INTERIM', text: 'and' });
    expect(active(sim)).toMatchObject({ finalTranscript: 'I am Asha. I build web apps.', interimTranscript: 'and', showListening: true });

    const nextAt = sim.now + 500;
    sim.advanceTo(nextAt);
    sim.dispatch({ type: 'NEXT' });
    // The words still pending count as said (without a confidence, so the mean is the finals').
    expect(sim.state.answers).toEqual([
      // On the recording: from its start (0.5 s after listening began) to NEXT, 3 s later.
      { questionId: 1, question: QUESTIONS[0]!.question, category: 'Introduction', answer: 'I am Asha.\nI build web apps.\nand', timestamp: nextAt - T0, confidence: 0.7, recordingStartMs: 0, recordingEndMs: 3_000 },
    ]);
    expect(sim.commandsOf('stopListening').map((entry) => entry.at)).toEqual([nextAt]);
    expect(sim.commandsOf('pauseRecording').map((entry) => entry.at)).toEqual([nextAt]);
    expect(active(sim)).toMatchObject({ finalTranscript: '', interimTranscript: '', showListening: false, nextButtonDisabled: true, autoAdvanceSeconds: null });
    sim.advanceTo(nextAt + INTERVIEW_NEXT_QUESTION_DELAY_MS - 1);
    expect(sim.lastSpeak().text).toBe(QUESTIONS[0]!.question);
    sim.advanceBy(1);
    expect(sim.lastSpeak().text).toBe(QUESTIONS[1]!.question);
    expect(active(sim).questionLabel).toBe('Question 2 of 3');

    // The one recording resumes rather than starting again.
    sim.finishSpeech();
    sim.advanceBy(INTERVIEW_RECORDING_START_DELAY_MS);
    expect(sim.commandsOf('startRecording')).toHaveLength(1);
    expect(sim.commandsOf('resumeRecording').map((entry) => entry.at)).toEqual([sim.now]);
  });

  it("records 'No response recorded' and a null confidence for a silent answer", () => {
    const sim = answeringFirst();
    sim.advanceBy(3_000);
    sim.dispatch({ type: 'NEXT' });
    expect(sim.state.answers[0]).toMatchObject({ answer: NO_RESPONSE_TEXT, confidence: null, timestamp: 12_000 });
  });

  it('keeps words still pending as interim text when the answer ends, with no confidence (an iPhone gives its finals only on stop)', () => {
    const sim = answeringFirst();
    sim.advanceBy(3_000);
    sim.dispatch({ type: 'INTERIM', text: ' I lead a small team ' });
    sim.dispatch({ type: 'NEXT' });
    expect(sim.state.answers[0]).toMatchObject({ answer: 'I lead a small team', confidence: null, timestamp: 12_000 });
    expect(sim.state.transcript.map((entry) => entry.text)).toEqual(['I lead a small team']);
    // The recogniser's own final for those words, arriving once it has stopped, is not taken twice.
    sim.dispatch({ type: 'FINAL', text: 'I lead a small team.', confidence: 0.9 });
    expect(sim.state.transcript).toHaveLength(1);
    expect(sim.state.finals).toEqual([]);
  });

  it('auto-advances exactly 8 s after the last final, restarted by each new final, counting down each second', () => {
    const sim = answeringFirst();
    const first = sim.now + 1_000;
    sim.advanceTo(first);
    sim.dispatch({ type: 'FINAL', text: 'Hello there.', confidence: 0.9 });
    expect(active(sim)).toMatchObject({ autoAdvanceSeconds: 8, autoAdvanceLabel: 'Auto-advancing in 8s' });
    sim.advanceTo(first + 3_000);
    expect(active(sim).autoAdvanceSeconds).toBe(5);
    const second = first + 5_000;
    sim.advanceTo(second);
    expect(active(sim).autoAdvanceSeconds).toBe(3);
    sim.dispatch({ type: 'FINAL', text: 'More words.', confidence: 0.9 });
    expect(active(sim).autoAdvanceLabel).toBe('Auto-advancing in 8s');
    // The first countdown would have expired here; it was restarted.
    sim.advanceTo(first + INTERVIEW_AUTO_ADVANCE_MS);
    expect(sim.state.index).toBe(0);
    sim.advanceTo(second + INTERVIEW_AUTO_ADVANCE_MS - 1);
    expect(sim.state.phase).toBe('answering');
    expect(active(sim).autoAdvanceSeconds).toBe(1);
    sim.advanceBy(1);
    expect(sim.state.phase).toBe('waitingQuestion');
    expect(sim.state.index).toBe(1);
    expect(sim.state.answers[0]).toMatchObject({ answer: 'Hello there.\nMore words.', timestamp: second + INTERVIEW_AUTO_ADVANCE_MS - T0 });
    sim.advanceBy(INTERVIEW_NEXT_QUESTION_DELAY_MS);
    expect(sim.lastSpeak().text).toBe(QUESTIONS[1]!.question);
  });

  it('holds the countdown while interim words come in, and starts it again on the next final', () => {
    const sim = answeringFirst();
    sim.dispatch({ type: 'FINAL', text: 'I manage a clinic.', confidence: 0.9 });
    sim.advanceBy(6_000);
    expect(active(sim).autoAdvanceSeconds).toBe(2);
    // The student goes on speaking: the countdown would otherwise move on mid-sentence 2 s later.
    sim.dispatch({ type: 'INTERIM', text: 'and before that' });
    expect(active(sim).autoAdvanceSeconds).toBeNull();
    sim.advanceBy(2_000);
    sim.dispatch({ type: 'INTERIM', text: 'and before that I worked' });
    sim.advanceBy(2_000);
    sim.dispatch({ type: 'INTERIM', text: 'and before that I worked' });
    sim.advanceBy(900);
    expect(sim.state.phase).toBe('answering');
    expect(active(sim).autoAdvanceSeconds).toBeNull();
    const finalAt = sim.now;
    sim.dispatch({ type: 'FINAL', text: 'And before that I worked in a hospital.', confidence: 0.8 });
    expect(active(sim).autoAdvanceLabel).toBe('Auto-advancing in 8s');
    sim.advanceTo(finalAt + INTERVIEW_AUTO_ADVANCE_MS);
    expect(sim.state.answers[0]).toMatchObject({ answer: 'I manage a clinic.\nAnd before that I worked in a hospital.' });
  });

  it('auto-advances on interim words left unfinalised for 3 s, as a recogniser that gives its finals only when stopped (iOS) leaves them', () => {
    const sim = answeringFirst();
    sim.advanceBy(1_000);
    sim.dispatch({ type: 'INTERIM', text: 'I teach' });
    sim.advanceBy(1_000);
    sim.dispatch({ type: 'INTERIM', text: 'I teach maths at a secondary school' });
    const lastWordsAt = sim.now;
    sim.advanceTo(lastWordsAt + INTERVIEW_ANSWER_SILENCE_MS - 1);
    expect(active(sim).autoAdvanceSeconds).toBeNull();
    sim.advanceBy(1);
    expect(active(sim).autoAdvanceLabel).toBe('Auto-advancing in 8s');
    sim.advanceTo(lastWordsAt + INTERVIEW_ANSWER_SILENCE_MS + INTERVIEW_AUTO_ADVANCE_MS - 1);
    expect(sim.state.phase).toBe('answering');
    sim.advanceBy(1);
    expect(sim.state.index).toBe(1);
    expect(sim.state.answers[0]).toMatchObject({ answer: 'I teach maths at a secondary school', confidence: null });
    // The final the recogniser gives once stopped is not taken into the next answer.
    sim.dispatch({ type: 'FINAL', text: 'I teach maths at a secondary school.', confidence: 0.9 });
    expect(sim.state.finals).toEqual([]);
  });

  it('ticks the auto-advance seconds a whole second after a final that falls between interview ticks', () => {
    const sim = answeringFirst();
    const finalAt = sim.now + 1_500;
    sim.advanceTo(finalAt);
    sim.dispatch({ type: 'FINAL', text: 'Half a second off the beat.', confidence: 0.9 });
    sim.advanceTo(finalAt + 1_000);
    expect(active(sim).autoAdvanceSeconds).toBe(7);
    sim.advanceTo(finalAt + 7_000);
    expect(active(sim).autoAdvanceLabel).toBe('Auto-advancing in 1s');
  });

  it('restarts recognition 1 s after it ends while listening, and not after Stop Recording', () => {
    const sim = answeringFirst();
    sim.advanceBy(2_000);
    const endedAt = sim.now;
    sim.dispatch({ type: 'RECOGNITION_ENDED' });
    sim.advanceTo(endedAt + INTERVIEW_RECOGNITION_RESTART_MS - 1);
    expect(sim.commandsOf('startListening')).toHaveLength(1);
    sim.advanceBy(1);
    expect(sim.commandsOf('startListening').map((entry) => entry.at)).toEqual([endedAt - 2_000, endedAt + INTERVIEW_RECOGNITION_RESTART_MS]);

    sim.dispatch({ type: 'TOGGLE_RECORDING' });
    expect(active(sim)).toMatchObject({ showListening: false, recordingButtonLabel: 'Start Recording' });
    expect(sim.commandsOf('stopListening')).toHaveLength(1);
    expect(sim.commandsOf('pauseRecording')).toHaveLength(1);
    sim.dispatch({ type: 'RECOGNITION_ENDED' });
    expect(sim.timers.has('recognitionRestart')).toBe(false);
    sim.advanceBy(5_000);
    expect(sim.commandsOf('startListening')).toHaveLength(2);
    sim.dispatch({ type: 'FINAL', text: 'ignored while stopped', confidence: 1 });
    expect(sim.state.finals).toHaveLength(0);

    sim.dispatch({ type: 'TOGGLE_RECORDING' });
    expect(sim.commandsOf('startListening')).toHaveLength(3);
    sim.advanceBy(INTERVIEW_RECORDING_START_DELAY_MS);
    expect(sim.commandsOf('resumeRecording')).toHaveLength(1);
  });
});

describe('completion', () => {
  it('completes on the last question and saves a payload the API schema accepts', () => {
    const sim = answeringFirst(QUESTIONS.slice(0, 2));
    sim.advanceBy(1_000);
    sim.dispatch({ type: 'FINAL', text: 'I am Asha and I write software for schools.', confidence: 0.9 });
    sim.advanceBy(1_000);
    sim.dispatch({ type: 'NEXT' });
    sim.advanceBy(INTERVIEW_NEXT_QUESTION_DELAY_MS + 3_000);
    sim.finishSpeech();
    expect(active(sim).nextButtonLabel).toBe('Complete Interview');
    sim.advanceBy(INTERVIEW_RECORDING_START_DELAY_MS + 1_000);
    sim.dispatch({ type: 'FINAL', text: 'My strength is patience.', confidence: null });
    const endAt = T0 + 125_000;
    sim.advanceTo(endAt - 1);
    // Auto-advance would have fired at +8 s: on the last question it completes the interview.
    expect(sim.state.view).toBe('completed');
    const firstCompletion = sim.state.durationMs;
    expect(sim.commandsOf('stopRecording')).toHaveLength(1);
    expect(sim.commandsOf('stopListening').length).toBeGreaterThanOrEqual(2);
    const data = saveCommand(sim);
    expect(interviewSessionData.parse(data)).toEqual(data);
    expect(data.questions.map((entry) => entry.answer)).toEqual(['I am Asha and I write software for schools.', 'My strength is patience.']);
    expect(data.questions[1]!.confidence).toBeNull();
    expect(data.transcript).toEqual([
      { speaker: 'Candidate', text: 'I am Asha and I write software for schools.', timestamp: 10_000 },
      { speaker: 'Candidate', text: 'My strength is patience.', timestamp: data.questions[1]!.timestamp - INTERVIEW_AUTO_ADVANCE_MS },
    ]);
    expect(data.duration).toBe(firstCompletion);
    expect(data.completedAt).toBe(new Date(T0 + data.duration).toISOString());
    expect(data.scores).toEqual(
      scoreInterview(data.questions.map((entry) => ({ question: entry.question, answer: entry.answer, category: entry.category, confidence: entry.confidence ?? null }))).scores,
    );
    // No timers survive completion.
    expect(sim.timers.size).toBe(0);

    sim.dispatch({ type: 'AUDIO_READY', hasAudio: true });
    expect(completed(sim)).toMatchObject({ totalQuestions: 2, durationMinutes: 0, hasAudio: true, downloadAudioDisabled: false, saveStatus: 'saving' });
    sim.dispatch({ type: 'SAVE_RESULT', ok: true });
    expect(sim.commandsOf('toast').at(-1)?.command).toMatchObject({ kind: 'success', title: 'Interview completed and saved successfully!' });
  });

  it('completes with NEXT on the last question and toasts a failed save', () => {
    const sim = answeringFirst(QUESTIONS.slice(0, 1));
    sim.advanceBy(61_000);
    sim.dispatch({ type: 'NEXT' });
    expect(sim.state.view).toBe('completed');
    const data = saveCommand(sim);
    expect(interviewSessionData.parse(data).questions).toEqual([
      { questionId: 1, question: QUESTIONS[0]!.question, category: 'Introduction', answer: NO_RESPONSE_TEXT, timestamp: 70_000, confidence: null, recordingStartMs: 0, recordingEndMs: 60_500 },
    ]);
    expect(completed(sim)).toMatchObject({ totalQuestions: 1, durationMinutes: 1, hasAudio: false, downloadAudioDisabled: true });
    sim.dispatch({ type: 'SAVE_RESULT', ok: false, message: 'Server down' });
    expect(sim.commandsOf('toast').at(-1)?.command).toEqual({ type: 'toast', kind: 'error', title: 'Error saving interview', message: 'Server down' });
    expect(sim.state.saveStatus).toBe('failed');
    // The refusal is told once; sent again by Try again, the save is saved after all.
    sim.dispatch({ type: 'SAVE_RESULT', ok: false, message: 'Server down' });
    expect(sim.commandsOf('toast')).toHaveLength(1);
    sim.dispatch({ type: 'SAVE_RESULT', ok: true });
    expect(sim.state.saveStatus).toBe('saved');
    expect(sim.commandsOf('toast').at(-1)?.command).toMatchObject({ kind: 'success', title: 'Interview completed and saved successfully!' });
  });

  it('completes at the 30-minute limit in the middle of an answer', () => {
    const sim = answeringFirst();
    sim.advanceTo(T0 + INTERVIEW_TIME_LIMIT_MS - 61_000);
    expect(active(sim).countdown).toBe('01:01');
    sim.advanceTo(T0 + INTERVIEW_TIME_LIMIT_MS - 3_000);
    sim.dispatch({ type: 'FINAL', text: 'Still talking about my first job.', confidence: 0.5 });
    sim.advanceTo(T0 + INTERVIEW_TIME_LIMIT_MS - 1);
    expect(sim.state.view).toBe('active');
    expect(active(sim).countdown).toBe('00:01');
    sim.advanceBy(1);
    expect(sim.state.view).toBe('completed');
    const data = saveCommand(sim);
    interviewSessionData.parse(data);
    expect(data.duration).toBe(INTERVIEW_TIME_LIMIT_MS);
    expect(data.questions).toHaveLength(1);
    expect(data.questions[0]).toMatchObject({ answer: 'Still talking about my first job.', timestamp: INTERVIEW_TIME_LIMIT_MS, confidence: 0.5 });
    expect(completed(sim).durationMinutes).toBe(30);
    expect(sim.commandsOf('stopRecording')).toHaveLength(1);
    expect(sim.timers.size).toBe(0);
  });

  it('keeps in the completed state the report whose scores it saved, and none when no question was asked', () => {
    const sim = answeringFirst(QUESTIONS.slice(0, 2));
    sim.dispatch({ type: 'FINAL', text: 'I am Asha and I write software for schools in my city.', confidence: 0.8 });
    sim.dispatch({ type: 'NEXT' });
    sim.advanceBy(INTERVIEW_NEXT_QUESTION_DELAY_MS + 3_000);
    sim.finishSpeech();
    sim.dispatch({ type: 'FINAL', text: 'My greatest strength is patience with people who are learning.', confidence: 0.7 });
    expect(sim.state.report).toBeNull();
    sim.dispatch({ type: 'NEXT' });
    expect(sim.state.view).toBe('completed');
    const data = saveCommand(sim);
    const expected = scoreInterview(sim.state.answers.map((entry) => ({ question: entry.question, answer: entry.answer, category: entry.category, confidence: entry.confidence ?? null })));
    expect(sim.state.report).toEqual(expected);
    expect(sim.state.report?.scores).toEqual(data.scores);

    const early = started();
    early.advanceTo(T0 + INTERVIEW_TIME_LIMIT_MS);
    expect(early.state).toMatchObject({ view: 'completed', answers: [], saveStatus: 'failed', report: null });
    expect(early.commandsOf('save')).toHaveLength(0);
  });

  it('cancels the question being spoken when time runs out during it', () => {
    const sim = answeringFirst();
    sim.dispatch({ type: 'NEXT' });
    sim.advanceTo(T0 + INTERVIEW_TIME_LIMIT_MS);
    expect(sim.commandsOf('cancelSpeech')).toHaveLength(1);
    const data = saveCommand(sim);
    expect(interviewSessionData.parse(data).questions.map((entry) => entry.questionId)).toEqual([1, 2]);
  });
});

describe('page hide, errors', () => {
  it('ends an active interview on PAGE_CLOSED and navigates home without saving', () => {
    const sim = answeringFirst();
    sim.advanceBy(INTERVIEW_RECORDING_START_DELAY_MS);
    sim.dispatch({ type: 'PAGE_CLOSED' });
    expect(sim.commandsOf('navigate').map((entry) => entry.command.to)).toEqual(['/']);
    expect(sim.commandsOf('stopListening')).toHaveLength(1);
    expect(sim.commandsOf('stopRecording')).toHaveLength(1);
    expect(sim.commandsOf('save')).toHaveLength(0);
    expect(sim.state.phase).toBe('ended');
    expect(sim.timers.size).toBe(0);
    sim.dispatch({ type: 'NEXT' });
    expect(sim.state.phase).toBe('ended');
  });

  it('ignores PAGE_CLOSED before the start and after completion', () => {
    const sim = new InterviewSim(QUESTIONS, T0);
    sim.dispatch({ type: 'MIC_GRANTED' });
    sim.dispatch({ type: 'PAGE_CLOSED' });
    expect(sim.commandsOf('navigate')).toHaveLength(0);
    const done = answeringFirst(QUESTIONS.slice(0, 1));
    done.dispatch({ type: 'NEXT' });
    done.dispatch({ type: 'PAGE_CLOSED' });
    expect(done.commandsOf('navigate')).toHaveLength(0);
    expect(done.state.view).toBe('completed');
  });

  it('toasts a network recognition error and only logs others', () => {
    const sim = answeringFirst();
    sim.dispatch({ type: 'RECOGNITION_ERROR', code: 'audio-capture', message: 'no mic' });
    expect(sim.commandsOf('toast')).toHaveLength(0);
    expect(sim.commandsOf('log')).toHaveLength(1);
    sim.dispatch({ type: 'RECOGNITION_ERROR', code: 'network', message: 'offline' });
    expect(sim.commandsOf('toast').map((entry) => entry.command)).toEqual([
      { type: 'toast', kind: 'error', title: 'Network Error', message: 'Speech recognition failed due to network issues. Please check your connection.' },
    ]);
    expect(NETWORK_ERROR_TOAST.title).toBe('Network Error');
  });
});
