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
  const at = (questionText: string, isSpeaking: boolean, isRecording: boolean, autoAdvanceSeconds: number | null = null) =>
    statusAnnouncement({ questionLabel: 'Question 2 of 9', questionNumber: 2, questionText, isSpeaking, isRecording, paused: null, autoAdvanceSeconds });

  it('reads the question itself, with its number, while the interviewer asks it', () => {
    expect(at(question, true, false)).toBe('Question 2 of 9: Tell me about yourself.');
  });

  it('then says what is happening, without reading the question again', () => {
    expect(at(question, false, true)).toBe('Listening to your answer.');
    expect(at(question, false, false)).toBe('Recording stopped.');
  });

  it('once words are heard, says once that the interview moves on after a silence, without ticking', () => {
    const moving = 'Listening. The interview moves on 8 seconds after you stop speaking.';
    expect(at(question, false, true, 8)).toBe(moving);
    expect(at(question, false, true, 3)).toBe(moving);
  });

  it('before a question is asked: the greeting, or the wait before the next question', () => {
    expect(at('', true, false)).toBe('Question 2 of 9. The interviewer is speaking.');
    expect(at('', false, false)).toBe('Question 2 of 9. Get ready for the next question.');
    expect(statusAnnouncement({ questionLabel: 'Question 1 of 9', questionNumber: 1, questionText: '', isSpeaking: false, isRecording: false, paused: null, autoAdvanceSeconds: null })).toBe(
      'Question 1 of 9. Get ready for the first question.',
    );
  });

  it('while paused: that it is paused and what Continue does, whatever the question', () => {
    const paused = { message: 'You left.', resumeNote: 'Continue when you are ready: the interviewer asks this question again.' };
    expect(statusAnnouncement({ questionLabel: 'Question 2 of 9', questionNumber: 2, questionText: question, isSpeaking: false, isRecording: false, paused, autoAdvanceSeconds: 5 })).toBe(
      'Interview paused. Continue when you are ready: the interviewer asks this question again.',
    );
  });
});
