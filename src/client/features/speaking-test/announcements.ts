/*
 * What screen readers hear (a polite live region): stage and phase changes, each question, and the
 * Part 2 timers at their start and at a few moments left; not every second of the visible timer.
 */
import { CUE_CARD_PROMPT_TEXT, PART2_ANNOUNCEMENT_TEXT, PART3_INTRO_TEXT } from '../../../shared/speaking-test/examiner-lines';
import type { CueCard } from '../../../shared/speaking-test/questions';
import type { SpeakingTestState } from './flow';

/** Seconds left at which the running Part 2 timer is read out. */
export const ANNOUNCED_SECONDS_LEFT = [60, 30, 10] as const;

function secondsText(seconds: number): string {
  return seconds === 60 ? '1 minute' : `${seconds} seconds`;
}

/** `text` as a sentence: a full stop added only where it does not end with one (or with ? or !). */
function sentence(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' || /[.?!]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The cue card as it is read: its topic, then "You should say:" and its points, as the card shows them. */
function cueCardSentence(card: CueCard | undefined): string {
  if (!card) return '';
  const points = card.bullets.map((bullet) => bullet.trim().replace(/[.;,]+$/, '')).filter((bullet) => bullet !== '');
  return points.length === 0 ? sentence(card.topic) : `${sentence(card.topic)} ${CUE_CARD_PROMPT_TEXT} ${sentence(points.join('; '))}`;
}

/**
 * The sentence for this moment, or null when nothing new should be read (the region keeps its last
 * text). A sentence is read when it differs from the previous one.
 */
export function announcementFor(state: SpeakingTestState): string | null {
  const { stage, phase, countdownSeconds: left } = state;
  if (stage === 'setup') {
    if (state.microphone.status === 'requesting') return 'Requesting microphone access.';
    // Refused: the alert reads why and what to do; the region no longer says access is being asked for.
    if (state.microphone.status === 'denied') return '';
    return null;
  }
  if (stage === 'ready') {
    return state.microphone.demo ? 'Demo mode: no microphone. Press Start Test to begin.' : 'Microphone ready. Press Start Test to begin.';
  }
  if (stage === 'complete') return 'Test complete. Your results are below.';
  const list = stage === 'part3' ? state.questions.part3 : state.questions.part1;
  const partLabel = stage === 'part1' ? 'Part 1' : stage === 'part2' ? 'Part 2' : 'Part 3';
  switch (phase) {
    case 'asking':
      return `${partLabel}, question ${state.questionIndex + 1} of ${list.length}: ${list[state.questionIndex] ?? ''}`;
    case 'answering':
      // Nothing is recorded in demo mode, nor once the recorder check finds the recorder giving nothing
      // ('none', 'stopped'), as the Not recording alert says.
      return state.transcription === 'off'
        ? `Answer question ${state.questionIndex + 1} now. ${state.microphone.demo || /none|stopped/.test(state.recorder.status) ? 'Nothing is' : 'Your audio is'} being recorded.`
        : `Listening. Answer question ${state.questionIndex + 1} now.`;
    case 'recognitionFailed':
      if (state.failure?.code === 'page-hidden') return `${state.failure.message} Choose Continue when you are ready.`;
      return `${state.failure?.message ?? 'Speech recognition stopped.'} The test is paused: choose Try again or Continue without transcript.`;
    case 'part2Announcement':
      return `Part 2, cue card: ${cueCardSentence(state.questions.part2[0])} ${PART2_ANNOUNCEMENT_TEXT}`;
    case 'part2Preparation':
      if (left === 60) return 'Preparation started: 1 minute to think about the cue card.';
      if (left !== null && (ANNOUNCED_SECONDS_LEFT as readonly number[]).includes(left)) return `${secondsText(left)} of preparation left.`;
      return null;
    case 'part2Speaking':
      if (left === 120) return 'Preparation is over. Start speaking now: you have 2 minutes.';
      if (left !== null && (ANNOUNCED_SECONDS_LEFT as readonly number[]).includes(left)) return `${secondsText(left)} of speaking time left.`;
      return null;
    case 'part2HandOff':
      return 'Time is up. Part 2 is complete.';
    case 'part3Intro':
    case 'part3IntroWait':
      return `Part 3, discussion. ${PART3_INTRO_TEXT}.`;
    default:
      return null;
  }
}

/** While a test runs, and after it until the session expires, leaving asks first (spec section 4). */
export function guardsLeaving(state: Pick<SpeakingTestState, 'stage' | 'sessionExpired'>): boolean {
  return state.stage === 'part1' || state.stage === 'part2' || state.stage === 'part3' || (state.stage === 'complete' && !state.sessionExpired);
}
