import { describe, expect, it } from 'vitest';
import { interviewRecognitionLang, interviewVoiceSettings, speakingTestRecognitionLang, speakingTestVoiceSettings } from './presets.js';

const desktop = { isAndroid: false, isApple: false };
const android = { isAndroid: true, isApple: false };
const apple = { isAndroid: false, isApple: true };

describe('speech presets (spec sections 7 and 9)', () => {
  it('speaking test: en-US recognition on Apple and Android, en-IN elsewhere', () => {
    expect(speakingTestRecognitionLang(desktop)).toBe('en-IN');
    expect(speakingTestRecognitionLang(android)).toBe('en-US');
    expect(speakingTestRecognitionLang(apple)).toBe('en-US');
  });

  it('speaking test voice: en-IN 0.8 / 1.2; Android en-US 0.9 / 1', () => {
    expect(speakingTestVoiceSettings(desktop)).toEqual({ lang: 'en-IN', rate: 0.8, pitch: 1.2 });
    expect(speakingTestVoiceSettings(apple)).toEqual({ lang: 'en-IN', rate: 0.8, pitch: 1.2 });
    expect(speakingTestVoiceSettings(android)).toEqual({ lang: 'en-US', rate: 0.9, pitch: 1 });
  });

  it('interview: en-IN 0.9 / 1.1 preferring a female voice; listens in en-IN', () => {
    expect(interviewVoiceSettings()).toEqual({ lang: 'en-IN', rate: 0.9, pitch: 1.1, preferredVoiceName: 'female' });
    expect(interviewRecognitionLang()).toBe('en-IN');
  });
});
