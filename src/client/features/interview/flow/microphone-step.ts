import { MICROPHONE_ACCESS_REQUIRED } from './labels';
import type { InterviewDraft } from './types';

/* Step 1, 'mic not granted -> mic granted (welcome view)' (SPEC.md section 4 'Interview simulator'; section 8 'Microphone'). */

export { MICROPHONE_ACCESS_REQUIRED };
export const MICROPHONE_DENIED_TOAST = { title: MICROPHONE_ACCESS_REQUIRED, message: 'Please allow microphone access to start the interview.' } as const;

export function onRequestMicrophone(draft: InterviewDraft): void {
  if (draft.state.view === 'permission') draft.emit({ type: 'requestMicrophone' });
}

/** `canRecord`: what the edge found as the microphone was granted (false: this browser cannot record it at all). */
export function onMicrophoneGranted(draft: InterviewDraft, canRecord = true): void {
  if (draft.state.view !== 'permission') return;
  draft.state.canRecord = canRecord;
  draft.state.view = 'welcome';
  draft.state.phase = 'welcome';
}

/** A refusal keeps the permission screen, with its toast, and says on it why and what to do. */
export function onMicrophoneDenied(draft: InterviewDraft, message: string): void {
  if (draft.state.view !== 'permission') return;
  draft.state.microphoneRefusals += 1;
  draft.state.microphoneProblem = message;
  draft.emit({ type: 'toast', kind: 'error', ...MICROPHONE_DENIED_TOAST });
}
