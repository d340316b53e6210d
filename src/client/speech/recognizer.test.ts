import { describe, expect, it } from 'vitest';
import { ABORTED_RESTART_DELAY_MS, ON_DEVICE_CHECK_TIMEOUT_MS, RECOGNITION_STOP_TIMEOUT_MS } from './constants.js';
import {
  RECOGNITION_DENIED_MESSAGE,
  RECOGNITION_NETWORK_MESSAGE,
  RECOGNITION_NOT_SUPPORTED_MESSAGE,
  RECOGNITION_START_FAILED_MESSAGE,
  RECOGNITION_AUDIO_CAPTURE_MESSAGE,
  RECOGNITION_LANGUAGE_MESSAGE,
} from './messages.js';
import { createRecognizer } from './recognizer.js';
import type { RecognizerOptions } from './recognizer-types.js';
import { createFakeRecognitionClass, FakeClock, flush, type FakeRecognition, type FakeRecognitionOptions } from './testing/fakes.js';

function setup(options: Partial<RecognizerOptions> = {}, fakeOptions: FakeRecognitionOptions = {}) {
  const clock = new FakeClock();
  const Recognition = createFakeRecognitionClass(fakeOptions);
  const recognizer = createRecognizer({ lang: 'en-IN', SpeechRecognition: Recognition, clock, ...options });
  const log = {
    states: [] as string[],
    interims: [] as string[],
    finals: [] as Array<{ text: string; confidence: number | null; at: number }>,
    errors: [] as Array<{ code: string; message: string }>,
    ends: [] as string[],
    firstSpeech: [] as number[],
  };
  recognizer.on('state', (state) => log.states.push(state));
  recognizer.on('interim', (text) => log.interims.push(text));
  recognizer.on('final', (segment) => log.finals.push(segment));
  recognizer.on('error', (error) => log.errors.push(error));
  recognizer.on('end', (reason) => log.ends.push(reason));
  recognizer.on('firstSpeech', (at) => log.firstSpeech.push(at));
  const instance = (index: number): FakeRecognition => {
    const found = Recognition.instances[index];
    if (!found) throw new Error(`no recognition instance ${index} (have ${Recognition.instances.length})`);
    return found;
  };
  /** start() and the browser's 'start' event. */
  const listen = async () => {
    const started = recognizer.start();
    await flush();
    instance(Recognition.instances.length - 1).fireStart();
    await started;
  };
  return { clock, Recognition, recognizer, log, instance, listen };
}

