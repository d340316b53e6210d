import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answerWindows, type AnswerWindow } from './answers.js';
import { readWavSamples } from './corpus.js';
import { speechFeatures } from './features.js';
import { measureRecording, searchSpan } from './measure.js';

const folder = mkdtempSync(path.join(tmpdir(), 'parley-measure-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const window = (startMs: number, endMs: number, text = 'words'): AnswerWindow => ({ part: 1, questionNumber: 1, startMs, endMs, text });

describe('where an answer\'s words are searched', () => {
  it('takes a stretch of speech crossing the window\'s edge whole, with half a second each side', () => {
    // The e2e's first answer (decision 0031): a 0.7 s window 330 ms into a 3.3 s sentence.
    // Its start is inside the widened window (4559); its end (8000) is not.
    const speech = [{ startMs: 0, endMs: 3150 }, { startMs: 4730, endMs: 8000 }];
    expect(searchSpan([window(5059, 5737)], 0, speech, 9060)).toEqual({ startMs: 4559, endMs: 8500 });
    // A window later in the sentence: its start crosses the window's edge too.
    expect(searchSpan([window(6000, 6700)], 0, speech, 9060)).toEqual({ startMs: 4230, endMs: 8500 });
  });

  it('never reaches into the next or the previous answer\'s window', () => {
    const windows = [window(1000, 2000), window(5059, 5737), window(7000, 9000)];
    expect(searchSpan(windows, 1, [{ startMs: 1500, endMs: 8000 }], 9060)).toEqual({ startMs: 2000, endMs: 7000 });
  });

  it('narrows to the speech inside the window when none crosses its edge', () => {
    expect(searchSpan([window(2000, 9000)], 0, [{ startMs: 4000, endMs: 5000 }], 12_000)).toEqual({ startMs: 3500, endMs: 5500 });
    expect(searchSpan([window(2000, 3000)], 0, [], 12_000)).toEqual({ startMs: 1500, endMs: 3500 });
  });
});

describe('a sentence the timeline\'s window covers only in part', () => {
  it('has every word placed, in order, on the sentence (espeak-ng, looped as the e2e\'s fake microphone, WebM/Opus)', async () => {
    // e2e/results-evidence.test.ts: espeak-ng's sentence then 1.2 s of silence, looped; the answer's
    // window (examiner's line to the recognizer's answer) is 0.7 s, a third of a second into the sentence.
    const text = 'My name is Asha Verma and I live in Pune with my family.';
    const spoken = path.join(folder, 'spoken.wav');
    const looped = path.join(folder, 'looped.wav');
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', path.join(folder, 'raw.wav'), text]);
    execFileSync('sox', ['-R', path.join(folder, 'raw.wav'), '-r', '48000', '-c', '1', '-b', '16', spoken, 'pad', '0', '1.2']);
    execFileSync('sox', ['-R', spoken, spoken, looped]);
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', looped, '-c:a', 'libopus', '-b:a', '32k', path.join(folder, 'looped.webm')]);
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', path.join(folder, 'looped.webm'), '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', path.join(folder, 'decoded.wav')]);
    const samples = readWavSamples(path.join(folder, 'decoded.wav'));
    const sentence = speechFeatures(samples).segments[1];
    if (!sentence) throw new Error('the second sentence was not heard');
    const outcome = await measureRecording(samples, { windows: [{ ...window(sentence.startMs + 330, sentence.startMs + 1010), text }] });
    if (outcome.status !== 'done') throw new Error(outcome.reason);
    const words = outcome.result.words as Array<{ word: string; startMs: number; endMs: number }>;
    expect(words.map((word) => word.word).join(' ')).toBe('my name is asha verma and i live in pune with my family');
    expect(outcome.result.hints).toEqual([]);
    for (const [i, word] of words.entries()) {
      expect(word.startMs, word.word).toBeGreaterThanOrEqual(sentence.startMs - 100);
      expect(word.endMs, word.word).toBeLessThanOrEqual(sentence.endMs + 100);
      expect(word.startMs, word.word).toBeGreaterThanOrEqual(words[i - 1]?.endMs ?? 0);
    }
  });
});

describe("an interview's recording, which holds only the answers", () => {
  it("has every answer's words placed on it from the saved places, where the interview's clock would miss them", async () => {
    // The page records only while an answer is listened to: three answers back to back (each with the
    // 0.5 s before the student speaks), though on the interview's clock they came 10-25 s apart.
    const answers = ['I work as a nurse in a busy city hospital', 'my greatest strength is patience with people', 'I want this role to learn and grow'];
    const parts = answers.map((text, i) => {
      const raw = path.join(folder, `answer-${i}-raw.wav`);
      execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', raw, text]);
      const padded = path.join(folder, `answer-${i}.wav`);
      execFileSync('sox', ['-R', raw, '-r', '16000', '-c', '1', '-b', '16', padded, 'pad', '0.5', '0.8']);
      return padded;
    });
    const joined = path.join(folder, 'interview.wav');
    execFileSync('sox', ['-R', ...parts, joined]);
    const lengths = parts.map((file) => Math.round(Number(execFileSync('soxi', ['-D', file]).toString()) * 1000));
    let at = 0;
    const questions = answers.map((answer, i) => {
      const startMs = at;
      at += lengths[i] ?? 0;
      return { questionId: i + 1, question: `Question ${i + 1}?`, category: 'Introduction', answer, timestamp: 12_000 + i * 25_000, recordingStartMs: startMs, recordingEndMs: at };
    });
    const samples = readWavSamples(joined);
    const wordsOf = async (sessionData: unknown) => {
      const outcome = await measureRecording(samples, { windows: answerWindows('interview', sessionData), aligner: true });
      if (outcome.status !== 'done') throw new Error(outcome.reason);
      return { words: outcome.result.words as Array<{ word: string }>, hints: outcome.result.hints as unknown[] };
    };
    const placed = await wordsOf({ questions });
    expect(placed.words.map((word) => word.word).join(' ')).toBe(answers.join(' ').toLowerCase());
    expect(placed.hints).toEqual([]);
    // Placed by the interview's clock instead (interviews saved before the page gave the places), the later answers are searched where the recording has none.
    const byClock = await wordsOf({ questions: questions.map(({ recordingStartMs: _start, recordingEndMs: _end, ...question }) => question) });
    expect(byClock.words.length).toBeLessThan(placed.words.length);
  });
});

describe("a speaking test's recording, which runs from Start Test", () => {
  it('has each answer measured from where its question ends, where the old placement lost its first words', async () => {
    // Three Part 1 answers as the page records them: the examiner's question (3 s, silent here), the
    // student's answer after 0.8 s, and the 3.2 s of silence after which the page closes the answer.
    const answers = ['I live in a small flat near the river', 'I usually cook dinner with my sister on weekends', 'I would like to visit Japan in the spring'];
    const parts = answers.map((text, i) => {
      const raw = path.join(folder, `test-answer-${i}-raw.wav`);
      execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', raw, text]);
      const padded = path.join(folder, `test-answer-${i}.wav`);
      execFileSync('sox', ['-R', raw, '-r', '16000', '-c', '1', '-b', '16', padded, 'pad', '3.8', '3.2']);
      return padded;
    });
    const joined = path.join(folder, 'speaking-test.wav');
    execFileSync('sox', ['-R', ...parts, joined]);
    const lengths = parts.map((file) => Math.round(Number(execFileSync('soxi', ['-D', file]).toString()) * 1000));
    const startedAt = Date.parse('2026-12-01T09:00:00.000Z');
    const iso = (ms: number) => new Date(startedAt + ms).toISOString();
    let at = 0;
    const timed = answers.map((answer, i) => {
      const questionEndsMs = at + 3_000;
      at += lengths[i] ?? 0;
      // The recogniser's timings: from the question's end to the first word, and the words' span.
      return { answer, questionEndsMs, closedMs: at, responseTimeMs: 800, speakingTimeMs: at - 3_200 - (questionEndsMs + 800) };
    });
    const pairs = timed.map(({ answer, questionEndsMs, closedMs, responseTimeMs, speakingTimeMs }, i) => ({
      part: 1,
      questionNumber: i + 1,
      question: `Question ${i + 1}?`,
      answer,
      timestamp: iso(closedMs),
      responseTimeMs,
      speakingTimeMs,
      recordingStartMs: questionEndsMs,
      recordingEndMs: closedMs,
    }));
    // As saved before the page sent the windows: each examiner line placed back from the close by the two timings.
    const transcript = timed.flatMap(({ answer, closedMs, responseTimeMs, speakingTimeMs }, i) => [
      { speaker: 'Examiner', text: `Question ${i + 1}?`, timestamp: iso(closedMs - speakingTimeMs - responseTimeMs), part: 1 },
      { speaker: 'Student', text: answer, timestamp: iso(closedMs), part: 1 },
    ]);
    const session = { duration: Math.round(at / 1000), completedAt: iso(at), transcript };
    const samples = readWavSamples(joined);
    const speakingOf = async (sessionData: unknown) => {
      const outcome = await measureRecording(samples, { windows: answerWindows('ielts', sessionData), aligner: true });
      if (outcome.status !== 'done') throw new Error(outcome.reason);
      return (outcome.result.answers as Array<{ speakingTimeMs: number; syllables: number }>).map(({ speakingTimeMs, syllables }) => ({ speakingTimeMs, syllables }));
    };
    const placed = await speakingOf({ ...session, questionAnswerPairs: pairs });
    const before = await speakingOf({ ...session, questionAnswerPairs: pairs.map(({ recordingStartMs: _start, recordingEndMs: _end, ...pair }) => pair) });
    // All of each answer's speech: windows over the whole of each part, question and silences included.
    const whole = await speakingOf({
      ...session,
      questionAnswerPairs: pairs.map((pair, i) => ({ ...pair, recordingStartMs: (timed[i - 1]?.closedMs ?? 0), recordingEndMs: timed[i]?.closedMs })),
    });
    expect(placed).toEqual(whole);
    for (const [i, all] of whole.entries()) {
      expect(all.speakingTimeMs).toBeGreaterThan(1_500);
      // Placed as before, the window began 2.4 s after the answer's first word.
      expect(before[i]?.speakingTimeMs ?? 0, `answer ${i + 1}`).toBeLessThan(all.speakingTimeMs - 1_500);
      expect(before[i]?.syllables ?? 0).toBeLessThan(all.syllables);
    }
  });
});
