/*
 * SPEC.md section 4, "Microphone (speaking test)": idle -> requesting -> granted or denied, asked
 * for by itself 1 s after the setup card appears; denied allows retry or demo mode (an empty audio
 * stream). Also the 'Microphone Error' toast of section 8 for a failure after setup.
 */
import { addToast, type Draft } from './draft.js';

function requestMicrophone(draft: Draft): void {
  draft.state.microphone = { ...draft.state.microphone, status: 'requesting', error: null };
  draft.commands.push({ type: 'requestMicrophone' });
}

/** The student asked (the first time, or Try Again after a denial). */
export function onRequestMicrophone(draft: Draft): void {
  const state = draft.state;
  if (state.stage === 'setup' && (state.microphone.status === 'idle' || state.microphone.status === 'denied')) requestMicrophone(draft);
}

/** TIMER micAutoRequest: 1 s after the setup card appeared, unless the student already asked. */
export function onMicAutoRequest(draft: Draft): void {
  const state = draft.state;
  if (state.stage === 'setup' && state.microphone.status === 'idle') requestMicrophone(draft);
}

export function onMicGranted(draft: Draft): void {
  const state = draft.state;
  if (state.stage === 'setup' && state.microphone.status === 'requesting') {
    state.microphone = { status: 'granted', demo: false, error: null };
    state.stage = 'ready';
  }
}

export function onMicDenied(draft: Draft, message: string): void {
  const state = draft.state;
  if (state.stage === 'setup' && state.microphone.status === 'requesting') {
    state.microphone = { status: 'denied', demo: false, error: message };
  }
}

export function onDemoMode(draft: Draft): void {
  const state = draft.state;
  if (state.stage === 'setup' && state.microphone.status === 'denied') {
    state.microphone = { status: 'granted', demo: true, error: null };
    state.stage = 'ready';
    draft.commands.push({ type: 'createDemoStream' });
  }
}

/** A microphone failure after setup (e.g. the track ended). */
export function onMicrophoneError(draft: Draft, message: string): void {
  addToast(draft, { title: 'Microphone Error', description: message, variant: 'destructive' });
}
