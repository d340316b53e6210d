/*
 * SPEC.md section 4, "Speaking test stages": setup -> ready -> part1 (Start Test: recording starts,
 * the start time is noted) -> part2 (Part 1 complete) -> part3 (after the Part 2 answer) -> complete
 * (a spoken closing line, recording stops, scoring, saving). The moves between parts live here so
 * that each part's rules need not know the next part's.
 */
import { CLOSING_TEXT, PART2_ANNOUNCEMENT_TEXT, PART3_INTRO_TEXT } from '../../../../shared/speaking-test/examiner-lines.js';
import type { QuestionSet } from '../../../../shared/speaking-test/questions.js';
import type { SpeakingTestResult } from '../../../../shared/speaking-test/scoring.js';
import { startPostTestSession } from './after-the-test.js';
import { askQuestion, speak } from './examiner.js';
import { scheduleRecordingCheck } from './recorder-check.js';
import type { SpeakingTestDraft } from './types.js';

export function startTest(draft: SpeakingTestDraft, now: number, questions?: QuestionSet): void {
  const state = draft.state;
  if (state.stage !== 'ready') return;
  if (questions) state.questions = questions;
  state.stage = 'part1';
  state.startedAt = now;
  draft.emit({ type: 'startRecording' });
  draft.emit({ type: 'startVoiceMeter' });
  scheduleRecordingCheck(draft);
  askQuestion(draft, 0);
}

/** Part 1 complete: the examiner announces Part 2 (its preparation starts when that line ends). */
export function startPart2(draft: SpeakingTestDraft): void {
  draft.state.stage = 'part2';
  draft.state.phase = 'part2Announcement';
  speak(draft, PART2_ANNOUNCEMENT_TEXT);
}

/** The Part 2 answer was passed on: the examiner introduces Part 3. */
export function startPart3(draft: SpeakingTestDraft): void {
  const state = draft.state;
  state.stage = 'part3';
  state.questionIndex = 0;
  state.phase = 'part3Intro';
  speak(draft, PART3_INTRO_TEXT);
}

/** Part 3 complete. */
export function completeTest(draft: SpeakingTestDraft): void {
  const state = draft.state;
  state.stage = 'complete';
  state.phase = 'finished';
  state.saveStatus = 'saving';
  speak(draft, CLOSING_TEXT);
  draft.emit({ type: 'stopRecording' });
  draft.emit({ type: 'stopVoiceMeter' });
  // Spec section 9's estimate and the save, carried out by the edge (their code is not loaded before
  // the test has started): SCORED brings the estimate back for the results.
  draft.emit({ type: 'finish', answers: state.answers, noTranscript: state.transcriptMissing, part2Notes: state.part2Notes });
  startPostTestSession(draft, state.lastEventAt);
}

/** The estimate of the completed test, once: the results panel shows it (the edge saves the same one). */
export function onScored(draft: SpeakingTestDraft, result: SpeakingTestResult): void {
  const state = draft.state;
  if (state.stage !== 'complete' || state.result !== null) return;
  state.result = result;
}
