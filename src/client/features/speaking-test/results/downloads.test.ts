import { describe, expect, it } from 'vitest';
import type { SpeakingTestAnswer } from '../../../../shared/speaking-test/answer';
import { CUE_CARDS } from '../../../../shared/speaking-test/questions';
import { scoreSpeakingTest } from '../../../../shared/speaking-test/scoring';
import { audioDescriptionFile, downloadExtension, recordingFile, transcriptFile, type TestFacts } from './downloads';

const answers: SpeakingTestAnswer[] = [
  { part: 1, questionNumber: 1, question: 'What is your name?', answer: 'My name is Asha.', responseTimeMs: 900, speakingTimeMs: 2000 },
  { part: 2, questionNumber: 1, question: CUE_CARDS[0]?.topic ?? '', answer: 'I went to Goa by train.', responseTimeMs: 1500, speakingTimeMs: 5000 },
];
const facts: TestFacts = {
  studentName: 'Asha',
  answers,
  questions: { part1: ['What is your name?'], part2: [CUE_CARDS[0] ?? { topic: '', bullets: [] }], part3: [] },
  startedAt: Date.parse('2026-11-21T18:00:00Z'),
  completedAt: Date.parse('2026-11-21T18:45:30Z'),
  timeZone: 'Asia/Kolkata',
};

describe('the results downloads', () => {
  it('names the transcript with the local date and writes the student, bands and answers', async () => {
    const file = transcriptFile(facts, scoreSpeakingTest(answers));
    expect(file.fileName).toBe('ielts-speaking-transcript-2026-11-22.txt');
    expect(file.blob.type).toBe('text/plain;charset=utf-8');
    const text = await file.blob.text();
    expect(text).toContain('Student: Asha');
    expect(text).toContain('Duration: 45 min 30 s');
    expect(text).toContain('Estimated band: not assessed');
    expect(text).toContain('  - how you travelled');
  });

  it('describes the complete audio with its timeline, or nothing without answers', async () => {
    const file = audioDescriptionFile(facts);
    expect(file?.fileName).toBe('ielts-speaking-audio-timeline-2026-11-22.txt');
    const text = (await file?.blob.text()) ?? '';
    expect(text).toContain('[0:00.0-0:03.0] Part 1, Examiner: What is your name?');
    expect(audioDescriptionFile({ ...facts, answers: [] })).toBeNull();
  });

  it('downloads the recording as mp4 from Apple devices and webm elsewhere', () => {
    expect(downloadExtension('audio/webm;codecs=opus')).toBe('webm');
    expect(downloadExtension('audio/mp4')).toBe('mp4');
    expect(downloadExtension('audio/aac')).toBe('mp4');
    expect(downloadExtension('')).toBe('webm');
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/mp4' });
    expect(recordingFile({ blob, mimeType: 'audio/mp4' }, facts.completedAt, facts.timeZone)).toEqual({
      blob,
      fileName: 'ielts-speaking-recording-2026-11-22.mp4',
    });
    expect(recordingFile(null, facts.completedAt, facts.timeZone)).toBeNull();
    expect(recordingFile({ blob: new Blob([]), mimeType: 'audio/webm' }, facts.completedAt, facts.timeZone)).toBeNull();
  });
});
