import { describe, expect, it } from 'vitest';
import { NOT_RECORDED_TEXT, NOT_TRANSCRIBED_TEXT } from '../../../shared/interview/answer-texts';
import { anyAnswerText } from './answer-text';

describe('anyAnswerText: whether the highlight legend has anything to explain', () => {
  it('is false when every answer was recorded, not transcribed (empty or a placeholder)', () => {
    expect(anyAnswerText(['', '  ', ''])).toBe(false);
    expect(anyAnswerText([NOT_TRANSCRIBED_TEXT, NOT_RECORDED_TEXT])).toBe(false);
    expect(anyAnswerText([])).toBe(false);
  });

  it('is true when one answer has words', () => {
    expect(anyAnswerText(['', 'I grew up near the sea'])).toBe(true);
    expect(anyAnswerText([NOT_TRANSCRIBED_TEXT, 'um, well, yes'])).toBe(true);
  });
});
