/*
 * What the examiner says (SPEC.md section 4): each line is a `speak` command with an id, so a late
 * SPEECH_DONE for an earlier line is ignored; and the question the current part is on.
 */
import type { PartNumber, SpeakingTestDraft } from './types.js';

export function speak(draft: SpeakingTestDraft, text: string): void {
  const id = `speech-${draft.state.speechCount + 1}`;
  draft.state.speechCount += 1;
  draft.state.speechId = id;
  draft.emit({ type: 'speak', id, text });
}

export function currentPart(draft: SpeakingTestDraft): PartNumber {
  return draft.state.stage === 'part3' ? 3 : draft.state.stage === 'part2' ? 2 : 1;
}

export function partQuestions(draft: SpeakingTestDraft): readonly string[] {
  return currentPart(draft) === 3 ? draft.state.questions.part3 : draft.state.questions.part1;
}

/** Asks question `index` of the current part; a new question may be repeated once again. */
export function askQuestion(draft: SpeakingTestDraft, index: number, again = false): void {
  if (!again) draft.state.repeatUsed = false;
  draft.state.questionIndex = index;
  draft.state.phase = 'asking';
  draft.state.answer = null;
  speak(draft, partQuestions(draft)[index] ?? '');
}
