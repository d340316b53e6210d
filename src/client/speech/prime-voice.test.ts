import { afterEach, describe, expect, it, vi } from 'vitest';
import { readDeviceInfo } from '../lib/device';
import { primeSpeech } from './prime-voice';

const AGENTS = {
  iPhone: ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1', 5],
  'Chrome on an iPhone': ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.156 Mobile/15E148 Safari/604.1', 5],
  'an iPad asking for desktop sites': ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15', 5],
  'Safari on a Mac': ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15', 0],
  'Chrome on Android': ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36', 5],
  'Chrome on Linux': ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36', 0],
} as const;

function spokenOn(agent: keyof typeof AGENTS): string[] {
  const spoken: string[] = [];
  vi.stubGlobal('SpeechSynthesisUtterance', class {
    constructor(readonly text: string) {}
  });
  vi.stubGlobal('speechSynthesis', { speak: (utterance: { text: string }) => spoken.push(utterance.text) });
  const [userAgent, touchPoints] = AGENTS[agent];
  primeSpeech(readDeviceInfo(userAgent, touchPoints));
  return spoken;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('primeSpeech (the tap that lets iOS speak)', () => {
  it.each(['iPhone', 'Chrome on an iPhone', 'an iPad asking for desktop sites'] as const)('speaks one empty utterance on %s', (agent) => {
    expect(spokenOn(agent)).toEqual(['']);
  });

  it.each(['Safari on a Mac', 'Chrome on Android', 'Chrome on Linux'] as const)('speaks nothing on %s (no such rule there, and Linux Chromium fails an empty utterance)', (agent) => {
    expect(spokenOn(agent)).toEqual([]);
  });

  it('does nothing where there is no speech synthesis', () => {
    vi.stubGlobal('speechSynthesis', undefined);
    expect(() => primeSpeech({ model: 'iPhone' })).not.toThrow();
  });
});
