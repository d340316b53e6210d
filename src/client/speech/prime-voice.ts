import type { DeviceInfo } from '../lib/device';

/*
 * On iOS and iPadOS, WebKit drops a speechSynthesis.speak() made outside a tap, silently, until one
 * has been made inside one; then the restriction is lifted for the page (a later cancel() does not
 * restore it). It is set for the iOS family only (WebKit's SpeechSynthesis.cpp,
 * RequireUserGestureForSpeechStartRestriction), and every iOS browser is WebKit. The examiner's
 * first line comes after the tap has ended (the speaking test draws its questions first, the
 * interview waits for the voice list), so each flow's Start calls this in its click: an empty
 * utterance. Only there: an empty utterance makes Chromium's Linux backend (speech-dispatcher) fail
 * it and every line after it (measured).
 */
export function primeSpeech(device: Pick<DeviceInfo, 'model'>): void {
  // The model is named for the iOS family only (iPhone, iPad, iPod; shared/device.ts).
  if (!device.model) return;
  try {
    speechSynthesis.speak(new SpeechSynthesisUtterance(''));
  } catch {
    // No speech synthesis: the questions are on the screen anyway.
  }
}
