/*
 * SPEC.md section 4, "Microphone (speaking test)": idle -> requesting -> granted or denied, asked
 * for by itself 1 s after the setup card appears; denied allows retry or demo mode (an empty audio
 * stream). Also the 'Microphone Error' toast of section 8 for a failure after setup.
 */
import { addToast } from './toasts.js';
import type { SpeakingTestDraft } from './types.js';

function requestMicrophone(draft: SpeakingTestDraft): void {
  draft.state.microphone = { ...draft.state.microphone, status: 'requesting', error: null };
  draft.emit({ type: 'requestMicrophone' });
}

/** The student asked (the first time, or Try Again after a denial). */
export function onRequestMicrophone(draft: SpeakingTestDraft): void {
  const state = draft.state;
  if (state.stage === 'setup' && (state.microphone.status === 'idle' || state.microphone.status === 'denied')) requestMicrophone(draft);
}

/** TIMER micAutoRequest: 1 s after the setup card appeared, unless the student already asked. */
export function onMicAutoRequest(draft: SpeakingTestDraft): void {
  const state = draft.state;
  if (state.stage === 'setup' && state.microphone.status === 'idle') requestMicrophone(draft);
}

/** `canRecord`: what the edge found as the microphone was granted (false: this browser cannot record it at all). */
export function onMicGranted(draft: SpeakingTestDraft, canRecord = true): void {
  const state = draft.state;
  if (state.stage === 'setup' && state.microphone.status === 'requesting') {
    state.microphone = { status: 'granted', demo: false, error: null };
    state.canRecord = canRecord;
    state.stage = 'ready';
  }
}

export function onMicDenied(draft: SpeakingTestDraft, message: string): void {
  const state = draft.state;
  if (state.stage === 'setup' && state.microphone.status === 'requesting') {
    state.microphone = { status: 'denied', demo: false, error: message };
  }
}

export function onDemoMode(draft: SpeakingTestDraft): void {
  const state = draft.state;
  if (state.stage === 'setup' && state.microphone.status === 'denied') {
    state.microphone = { status: 'granted', demo: true, error: null };
    state.stage = 'ready';
    draft.emit({ type: 'createDemoStream' });
  }
}

/** A microphone failure after setup (e.g. the track ended). */
export function onMicrophoneError(draft: SpeakingTestDraft, message: string): void {
  addToast(draft, { title: 'Microphone Error', description: message, variant: 'destructive' });
}
