import { describe, expect, it } from 'vitest';
import { statusAnnouncement, timeAnnouncement } from './announcements';

describe('timeAnnouncement', () => {
  it('changes only every 5 minutes, then in the last minute and at the end', () => {
    expect(timeAnnouncement(30 * 60_000)).toBe('30 minutes left');
    expect(timeAnnouncement(29 * 60_000 + 59_000)).toBe('30 minutes left');
    expect(timeAnnouncement(25 * 60_000 + 1)).toBe('30 minutes left');
    expect(timeAnnouncement(25 * 60_000)).toBe('25 minutes left');
    expect(timeAnnouncement(5 * 60_000 + 1)).toBe('10 minutes left');
    expect(timeAnnouncement(61_000)).toBe('5 minutes left');
    expect(timeAnnouncement(60_000)).toBe('1 minute left');
    expect(timeAnnouncement(1)).toBe('1 minute left');
    expect(timeAnnouncement(0)).toBe('Time is up');
  });

  it('says the same thing for every second inside a 5-minute step', () => {
    const said = new Set<string>();
    for (let ms = 20 * 60_000 + 1; ms <= 25 * 60_000; ms += 1000) said.add(timeAnnouncement(ms));
    expect([...said]).toEqual(['25 minutes left']);
  });
});

describe('statusAnnouncement', () => {
  const question = 'Tell me about yourself.';
  const at = (questionText: string, isSpeaking: boolean, isRecording: boolean) => statusAnnouncement({ questionLabel: 'Question 2 of 9', questionText, isSpeaking, isRecording, paused: null });

  it('reads the question itself, with its number, while the interviewer asks it', () => {
    expect(at(question, true, false)).toBe('Question 2 of 9: Tell me about yourself.');
  });

  it('then says what is happening, without reading the question again', () => {
    expect(at(question, false, true)).toBe('Listening to your answer.');
    expect(at(question, false, false)).toBe('Recording stopped.');
  });

  it('before a question is asked: the greeting, or the wait before the next question', () => {
    expect(at('', true, false)).toBe('Question 2 of 9. The interviewer is speaking.');
    expect(at('', false, false)).toBe('Question 2 of 9. Get ready for the next question.');
  });

  it('while paused: that it is paused and what Continue does, whatever the question', () => {
    const paused = { message: 'You left.', resumeNote: 'Continue when you are ready: the interviewer asks this question again.' };
    expect(statusAnnouncement({ questionLabel: 'Question 2 of 9', questionText: question, isSpeaking: false, isRecording: false, paused })).toBe(
      'Interview paused. Continue when you are ready: the interviewer asks this question again.',
    );
  });
});
