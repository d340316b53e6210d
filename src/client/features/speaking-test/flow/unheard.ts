/*
 * Beyond the spec: answers in which nothing was heard, neither a word from the recogniser nor a voice
 * in the microphone's level. Two in a row most often mean a microphone that is muted, switched off or
 * not the one the device uses, which the test would otherwise show only at its end, as "too little
 * speech": on Android there is no live transcript to tell the student sooner. Told once a test, by a
 * toast, while most of the test is still to come; never in demo mode, which has no microphone.
 */
import { addToast } from './toasts.js';
import type { SpeakingTestDraft } from './types.js';

/** Answers in a row with nothing heard before the student is told. */
export const UNHEARD_ANSWERS_TO_TELL = 2;

export const UNHEARD_TOAST = {
  title: 'Nothing heard',
  description: 'Nothing was heard in your last two answers. If you spoke, check that your microphone is switched on and not muted, then answer the next question.',
} as const;

/** A Part 1/3 answer closed, `heard` or not: counts the run of unheard answers, and tells the student once. */
export function noteHeard(draft: SpeakingTestDraft, heard: boolean): void {
  const state = draft.state;
  if (state.microphone.demo) return;
  state.unheardRun = heard ? 0 : state.unheardRun + 1;
  if (state.unheardRun < UNHEARD_ANSWERS_TO_TELL || state.unheardTold) return;
  state.unheardTold = true;
  addToast(draft, { ...UNHEARD_TOAST, variant: 'destructive' });
}
