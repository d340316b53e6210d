import { describe, expect, it } from 'vitest';
import { attemptLinkText } from './attempt-link';

describe('attemptLinkText', () => {
  it('names the recording only when one can be played, and the feedback once released', () => {
    expect(attemptLinkText({ recording: false, releasedAt: null })).toBe('Open this attempt: answers');
    expect(attemptLinkText({ recording: true, releasedAt: null })).toBe('Open this attempt: answers, recording');
    expect(attemptLinkText({ recording: false, releasedAt: '2026-05-01T10:00:00.000Z' })).toBe("Open this attempt: answers, teacher's feedback");
    expect(attemptLinkText({ recording: true, releasedAt: '2026-05-01T10:00:00.000Z' })).toBe("Open this attempt: answers, recording, teacher's feedback");
  });
});
