/** Which language and voice each screen uses on which device (spec sections 7 and 9). */
import type { DeviceInfo } from '../lib/device.js';
import {
  INTERVIEW_RECOGNITION_LANG,
  INTERVIEW_VOICE,
  RECOGNITION_LANG_DESKTOP,
  RECOGNITION_LANG_MOBILE,
  SPEAKING_TEST_VOICE,
  SPEAKING_TEST_VOICE_ANDROID,
  type ExaminerVoiceSettings,
} from './constants.js';

type DeviceKind = Pick<DeviceInfo, 'isAndroid' | 'isApple'>;

/** The speaking test listens in en-US on Apple and Android devices, en-IN elsewhere. */
export function speakingTestRecognitionLang(device: DeviceKind): string {
  return device.isApple || device.isAndroid ? RECOGNITION_LANG_MOBILE : RECOGNITION_LANG_DESKTOP;
}

/** The speaking test's examiner: en-IN, rate 0.8, pitch 1.2; on Android en-US, rate 0.9, pitch 1. */
export function speakingTestVoiceSettings(device: DeviceKind): ExaminerVoiceSettings {
  return { ...(device.isAndroid ? SPEAKING_TEST_VOICE_ANDROID : SPEAKING_TEST_VOICE) };
}

/** The interviewer: en-IN, rate 0.9, pitch 1.1, a voice named female preferred; listens in en-IN. */
export function interviewVoiceSettings(): ExaminerVoiceSettings {
  return { ...INTERVIEW_VOICE };
}

export const interviewRecognitionLang = (): string => INTERVIEW_RECOGNITION_LANG;
