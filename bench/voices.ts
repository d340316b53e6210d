import { chooseVoice, type VoiceLike } from '../src/client/speech/voice.ts';

/**
 * The examiner voice's choice among a long voice list (`npm run bench`, called from bench/run.ts):
 * headless Chromium with speech-dispatcher lists about 13,000 espeak-ng voices, and `chooseVoice`
 * goes through them once per page. Measured in Node on a list of that size with the one fitting
 * voice last, so every voice is looked at. Moved here from voice.test.ts, which keeps the answer.
 */
export const VOICE_LIST_LENGTH = 13_000;
const RUNS = 50;
const WARMUP_RUNS = 5;

export interface VoiceChoiceRow {
  voices: number;
  runs: number;
  medianMs: number;
  maxMs: number;
  /** The voice chosen (it must be the one en-IN voice named female, the last one listed). */
  chosen: string | null;
}

/** The list the unit test also checks: 13,000 voices in five other languages, then one en-IN voice named female. */
export function longVoiceList(length = VOICE_LIST_LENGTH): VoiceLike[] {
  const languages = ['af', 'de-DE', 'en-US', 'en-GB', 'fr-FR'];
  const voices: VoiceLike[] = Array.from({ length }, (_, index) => ({ name: `Voice ${index}`, lang: languages[index % languages.length] ?? 'af', default: false }));
  voices.push({ name: 'Last Female', lang: 'en-IN', default: false });
  return voices;
}

export function runVoiceChoiceBench(): VoiceChoiceRow {
  const voices = longVoiceList();
  let chosen: string | null = null;
  for (let run = 0; run < WARMUP_RUNS; run += 1) chooseVoice(voices, 'en-IN', 'female');
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    chosen = chooseVoice(voices, 'en-IN', 'female')?.name ?? null;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return { voices: voices.length, runs: RUNS, medianMs: round(times[Math.floor(RUNS / 2)] ?? 0), maxMs: round(times[RUNS - 1] ?? 0), chosen };
}

export function voiceChoiceMarkdown(row: VoiceChoiceRow): string[] {
  return [
    '## Examiner voice: choosing among a long voice list',
    '',
    '| voices | runs | median | slowest | chosen |',
    '|---:|---:|---:|---:|---|',
    `| ${row.voices.toLocaleString('en-GB')} | ${row.runs} | ${row.medianMs.toFixed(3)} ms | ${row.maxMs.toFixed(3)} ms | ${row.chosen ?? 'none'} |`,
    '',
  ];
}
