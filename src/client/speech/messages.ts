/** The texts people see when speech or the microphone fails (spec section 8), in one place. */

// Speech recognition.
export const RECOGNITION_DENIED_MESSAGE = 'Microphone access denied. Please allow microphone access and try again.';
export const RECOGNITION_NETWORK_MESSAGE = 'Network error. Please check your internet connection.';
export const RECOGNITION_START_FAILED_MESSAGE = 'Speech recognition failed to start. Please try refreshing the page.';
export const RECOGNITION_NOT_SUPPORTED_MESSAGE = 'Speech recognition not supported';
// The spec passes other recognition errors on as the browser names them ('audio-capture'); a code is
// not a sentence a student can act on, so the ones browsers give have their own.
export const RECOGNITION_AUDIO_CAPTURE_MESSAGE = 'Speech recognition cannot hear the microphone. Please check that it is connected and that no other app is using it, then try again.';
export const RECOGNITION_LANGUAGE_MESSAGE = "This browser's speech recognition does not offer English here. You can go on without a transcript: your answers are still recorded.";

/** Any other recognition error: what happened, with the browser's own words for whoever helps the student. */
export function otherRecognitionErrorMessage(code: string, message: string | undefined): string {
  const said = message && message.trim() !== '' && message !== code ? `${code}: ${message.trim()}` : code;
  return `Speech recognition stopped unexpectedly (the browser reported "${said}"). Please try again.`;
}

// Microphone: every text starts with this prefix.
export const MICROPHONE_ISSUE_PREFIX = 'Microphone access issue.';
/** The prefix as a heading above the rest of the text (withoutMicrophonePrefix). */
export const MICROPHONE_ISSUE_TITLE = MICROPHONE_ISSUE_PREFIX.replace(/\.$/, '');
export const MICROPHONE_MESSAGES = {
  notFound: `${MICROPHONE_ISSUE_PREFIX} No microphone was found. Please connect a microphone and try again.`,
  // "Denied" is said once: the prefix names the microphone, the sentence after it what to do on this device.
  notAllowedApple: `${MICROPHONE_ISSUE_PREFIX} This site is not allowed to use it. Please allow the microphone for this site in Safari settings, then refresh the page.`,
  notAllowed: `${MICROPHONE_ISSUE_PREFIX} This site is not allowed to use it. Please click the microphone icon in the address bar, allow access and try again.`,
  // Chrome on Android has no microphone icon in its address bar: the site's settings are behind the icon left of the address.
  notAllowedAndroid: `${MICROPHONE_ISSUE_PREFIX} This site is not allowed to use it. In Chrome, tap the icon to the left of the web address, then Permissions, turn Microphone on, and tap Try Again.`,
  notReadable: `${MICROPHONE_ISSUE_PREFIX} The microphone is being used by another application. Please close that application and try again.`,
  aborted: `${MICROPHONE_ISSUE_PREFIX} The microphone request was interrupted. Please try again.`,
  unsupported: `${MICROPHONE_ISSUE_PREFIX} This browser does not support microphone access. Please use Chrome, Firefox or Safari.`,
} as const;

/** A microphone text without its prefix: the prefix is the alert's title where the text is shown under it. */
export function withoutMicrophonePrefix(message: string): string {
  return message.startsWith(MICROPHONE_ISSUE_PREFIX) ? message.slice(MICROPHONE_ISSUE_PREFIX.length).trimStart() : message;
}

/** For any other DOMException: its name, then what to do. */
export function otherMicrophoneErrorMessage(errorName: string): string {
  return `${MICROPHONE_ISSUE_PREFIX} The browser reported ${errorName}. Please enable microphone permissions for this site and try again.`;
}
