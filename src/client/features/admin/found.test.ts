import { describe, expect, it } from 'vitest';
import { foundSentence } from './found';

describe('the sentence a search or filter reads out', () => {
  it('says no, one or the number found, with the noun for one or many, and what was asked', () => {
    expect(foundSentence(0, 'student', 'students', 'matching “pupil”')).toBe('Found no students matching “pupil”.');
    expect(foundSentence(1, 'student', 'students', 'matching “pupil”')).toBe('Found 1 student matching “pupil”.');
    expect(foundSentence(4, 'speaking test', 'speaking tests', 'on Thursday 1 January 2026')).toBe('Found 4 speaking tests on Thursday 1 January 2026.');
  });
});