describe('createRecognizer', () => {
  it('starts a continuous session with interim results in the caller language', async () => {
    const { recognizer, Recognition, log, listen } = setup({ lang: 'en-US' });
    expect(recognizer.state).toBe('idle');
    expect(recognizer.supported).toBe(true);
    await listen();
    const [session] = Recognition.instances;
    expect(session).toMatchObject({ lang: 'en-US', continuous: true, interimResults: true, started: true });
    expect(session?.processLocally).toBeUndefined();
    expect(recognizer.state).toBe('listening');
    expect(log.states).toEqual(['starting', 'listening']);
  });

  it('reports interim text, then each final segment with its confidence and time, and the first speech time', async () => {
    const { clock, log, instance, listen, recognizer } = setup();
    await listen();
    clock.time = 1_250;
    instance(0).interim('my name');
    clock.time = 1_900;
    instance(0).final('my name is Asha', 0.87);
    clock.time = 4_000;
    instance(0).interim('I live');
    instance(0).final('I live in Pune', 0.6);
    expect(log.interims).toEqual(['my name', '', 'I live', '']);
    expect(log.finals).toEqual([
      { text: 'my name is Asha', confidence: 0.87, at: 1_900 },
      { text: 'I live in Pune', confidence: 0.6, at: 4_000 },
    ]);
    expect(log.firstSpeech).toEqual([1_250]);
    expect(recognizer.firstSpeechAt).toBe(1_250);
  });

  it('takes the first speech time from a final when no interim came first, and resets it on the next start', async () => {
    const { clock, log, instance, listen, recognizer } = setup();
    await listen();
    clock.time = 3_000;
    instance(0).final('yes');
    await recognizer.stop();
    expect(recognizer.firstSpeechAt).toBe(3_000);
    await listen();
    expect(recognizer.firstSpeechAt).toBeNull();
    clock.time = 9_000;
    instance(1).interim('no');
    expect(log.firstSpeech).toEqual([3_000, 9_000]);
  });

  it('delivers each final once although Chrome repeats the whole result list in every event', async () => {
    const { log, instance, listen } = setup();
    await listen();
    const session = instance(0);
    session.deliver([{ transcript: 'one', isFinal: true, confidence: 0.9 }], 0);
    session.deliver([{ transcript: 'one', isFinal: true, confidence: 0.9 }, { transcript: 'tw', isFinal: false }], 1);
    session.deliver(
      [
        { transcript: 'one', isFinal: true, confidence: 0.9 },
        { transcript: 'two', isFinal: true, confidence: 0.8 },
      ],
      0,
    );
    expect(log.finals.map((segment) => segment.text)).toEqual(['one', 'two']);
  });

  it('restarts transparently when Chrome ends the session on its own, without repeating text', async () => {
    const { clock, log, instance, listen, Recognition, recognizer } = setup();
    await listen();
    instance(0).final('for the first minute I talked about my town');
    clock.time = 60_000;
    instance(0).end();
    await clock.advance(0);
    expect(Recognition.instances).toHaveLength(2);
    expect(instance(1)).toMatchObject({ started: true, lang: 'en-IN', continuous: true });
    instance(1).fireStart();
    // A new session's list starts again at index 0.
    instance(1).final('and then about the river');
    instance(1).end();
    await clock.advance(0);
    instance(2).final('and the market');
    expect(log.finals.map((segment) => segment.text)).toEqual([
      'for the first minute I talked about my town',
      'and then about the river',
      'and the market',
    ]);
    expect(log.states).toEqual(['starting', 'listening']);
    expect(log.ends).toEqual([]);
    expect(recognizer.state).toBe('listening');
    expect(recognizer.restarts).toBe(2);
  });

  it('waits restartDelayMs before a transparent restart', async () => {
    const { clock, instance, listen, Recognition } = setup({ restartDelayMs: 1_000 });
    await listen();
    instance(0).final('hello');
    instance(0).end();
    await clock.advance(999);
    expect(Recognition.instances).toHaveLength(1);
    await clock.advance(1);
    expect(Recognition.instances).toHaveLength(2);
  });

  it('keeps words that were still interim when Chrome ended the session', async () => {
    const { clock, log, instance, listen } = setup();
    await listen();
    instance(0).interim('because the weather');
    instance(0).end();
    await clock.advance(0);
    expect(log.finals).toEqual([{ text: 'because the weather', confidence: null, at: 0 }]);
    expect(log.interims).toEqual(['because the weather', '']);
  });

  it('captures a two-minute answer across Chrome ending every minute', async () => {
    const { clock, log, instance, listen, Recognition } = setup();
    await listen();
    const said: string[] = [];
    for (let second = 1; second <= 120; second += 1) {
      const session = instance(Recognition.instances.length - 1);
      clock.time = second * 1_000;
      const text = `sentence ${second}`;
      said.push(text);
      session.interim(text.slice(0, 5));
      session.final(text);
      if (second % 60 === 0) {
        session.end();
        await clock.advance(0);
      }
    }
    expect(log.finals.map((segment) => segment.text)).toEqual(said);
  });

  describe('on Android', () => {
    it('drops finals that Android sends again, alone or at the head of a longer final', async () => {
      const { clock, log, instance, listen } = setup({ isAndroid: true });
      await listen();
      const session = instance(0);
      session.deliver([{ transcript: 'my name is', isFinal: true, confidence: 0.9 }]);
      session.deliver([
        { transcript: 'my name is', isFinal: true, confidence: 0.9 },
        { transcript: 'my name is Asha', isFinal: true, confidence: 0.8 },
      ]);
      session.deliver([
        { transcript: 'my name is', isFinal: true, confidence: 0.9 },
        { transcript: 'my name is Asha', isFinal: true, confidence: 0.8 },
        { transcript: 'My name is Asha.', isFinal: true, confidence: 0.8 },
      ]);
      session.end();
      await clock.advance(0);
      // The next session repeats the answer so far, then goes on.
      instance(1).deliver([{ transcript: 'my name is Asha and I live in Pune', isFinal: true, confidence: 0.7 }]);
      expect(log.finals.map((segment) => segment.text)).toEqual(['my name is', 'Asha', 'and I live in Pune']);
    });

    it('restarts at most 3 times, then ends with restart-limit', async () => {
      const { clock, log, instance, listen, Recognition, recognizer } = setup({ isAndroid: true });
      await listen();
      for (let index = 0; index < 3; index += 1) {
        instance(index).final(`part ${index}`);
        instance(index).end();
        await clock.advance(0);
      }
      expect(Recognition.instances).toHaveLength(4);
      expect(recognizer.restarts).toBe(3);
      instance(3).final('part 3');
      instance(3).end();
      await clock.advance(5_000);
      expect(Recognition.instances).toHaveLength(4);
      expect(recognizer.state).toBe('idle');
      expect(log.ends).toEqual(['restart-limit']);
      expect(log.errors).toEqual([]);
      expect(log.finals).toHaveLength(4);
    });

    it('counts restarts from each start() anew', async () => {
      const { clock, instance, listen, Recognition, recognizer } = setup({ isAndroid: true });
      await listen();
      for (let index = 0; index < 4; index += 1) {
        instance(index).final('word');
        instance(index).end();
        await clock.advance(0);
      }
      expect(recognizer.state).toBe('idle');
      await listen();
      expect(Recognition.instances).toHaveLength(5);
      expect(recognizer.restarts).toBe(0);
    });
  });

  it('keeps restarting on desktop for as long as the caller listens', async () => {
    const { clock, instance, listen, Recognition, recognizer } = setup();
    await listen();
    for (let index = 0; index < 10; index += 1) {
      instance(index).final('more');
      instance(index).end();
      await clock.advance(0);
    }
    expect(Recognition.instances).toHaveLength(11);
    expect(recognizer.state).toBe('listening');
  });

  describe('errors', () => {
    it.each([
      ['not-allowed', RECOGNITION_DENIED_MESSAGE],
      ['service-not-allowed', RECOGNITION_DENIED_MESSAGE],
      ['network', RECOGNITION_NETWORK_MESSAGE],
    ])('%s: reports the spec text and stops listening', async (code, message) => {
      const { clock, log, instance, listen, Recognition, recognizer } = setup();
      await listen();
      instance(0).error(code);
      instance(0).end();
      await clock.advance(1_000);
      expect(log.errors).toEqual([{ code, message }]);
      expect(log.ends).toEqual(['error']);
      expect(recognizer.state).toBe('idle');
      expect(Recognition.instances).toHaveLength(1);
    });

    it('network mid-sentence: the words still interim are kept as a final before the error is reported', async () => {
      const { log, instance, listen, recognizer } = setup();
      const order: string[] = [];
      recognizer.on('final', ({ text }) => order.push(`final: ${text}`));
      recognizer.on('error', ({ code }) => order.push(`error: ${code}`));
      await listen();
      instance(0).interim('I want to work in');
      instance(0).error('network');
      instance(0).end();
      expect(order).toEqual(['final: I want to work in', 'error: network']);
      expect(log.finals[0]?.confidence).toBeNull();
      expect(log.interims.at(-1)).toBe('');
    });

    it('no-speech: ignored, keeps listening in a new session', async () => {
      const { clock, log, instance, listen, Recognition, recognizer } = setup();
      await listen();
      clock.time = 8_000;
      instance(0).error('no-speech');
      instance(0).end();
      await clock.advance(0);
      expect(log.errors).toEqual([]);
      expect(Recognition.instances).toHaveLength(2);
      expect(recognizer.state).toBe('listening');
    });

    it(`aborted (by the browser): keeps the words pending and restarts after ${ABORTED_RESTART_DELAY_MS} ms`, async () => {
      const { clock, log, instance, listen, Recognition } = setup({ restartDelayMs: 1_000 });
      await listen();
      clock.time = 5_000;
      instance(0).interim('I teach science');
      instance(0).error('aborted');
      instance(0).end();
      await clock.advance(ABORTED_RESTART_DELAY_MS - 1);
      expect(Recognition.instances).toHaveLength(1);
      await clock.advance(1);
      expect(Recognition.instances).toHaveLength(2);
      expect(log.errors).toEqual([]);
      expect(log.finals.map((segment) => segment.text)).toEqual(['I teach science']);
    });

    it('passes other errors on with their code and a sentence a student can act on, not the bare code', async () => {
      const { log, instance, listen, recognizer } = setup();
      await listen();
      instance(0).error('audio-capture', 'No microphone');
      instance(0).error('bad-grammar');
      expect(log.errors).toEqual([{ code: 'audio-capture', message: RECOGNITION_AUDIO_CAPTURE_MESSAGE }]);
      expect(recognizer.state).toBe('idle');
    });

    it.each([
      ['audio-capture', '', RECOGNITION_AUDIO_CAPTURE_MESSAGE],
      ['language-not-supported', '', RECOGNITION_LANGUAGE_MESSAGE],
      ['phrases-not-supported', '', 'Speech recognition stopped unexpectedly (the browser reported "phrases-not-supported"). Please try again.'],
      ['bad-grammar', 'Grammar could not be parsed', 'Speech recognition stopped unexpectedly (the browser reported "bad-grammar: Grammar could not be parsed"). Please try again.'],
    ])("'%s' reads as a sentence", async (code, message, expected) => {
      const { log, instance, listen } = setup();
      await listen();
      instance(0).error(code, message);
      expect(log.errors).toEqual([{ code, message: expected }]);
    });

    it('start failure: the spec text', async () => {
      const { log, recognizer } = setup({}, { throwOnStart: true });
      await recognizer.start();
      expect(log.errors).toEqual([{ code: 'start-failed', message: RECOGNITION_START_FAILED_MESSAGE }]);
      expect(recognizer.state).toBe('idle');
      expect(log.ends).toEqual(['error']);
    });

    it('no Web Speech API: not supported', async () => {
      const { log, recognizer } = setup({ SpeechRecognition: null });
      expect(recognizer.supported).toBe(false);
      await recognizer.start();
      expect(log.errors).toEqual([{ code: 'not-supported', message: RECOGNITION_NOT_SUPPORTED_MESSAGE }]);
      expect(recognizer.state).toBe('idle');
    });

    it('gives up with the start-failure text when sessions keep ending at once without a result', async () => {
      const { clock, log, instance, listen, Recognition, recognizer } = setup();
      await listen();
      for (let index = 0; index < 5; index += 1) {
        instance(index).end();
        await clock.advance(0);
      }
      expect(Recognition.instances).toHaveLength(5);
      expect(log.errors).toEqual([{ code: 'start-failed', message: RECOGNITION_START_FAILED_MESSAGE }]);
      expect(recognizer.state).toBe('idle');
    });
  });

  describe('on-device recognition', () => {
    it("recognises on the device when the browser says it is 'available'", async () => {
      const { listen, Recognition, recognizer } = setup({ lang: 'en-IN' }, { availability: 'available' });
      await listen();
      expect(Recognition.availabilityCalls).toEqual([{ langs: ['en-IN'], processLocally: true }]);
      expect(Recognition.instances[0]?.processLocally).toBe(true);
      expect(recognizer.onDevice).toBe(true);
    });

    it.each(['downloadable', 'downloading', 'unavailable'] as const)("uses the browser's service when it is '%s'", async (availability) => {
      const { listen, Recognition, recognizer } = setup({}, { availability });
      await listen();
      expect(Recognition.instances[0]?.processLocally).toBeUndefined();
      expect(recognizer.onDevice).toBe(false);
    });

    it(`uses the service when available() does not answer within ${ON_DEVICE_CHECK_TIMEOUT_MS} ms`, async () => {
      const { clock, recognizer, Recognition } = setup({}, { availability: 'never' });
      const started = recognizer.start();
      await clock.advance(ON_DEVICE_CHECK_TIMEOUT_MS - 1);
      expect(Recognition.instances).toHaveLength(0);
      expect(recognizer.state).toBe('starting');
      await clock.advance(1);
      Recognition.instances[0]?.fireStart();
      await started;
      expect(Recognition.instances[0]?.processLocally).toBeUndefined();
    });

    it('falls back to the service at once when the device rejects the language', async () => {
      const { clock, log, instance, listen, Recognition, recognizer } = setup({ isAndroid: true }, { availability: 'available' });
      await listen();
      instance(0).error('language-not-supported');
      instance(0).end();
      await clock.advance(0);
      expect(Recognition.instances).toHaveLength(2);
      expect(instance(1).processLocally).toBeUndefined();
      expect(log.errors).toEqual([]);
      expect(recognizer.restarts).toBe(0);
      expect(recognizer.onDevice).toBe(false);
    });

    it('checks availability once per recognizer', async () => {
      const { listen, recognizer, Recognition } = setup({}, { availability: 'available' });
      await listen();
      await recognizer.stop();
      await listen();
      expect(Recognition.availabilityCalls).toHaveLength(1);
      expect(Recognition.instances[1]?.processLocally).toBe(true);
    });
  });

  describe('stop and abort', () => {
    it('stop() reports nothing more of the session (the caller keeps the interim it was shown) and resolves when recognition has ended', async () => {
      const { log, instance, listen, recognizer } = setup({}, { endOnStop: false });
      await listen();
      instance(0).final('I work in a lab', 0.9);
      instance(0).interim('and that is');
      let resolved = false;
      const stopped = recognizer.stop().then(() => (resolved = true));
      expect(recognizer.state).toBe('stopping');
      expect(instance(0).stopCalls).toBe(1);
      expect(log.interims.at(-1)).toBe('');
      await flush();
      expect(resolved).toBe(false);
      instance(0).final('and that is all', 0.95);
      instance(0).interim('more');
      instance(0).end();
      await stopped;
      expect(log.finals.map((segment) => segment.text)).toEqual(['I work in a lab']);
      expect(log.interims.at(-1)).toBe('');
      expect(log.states).toEqual(['starting', 'listening', 'stopping', 'idle']);
      expect(log.ends).toEqual(['stopped']);
    });

    it(`stop() gives up waiting for 'end' after ${RECOGNITION_STOP_TIMEOUT_MS} ms`, async () => {
      const { clock, instance, listen, recognizer } = setup({}, { endOnStop: false });
      await listen();
      let resolved = false;
      void recognizer.stop().then(() => (resolved = true));
      await clock.advance(RECOGNITION_STOP_TIMEOUT_MS - 1);
      expect(resolved).toBe(false);
      await clock.advance(1);
      expect(resolved).toBe(true);
      expect(instance(0).abortCalls).toBe(1);
      expect(recognizer.state).toBe('idle');
    });

    it('stop() while waiting to restart ends at once, with no new session', async () => {
      const { clock, instance, listen, Recognition, recognizer } = setup({ restartDelayMs: 1_000 });
      await listen();
      instance(0).final('hello');
      instance(0).end();
      await recognizer.stop();
      await clock.advance(5_000);
      expect(Recognition.instances).toHaveLength(1);
      expect(recognizer.state).toBe('idle');
    });

    it('stop() while checking for on-device recognition starts nothing', async () => {
      const { clock, recognizer, Recognition, log } = setup({}, { availability: 'never' });
      void recognizer.start();
      await flush();
      await recognizer.stop();
      await clock.advance(ON_DEVICE_CHECK_TIMEOUT_MS);
      expect(Recognition.instances).toHaveLength(0);
      expect(log.ends).toEqual(['stopped']);
    });

    it('abort() stops at once and drops words not yet final', async () => {
      const { clock, log, instance, listen, Recognition, recognizer } = setup();
      await listen();
      instance(0).final('kept');
      instance(0).interim('dropped');
      recognizer.abort();
      expect(recognizer.state).toBe('idle');
      expect(instance(0).abortCalls).toBe(1);
      await clock.advance(1_000);
      expect(Recognition.instances).toHaveLength(1);
      expect(log.finals.map((segment) => segment.text)).toEqual(['kept']);
      expect(log.interims.at(-1)).toBe('');
      expect(log.ends).toEqual(['aborted']);
      expect(log.errors).toEqual([]);
    });

    it("start() while stopping listens again once the old session has ended, without the old session's late words", async () => {
      const { log, instance, Recognition, recognizer } = setup({}, { endOnStop: false });
      const first = recognizer.start();
      await flush();
      instance(0).fireStart();
      await first;
      instance(0).interim('my strengths are patience');
      const stopped = recognizer.stop();
      const again = recognizer.start();
      await flush();
      expect(Recognition.instances).toHaveLength(1);
      // The caller kept the interim it was shown: the late final and pending words would repeat it in the new listening.
      instance(0).final('My strengths are patience.', 0.9);
      instance(0).interim('and');
      instance(0).end();
      await stopped;
      await flush();
      expect(Recognition.instances).toHaveLength(2);
      instance(1).fireStart();
      await again;
      expect(recognizer.state).toBe('listening');
      instance(1).final('and careful planning', 0.9);
      expect(log.finals.map((segment) => segment.text)).toEqual(['and careful planning']);
    });

    it('start() while listening does not open a second session', async () => {
      const { listen, recognizer, Recognition } = setup();
      await listen();
      await recognizer.start();
      expect(Recognition.instances).toHaveLength(1);
    });
  });
});
