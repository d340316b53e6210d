import { describe, expect, it } from 'vitest';
import { INTERVIEW_VOICE, MAX_UTTERANCE_CHARACTERS, SPEAKING_TEST_VOICE, VOICES_LOAD_TIMEOUT_MS } from './constants.js';
import { countWords, estimateSpeakingMs, splitForSpeech, watchdogMs } from './speech-text.js';
import { FakeClock, FakeSynthesis, FakeUtterance, flush, voice } from './testing/fakes.js';
import { chooseVoice, createExaminerVoice, type SpeakResult } from './voice.js';

const QUESTION = 'Describe a place you like to visit.';

function setup(voices = [voice('English (India)', 'en-IN'), voice('English (America)', 'en-US')], settings = SPEAKING_TEST_VOICE) {
  const clock = new FakeClock();
  const synthesis = new FakeSynthesis(voices);
  const examiner = createExaminerVoice(settings, { synthesis, Utterance: FakeUtterance, clock });
  let result: SpeakResult | undefined;
  const speak = (text: string) => {
    result = undefined;
    const promise = examiner.speak(text);
    void promise.then((value) => (result = value));
    return promise;
  };
  return { clock, synthesis, examiner, speak, result: () => result };
}

describe('chooseVoice', () => {
  const voices = [
    voice('Afrikaans', 'af', true),
    voice('English (America)', 'en-US'),
    voice('English (Great Britain)', 'en-GB'),
    voice('English (India)', 'en_IN'),
    voice('English (India)+female2', 'en-IN'),
    voice('Hindi', 'hi-IN'),
  ];

  it('takes an exact language match first (Android writes en_IN)', () => {
    expect(chooseVoice(voices, 'en-IN')?.name).toBe('English (India)');
  });

  it('prefers a voice whose name says female among equally good ones', () => {
    expect(chooseVoice(voices, 'en-IN', 'female')?.name).toBe('English (India)+female2');
    expect(chooseVoice(voices, 'en-US', 'female')?.name).toBe('English (America)');
  });

  it('then the same language, then any English voice, then none (the browser default)', () => {
    expect(chooseVoice(voices.filter((v) => !v.lang.match(/IN$/i)), 'en-IN')?.lang).toMatch(/^en-/);
    expect(chooseVoice([voice('English (Scotland)', 'en-GB-scotland'), voice('French', 'fr-FR')], 'en-AU')?.name).toBe('English (Scotland)');
    expect(chooseVoice([voice('Hindi', 'hi-IN'), voice('French', 'fr-FR', true)], 'en-IN')).toBeNull();
    expect(chooseVoice([], 'en-IN')).toBeNull();
  });

  it("takes the browser's default among equals, else the first listed", () => {
    expect(chooseVoice([voice('A', 'en-US'), voice('B', 'en-US', true)], 'en-US')?.name).toBe('B');
    expect(chooseVoice([voice('A', 'en-US'), voice('B', 'en-US')], 'en-US')?.name).toBe('A');
  });

  // How long this takes is a bench row (bench/voices.ts, budget VOICE_CHOICE_BUDGET_MS), not a test.
  it('finds the one fitting voice listed last among 13,000 (headless Chromium lists that many)', () => {
    const many = Array.from({ length: 13_000 }, (_, index) => voice(`Voice ${index}`, ['af', 'de-DE', 'en-US', 'en-GB', 'fr-FR'][index % 5] ?? 'af'));
    many.push(voice('Last Female', 'en-IN'));
    expect(chooseVoice(many, 'en-IN', 'female')?.name).toBe('Last Female');
    // Without the exact match: the best of the same language's rank (en-GB and en-US), the first listed.
    expect(chooseVoice(many.slice(0, -1), 'en-IN', 'female')?.name).toBe('Voice 2');
    // Without any English voice: none, however long the list.
    expect(chooseVoice(many.filter((v) => !v.lang.startsWith('en')), 'en-IN', 'female')).toBeNull();
  });
});

