/*
 * Constants of the browser speech boundary. The spec's own values (voice settings, chunk interval,
 * Android restart cap, interview voice) come from src/shared/speaking-test/constants.ts and
 * src/shared/interview/constants.ts; what is here is either a spec value those files do not carry
 * or a limit of this boundary (watchdogs, timeouts), chosen here and explained beside each one.
 * Times are in milliseconds and say so in their names.
 */
import {
  ANDROID_MAX_RECOGNITION_RESTARTS,
  EXAMINER_VOICE,
  EXAMINER_VOICE_ANDROID,
  RECOGNITION_LANG_MOBILE,
  RECORDING_CHUNK_INTERVAL_MS,
} from '../../shared/speaking-test/constants.js';
import {
  INTERVIEW_PREFERRED_VOICE_NAME,
  INTERVIEW_RECOGNITION_LANG,
  INTERVIEW_SPEECH_LANG,
  INTERVIEW_SPEECH_PITCH,
  INTERVIEW_SPEECH_RATE,
} from '../../shared/interview/constants.js';

export { ANDROID_MAX_RECOGNITION_RESTARTS, RECORDING_CHUNK_INTERVAL_MS };

// Recognition (spec section 8).
/** After an 'aborted' error the recogniser starts again this long after it ended. */
export const ABORTED_RESTART_DELAY_MS = 100;
/** Speaking-test recognition language on devices that are neither Apple nor Android (spec section 7). */
export const RECOGNITION_LANG_DESKTOP = 'en-IN';
/** Ours: how long `SpeechRecognition.available()` may take before we use the browser's service. */
export const ON_DEVICE_CHECK_TIMEOUT_MS = 1_000;
/** Ours: stop() gives up waiting for the browser's 'end' after this long and aborts. */
export const RECOGNITION_STOP_TIMEOUT_MS = 3_000;
/**
 * Ours: sessions that end within RECOGNITION_QUICK_END_MS without a result, this many times in a
 * row, mean the recogniser cannot run here; it gives up with the start-failure message instead of
 * restarting for ever.
 */
export const RECOGNITION_MAX_QUICK_ENDS = 5;
export const RECOGNITION_QUICK_END_MS = 1_000;

// The examiner's voice.
export interface ExaminerVoiceSettings {
  lang: string;
  rate: number;
  pitch: number;
  /** A voice whose name contains this (case-insensitive) is preferred among equally good ones. */
  preferredVoiceName?: string;
}
/** Speaking test (spec section 9): en-IN, rate 0.8, pitch 1.2. */
export const SPEAKING_TEST_VOICE: Readonly<ExaminerVoiceSettings> = { ...EXAMINER_VOICE };
/** Speaking test on Android (spec section 9): en-US, rate 0.9, pitch 1. */
export const SPEAKING_TEST_VOICE_ANDROID: Readonly<ExaminerVoiceSettings> = { ...EXAMINER_VOICE_ANDROID };
/** Interview (spec section 9): en-IN, rate 0.9, pitch 1.1, a voice named female preferred. */
export const INTERVIEW_VOICE: Readonly<ExaminerVoiceSettings> = {
  lang: INTERVIEW_SPEECH_LANG,
  rate: INTERVIEW_SPEECH_RATE,
  pitch: INTERVIEW_SPEECH_PITCH,
  preferredVoiceName: INTERVIEW_PREFERRED_VOICE_NAME,
};
export { INTERVIEW_RECOGNITION_LANG, RECOGNITION_LANG_MOBILE };

/**
 * Ours: how long speak() waits for the browser's voice list ('voiceschanged') before speaking with
 * the language alone. The list loads in the background from the moment the voice is created, so
 * normally it is there long before the first question.
 */
export const VOICES_LOAD_TIMEOUT_MS = 2_000;
/** Speaking speed at rate 1 assumed by the watchdog estimate. */
export const ESTIMATE_WORDS_PER_MINUTE = 150;
/**
 * Ours: an utterance whose 'end' has not come after its estimated time x this factor + the margin
 * is given up (Chrome sometimes never fires 'end'). Generous, so a slow voice is never cut off.
 */
export const VOICE_WATCHDOG_FACTOR = 1.5;
export const VOICE_WATCHDOG_MARGIN_MS = 2_000;
/**
 * Ours: Chrome stops an utterance after about 15 s. Text is spoken in pieces of at most this many
 * characters (sentences packed together; a longer sentence split at commas, then at spaces): ~25
 * words, under 15 s even at the speaking test's rate of 0.8.
 */
export const MAX_UTTERANCE_CHARACTERS = 160;

// Recording (spec section 9). The types asked for (webm with opus; Apple's order) are in
// recorder-support.ts, which the /test page's first visit carries without the rest of this file.
/**
 * Bits a second the recorder is asked for. Opus at 32 kbit/s carries speech clearly (the recording's
 * analysis is measured on Opus at 32 kbit/s, decision 0031) at a quarter of Chrome's default of 128:
 * a 15-minute test is about 3.6 MB instead of 14 MB, so it reaches the server from a phone on a slow
 * connection four times sooner (the upload may take as long as 2,000 bytes a second need: 30 minutes
 * for 3.6 MB, shared/api/body-time-limits.ts). AAC (Safari) needs about twice that for the same clarity.
 */
export const RECORDING_BITS_PER_SECOND = { opus: 32_000, aac: 64_000 } as const;
/**
 * Ours: the interview's WAV download is mono 16-bit PCM at 16 kHz, the rate speech recognisers use:
 * clear speech at 32 KB a second (a 30-minute interview is ~58 MB; at 48 kHz it would be ~173 MB).
 */
export const WAV_SAMPLE_RATE = 16_000;
