/*
 * The browser speech boundary: recogniser, examiner voice, recorder, microphone and WAV export.
 * Import it only from the speaking-test and interview pages (lazy routes): it stays off the
 * sign-in pages' first visit.
 */
export { systemClock, type Clock } from './clock.js';
export * from './constants.js';
export { type Subscribable } from './emitter.js';
export * from './messages.js';
export {
  createSilentStream,
  describeMicrophoneError,
  MicrophoneError,
  releaseStream,
  requestMicrophone,
  type MicrophoneErrorCode,
  type MicrophoneRequestOptions,
  type SilentStream,
} from './microphone.js';
export { interviewRecognitionLang, interviewVoiceSettings, speakingTestRecognitionLang, speakingTestVoiceSettings } from './presets.js';
export { createRecognizer } from './recognizer.js';
export type {
  FinalSegment,
  Recognizer,
  RecognizerEndReason,
  RecognizerError,
  RecognizerErrorCode,
  RecognizerEvents,
  RecognizerOptions,
  RecognizerState,
} from './recognizer-types.js';
export { trimRepeatedFinal } from './repeated-finals.js';
export {
  chooseRecordingMimeType,
  createAudioRecorder,
  recordingExtension,
  type AudioRecorder,
  type AudioRecorderOptions,
  type MediaRecorderConstructor,
  type MediaRecorderLike,
  type RecorderState,
  type RecordingResult,
  type WebmDurationFixer,
} from './recorder.js';
export { canRecord, type RecorderSupportOptions } from './recorder-support.js';
export { realClock, recordingStopwatch, type RecordingStopwatch } from './recording-stopwatch.js';
export { countWords, estimateSpeakingMs, splitForSpeech, watchdogMs } from './speech-text.js';
export {
  chooseVoice,
  createExaminerVoice,
  type ExaminerVoice,
  type ExaminerVoiceDependencies,
  type SpeakOutcome,
  type SpeakResult,
  type SpeechSynthesisLike,
  type UtteranceConstructor,
  type UtteranceLike,
  type VoiceLike,
} from './voice.js';
export { downmixToMono, encodeWav, recordingToWav, toInt16, WAV_HEADER_BYTES, type DecodedAudio, type WavConversionOptions } from './wav.js';
export {
  findSpeechRecognition,
  type SpeechRecognitionAvailability,
  type SpeechRecognitionConstructor,
  type SpeechRecognitionLike,
} from './web-speech-types.js';
export { createVoiceGate, levelDb, startVoiceMeter, type VoiceChange, type VoiceGate, type VoiceMeter } from './voice-activity.js';