describe('speech text', () => {
  it('estimates words / (150 wpm x rate)', () => {
    const words150 = Array.from({ length: 150 }, () => 'word').join(' ');
    expect(countWords(words150)).toBe(150);
    expect(estimateSpeakingMs(words150, 1)).toBe(60_000);
    expect(estimateSpeakingMs(words150, 0.8)).toBe(75_000);
    expect(estimateSpeakingMs('', 1)).toBe(0);
    expect(watchdogMs(words150, 1)).toBe(60_000 * 1.5 + 2_000);
  });

  it('keeps a short text whole and packs short sentences together', () => {
    expect(splitForSpeech(`  ${QUESTION}  `)).toEqual([QUESTION]);
    expect(splitForSpeech('Hello. How are you? Fine!', 12)).toEqual(['Hello.', 'How are you?', 'Fine!']);
    expect(splitForSpeech('Hello. How are you? Fine!', 20)).toEqual(['Hello. How are you?', 'Fine!']);
    expect(splitForSpeech('   ')).toEqual([]);
  });

  it('cuts a long text into pieces under the limit without losing a word', () => {
    const sentence =
      'Describe a festival that is important in your country, and you should say when it happens, what people do during it, what you like or dislike about it, and explain why it is important to the people who celebrate it every single year without fail';
    const text = `${sentence}. ${sentence}? Short one.`;
    const pieces = splitForSpeech(text);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(MAX_UTTERANCE_CHARACTERS);
    expect(pieces.join(' ')).toBe(text);
    expect(splitForSpeech('a'.repeat(25), 10)).toEqual(['aaaaaaaaaa', 'aaaaaaaaaa', 'aaaaa']);
  });
});

