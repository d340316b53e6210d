/** The texts people see when speech or the microphone fails (spec section 8), in one place. */

// Speech recognition.
export const RECOGNITION_DENIED_MESSAGE = 'Microphone access denied. Please allow microphone access and try again.';
export const RECOGNITION_NETWORK_MESSAGE = 'Network error. Please check your internet connection.';
export const RECOGNITION_START_FAILED_MESSAGE = 'Speech recognition failed to start. Please try refreshing the page.';
export const RECOGNITION_NOT_SUPPORTED_MESSAGE = 'Speech recognition not supported';

// Microphone: every text starts with this prefix.
export const MICROPHONE_ISSUE_PREFIX = 'Microphone access issue.';
export const MICROPHONE_MESSAGES = {
  notFound: `${MICROPHONE_ISSUE_PREFIX} No microphone was found. Please connect a microphone and try again.`,
  notAllowedApple: `${MICROPHONE_ISSUE_PREFIX} Microphone access was denied. Please allow the microphone for this site in Safari settings, then refresh the page.`,
  notAllowed: `${MICROPHONE_ISSUE_PREFIX} Microphone access was denied. Please click the microphone icon in the address bar, allow access and try again.`,
  notReadable: `${MICROPHONE_ISSUE_PREFIX} The microphone is being used by another application. Please close that application and try again.`,
  aborted: `${MICROPHONE_ISSUE_PREFIX} The microphone request was interrupted. Please try again.`,
  unsupported: `${MICROPHONE_ISSUE_PREFIX} This browser does not support microphone access. Please use Chrome, Firefox or Safari.`,
} as const;

/** For any other DOMException: its name, then what to do. */
export function otherMicrophoneErrorMessage(errorName: string): string {
  return `${MICROPHONE_ISSUE_PREFIX} The browser reported ${errorName}. Please enable microphone permissions for this site and try again.`;
}
