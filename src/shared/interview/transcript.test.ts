import { describe, expect, it } from 'vitest';
import { buildInterviewTranscriptText, interviewAudioFileName, interviewTranscriptFileName, localDateStamp } from './transcript.js';

describe('buildInterviewTranscriptText', () => {
  it('writes one "Question n / Answer" block per question, in order', () => {
    const text = buildInterviewTranscriptText([
      { question: 'Asha, please tell me about yourself.', answer: 'I studied commerce.\nThen I joined a bank.' },
      { question: 'What are your strengths?', answer: '' },
      { question: 'Any questions?', answer: '  No response recorded ' },
      { question: 'Anything else?', answer: 'Thank you.' },
    ]);
    expect(text).toBe(
      [
        'Question 1: Asha, please tell me about yourself.',
        'Answer: I studied commerce. Then I joined a bank.',
        '',
        'Question 2: What are your strengths?',
        'Answer: No response recorded',
        '',
        'Question 3: Any questions?',
        'Answer: No response recorded',
        '',
        'Question 4: Anything else?',
        'Answer: Thank you.',
        '',
      ].join('\n'),
    );
  });

  it('is empty for no questions', () => {
    expect(buildInterviewTranscriptText([])).toBe('');
  });
});

describe('file names', () => {
  it.each([
    [new Date(2026, 0, 5, 0, 0, 1), '2026-01-05'],
    [new Date(2026, 11, 31, 23, 59, 59), '2026-12-31'],
    [new Date(999, 8, 9, 12), '0999-09-09'],
  ])('uses the local calendar day of %s', (date, stamp) => {
    expect(localDateStamp(date)).toBe(stamp);
    expect(interviewTranscriptFileName(date)).toBe(`interview-transcript-${stamp}.txt`);
    expect(interviewAudioFileName(date)).toBe(`interview-audio-${stamp}.wav`);
  });
});