describe('createExaminerVoice', () => {
  it("speaks with the caller's language, rate, pitch and chosen voice, and reports 'ended'", async () => {
    const { synthesis, speak, clock } = setup();
    const spoken = speak(QUESTION);
    await flush();
    expect(synthesis.spoken).toHaveLength(1);
    expect(synthesis.spoken[0]).toMatchObject({ text: QUESTION, lang: 'en-IN', rate: 0.8, pitch: 1.2, voice: { name: 'English (India)' } });
    clock.time = 2_500;
    synthesis.finish();
    expect(await spoken).toEqual({ outcome: 'ended', voiceName: 'English (India)', elapsedMs: 2_500 });
  });

  it('uses the interview settings and prefers a female voice', async () => {
    const { synthesis, speak } = setup(
      [voice('English (India)', 'en-IN'), voice('English (India)+female1', 'en-IN'), voice('Google UK English Female', 'en-GB')],
      INTERVIEW_VOICE,
    );
    void speak(QUESTION);
    await flush();
    expect(synthesis.spoken[0]).toMatchObject({ lang: 'en-IN', rate: 0.9, pitch: 1.1, voice: { name: 'English (India)+female1' } });
  });

  it("waits for 'voiceschanged' when the list is not loaded yet", async () => {
    const { synthesis, speak, clock } = setup([]);
    void speak(QUESTION);
    await clock.advance(500);
    expect(synthesis.spoken).toHaveLength(0);
    synthesis.loadVoices([voice('English (America)', 'en-US')]);
    await flush();
    expect(synthesis.spoken[0]?.voice?.name).toBe('English (America)');
  });

  it(`speaks by language alone when no voice list comes within ${VOICES_LOAD_TIMEOUT_MS} ms`, async () => {
    const { synthesis, speak, clock } = setup([]);
    void speak(QUESTION);
    await clock.advance(VOICES_LOAD_TIMEOUT_MS - 1);
    expect(synthesis.spoken).toHaveLength(0);
    await clock.advance(1);
    expect(synthesis.spoken).toHaveLength(1);
    expect(synthesis.spoken[0]?.voice).toBeNull();
    expect(synthesis.spoken[0]?.lang).toBe('en-IN');
  });

  it("watchdog: resolves 'watchdog' when 'end' never comes, after the estimate with its margin", async () => {
    const { synthesis, speak, clock, result } = setup();
    void speak(QUESTION);
    const limit = watchdogMs(QUESTION, SPEAKING_TEST_VOICE.rate);
    await clock.advance(limit - 1);
    expect(result()).toBeUndefined();
    await clock.advance(1);
    expect(result()).toMatchObject({ outcome: 'watchdog', elapsedMs: limit });
    expect(synthesis.cancelCalls).toBe(1);
  });

  it("failed: 'synthesis-failed' at once (no voices) still resolves after the estimated speaking time", async () => {
    const { synthesis, speak, clock, result } = setup();
    void speak(QUESTION);
    await flush();
    synthesis.fail('synthesis-failed');
    const estimate = estimateSpeakingMs(QUESTION, SPEAKING_TEST_VOICE.rate);
    await clock.advance(estimate - 1);
    expect(result()).toBeUndefined();
    await clock.advance(1);
    expect(result()).toMatchObject({ outcome: 'failed', error: 'synthesis-failed', elapsedMs: estimate });
  });

  it("no speech synthesis at all: 'failed' after the estimate", async () => {
    const clock = new FakeClock();
    const examiner = createExaminerVoice(SPEAKING_TEST_VOICE, { synthesis: null, Utterance: null, clock });
    let result: SpeakResult | undefined;
    void examiner.speak(QUESTION).then((value) => (result = value));
    await clock.advance(estimateSpeakingMs(QUESTION, 0.8));
    expect(result).toMatchObject({ outcome: 'failed', error: 'not-supported', voiceName: null });
  });

  it('speaks a long text sentence by sentence, each after the one before has ended', async () => {
    const { synthesis, speak } = setup();
    const long = Array.from({ length: 6 }, (_, index) => `This is sentence number ${index + 1} of a rather long introduction to the test.`).join(' ');
    const spoken = speak(long);
    await flush();
    const expected = splitForSpeech(long);
    expect(expected.length).toBeGreaterThan(1);
    for (let index = 0; index < expected.length; index += 1) {
      expect(synthesis.spoken).toHaveLength(index + 1);
      expect(synthesis.spoken[index]?.text).toBe(expected[index]);
      synthesis.finish();
      await flush();
    }
    expect((await spoken).outcome).toBe('ended');
  });

  it("cancel() stops speaking and resolves 'cancelled'; a late 'end' changes nothing", async () => {
    const { synthesis, speak, examiner } = setup();
    const spoken = speak(QUESTION);
    await flush();
    const utterance = synthesis.spoken[0];
    expect(examiner.speaking).toBe(true);
    examiner.cancel();
    expect(synthesis.cancelCalls).toBe(1);
    utterance?.onend?.(new Event('end'));
    expect((await spoken).outcome).toBe('cancelled');
    expect(examiner.speaking).toBe(false);
  });

  it('a new question replaces the one being spoken', async () => {
    const { synthesis, examiner } = setup();
    const first = examiner.speak('First question?');
    await flush();
    const second = examiner.speak('Second question?');
    expect((await first).outcome).toBe('cancelled');
    await flush();
    expect(synthesis.spoken.map((utterance) => utterance.text)).toEqual(['First question?', 'Second question?']);
    synthesis.finish();
    expect((await second).outcome).toBe('ended');
  });

  it('cancel() during the wait after a failure resolves at once', async () => {
    const { synthesis, speak, examiner, clock } = setup();
    const spoken = speak(QUESTION);
    await flush();
    synthesis.fail();
    await clock.advance(100);
    examiner.cancel();
    expect((await spoken).outcome).toBe('cancelled');
  });

  it('an empty text ends at once', async () => {
    const { synthesis, speak } = setup();
    expect((await speak('  ')).outcome).toBe('ended');
    expect(synthesis.spoken).toHaveLength(0);
  });

  it('ready() resolves with the voice it will use', async () => {
    const { examiner } = setup();
    expect((await examiner.ready())?.name).toBe('English (India)');
  });
});
