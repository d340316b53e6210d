import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * A whole speaking test's recording for the analysis bench: 21 answers spoken by espeak-ng
 * and flite at 130 to 180 words a minute, each after the silence in which the examiner asks, Part 2's
 * minute of preparation, the whole cut to RECORDING_SECONDS and encoded as the browser sends it (Opus
 * in WebM). The session data places every answer on the recording, as a saved test's does, so the
 * aligner works on each answer's stretch.
 */
export const RECORDING_SECONDS = 12 * 60;

const SENTENCES = [
  'I grew up in a small town near the coast where my family still lives',
  'in the morning I usually walk to the station and read the news on the train',
  'my favourite teacher at school taught history and made every lesson feel like a story',
  'I think public transport in big cities should be cheaper for students and older people',
  'at the weekend I like to cook for my friends and try recipes from other countries',
  'learning a language takes time but speaking every day helps more than reading books',
  'when I was a child we spent the summer holidays with my grandparents in the village',
  'technology has changed the way people work because many of us can work from home now',
  'I would like to visit Japan one day to see the temples and the gardens in spring',
  'the best way to stay healthy is to sleep well eat fresh food and walk every day',
];

interface Answer {
  part: 1 | 2 | 3;
  questionNumber: number;
  text: string;
}

function answersOfATest(): Answer[] {
  const answers: Answer[] = [];
  const sentence = (i: number) => SENTENCES[i % SENTENCES.length] ?? '';
  for (let n = 1; n <= 10; n += 1) answers.push({ part: 1, questionNumber: n, text: `${sentence(n)} and ${sentence(n + 3)}` });
  answers.push({ part: 2, questionNumber: 1, text: Array.from({ length: 9 }, (_, i) => sentence(i + 2)).join(' and ') });
  for (let n = 1; n <= 10; n += 1) answers.push({ part: 3, questionNumber: n, text: [sentence(n + 1), sentence(n + 5), sentence(n + 7)].join(' and ') });
  return answers;
}

function silence(folder: string, ms: number): string {
  const file = path.join(folder, `silence-${ms}.wav`);
  execFileSync('sox', ['-R', '-n', '-r', '16000', '-c', '1', '-b', '16', file, 'trim', '0', (ms / 1000).toFixed(3)]);
  return file;
}

function durationMs(file: string): number {
  return Math.round(Number(execFileSync('soxi', ['-D', file]).toString().trim()) * 1000);
}

export interface BenchRecording {
  webm: string;
  durationMs: number;
  sessionData: Record<string, unknown>;
  answers: number;
}

/** Makes the recording under `folder` (about 10 s of espeak-ng, flite, sox and ffmpeg work). */
export function makeTestRecording(folder: string, ffmpeg: string): BenchRecording {
  mkdirSync(folder, { recursive: true });
  const parts: string[] = [];
  const transcript: Array<Record<string, unknown>> = [];
  const pairs: Array<Record<string, unknown>> = [];
  // The test's clock: the recording starts at `start`; timestamps are ISO strings as the client sends.
  const start = Date.UTC(2026, 10, 20, 9, 0, 0);
  let at = 0;
  for (const [index, answer] of answersOfATest().entries()) {
    // The examiner's question (silence on the microphone), and Part 2's minute of preparation.
    const gap = answer.part === 2 ? 64_000 : 4_000;
    parts.push(silence(folder, gap));
    const asked = at + (answer.part === 2 ? 0 : 500);
    at += gap;
    const raw = path.join(folder, `answer-${index}-raw.wav`);
    const clip = path.join(folder, `answer-${index}.wav`);
    const wordsPerMinute = 130 + (index % 6) * 10;
    if (index % 3 === 2) execFileSync('flite', ['--setf', `duration_stretch=${(160 / wordsPerMinute).toFixed(3)}`, '-t', answer.text, '-o', raw]);
    else execFileSync('espeak-ng', ['-s', String(wordsPerMinute), '-w', raw, answer.text]);
    execFileSync('sox', ['-R', raw, '-r', '16000', '-c', '1', '-b', '16', clip]);
    parts.push(clip);
    at += durationMs(clip) + 700;
    parts.push(silence(folder, 700));
    transcript.push({ speaker: 'Examiner', text: `Question ${answer.part}.${answer.questionNumber}`, timestamp: new Date(start + asked).toISOString(), part: answer.part });
    transcript.push({ speaker: 'Student', text: answer.text, timestamp: new Date(start + at).toISOString(), part: answer.part });
    pairs.push({
      questionNumber: answer.questionNumber,
      question: `Question ${answer.part}.${answer.questionNumber}`,
      answer: answer.text,
      part: answer.part,
      timestamp: new Date(start + at).toISOString(),
      responseTimeMs: 800,
      speakingTimeMs: durationMs(clip),
      confidence: 0.9,
    });
  }
  if (at < RECORDING_SECONDS * 1000) parts.push(silence(folder, RECORDING_SECONDS * 1000 - at));
  const joined = path.join(folder, 'test.wav');
  execFileSync('sox', ['-R', '-V1', ...parts, joined, 'trim', '0', String(RECORDING_SECONDS)]);
  const webm = path.join(folder, 'test.webm');
  execFileSync(ffmpeg, ['-loglevel', 'error', '-y', '-i', joined, '-c:a', 'libopus', '-b:a', '32k', webm]);
  const kept = pairs.filter((pair) => Date.parse(String(pair.timestamp)) - start <= RECORDING_SECONDS * 1000);
  return {
    webm,
    durationMs: durationMs(joined),
    answers: kept.length,
    sessionData: {
      transcript,
      scores: { fluency: 6, vocabulary: 6, grammar: 6, pronunciation: 6, overall: 6 },
      duration: RECORDING_SECONDS,
      completedAt: new Date(start + RECORDING_SECONDS * 1000).toISOString(),
      questionAnswerPairs: kept,
    },
  };
}
