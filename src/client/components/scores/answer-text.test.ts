import { describe, expect, it } from 'vitest';
import { NO_RESPONSE_TEXT, NOT_RECORDED_TEXT, NOT_TRANSCRIBED_TEXT } from '../../../shared/interview/answer-texts';
import { anyAnswerText, wordlessAnswerText } from './answer-text';

describe('anyAnswerText: whether the highlight legend has anything to explain', () => {
  it('is false when every answer was recorded, not transcribed (empty or a placeholder)', () => {
    expect(anyAnswerText(['', '  ', ''])).toBe(false);
    expect(anyAnswerText([NOT_TRANSCRIBED_TEXT, NOT_RECORDED_TEXT])).toBe(false);
    expect(anyAnswerText([])).toBe(false);
  });

  it("is false when the only other answers are the spec's 'No response recorded'", () => {
    expect(anyAnswerText([NOT_TRANSCRIBED_TEXT, NO_RESPONSE_TEXT])).toBe(false);
  });

  it('is true when one answer has words', () => {
    expect(anyAnswerText(['', 'I grew up near the sea'])).toBe(true);
    expect(anyAnswerText([NOT_TRANSCRIBED_TEXT, 'um, well, yes'])).toBe(true);
  });
});

describe('wordlessAnswerText: what an answer without words reads', () => {
  it('is null for an answer with words, and a placeholder as it is', () => {
    expect(wordlessAnswerText('I grew up near the sea')).toBeNull();
    expect(wordlessAnswerText(NOT_TRANSCRIBED_TEXT, { noTranscript: true })).toBe(NOT_TRANSCRIBED_TEXT);
    expect(wordlessAnswerText(` ${NOT_RECORDED_TEXT} `)).toBe(NOT_RECORDED_TEXT);
  });

  it('an empty answer: nothing recognised where the browser transcribed; recorded, not transcribed where it did not', () => {
    expect(wordlessAnswerText('')).toBe('No answer was recognised.');
    expect(wordlessAnswerText(NO_RESPONSE_TEXT, { noTranscript: false })).toBe('No answer was recognised.');
    expect(wordlessAnswerText('', { noTranscript: true })).toBe('Recorded, not transcribed.');
    expect(wordlessAnswerText('  ', { noTranscript: true, recorded: false })).toBe('Not transcribed, and no recording was made.');
    // The interview's answer with no sound in the microphone.
    expect(wordlessAnswerText(NO_RESPONSE_TEXT, { noTranscript: true })).toBe('No answer was heard.');
  });
});
