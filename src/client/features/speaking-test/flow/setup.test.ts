/*
 * The setup flow (flow/setup.ts: what the /test page runs before Start Test, decision 0024) answers
 * every event before the test starts exactly as the whole flow (machine.ts, selectors.ts) does, so
 * that the whole flow can take over from its state at Start Test.
 */
import { describe, expect, it } from 'vitest';
import { initialState, speakingTestStep } from './machine.js';
import { selectScreen } from './selectors.js';
import { selectSetupScreen, setupStep } from './setup.js';
import { QUESTIONS, types } from './test-helpers.js';
import type { DeviceKind, EventWithoutNow, SpeakingTestEvent, SpeakingTestState } from './types.js';

type Step = [now: number, event: EventWithoutNow];

const PATHS: Record<string, Step[]> = {
  'granted after the auto-request': [
    [1_000, { type: 'TIMER', timer: 'micAutoRequest' }],
    [1_200, { type: 'MIC_GRANTED' }],
  ],
  'granted on a browser that cannot record': [
    [1_000, { type: 'TIMER', timer: 'micAutoRequest' }],
    [1_200, { type: 'MIC_GRANTED', canRecord: false }],
  ],
  'asked before the timer, then granted': [
    [500, { type: 'REQUEST_MICROPHONE' }],
    [1_000, { type: 'TIMER', timer: 'micAutoRequest' }],
    [1_300, { type: 'MIC_GRANTED' }],
  ],
  'denied, Try Again, granted': [
    [1_000, { type: 'TIMER', timer: 'micAutoRequest' }],
    [1_100, { type: 'MIC_DENIED', message: 'Microphone access issue. Denied.' }],
    [1_500, { type: 'START_TEST' }],
    [5_000, { type: 'REQUEST_MICROPHONE' }],
    [5_100, { type: 'MIC_GRANTED' }],
  ],
  'denied, demo mode': [
    [1_000, { type: 'TIMER', timer: 'micAutoRequest' }],
    [1_100, { type: 'MIC_DENIED', message: 'x' }],
    [2_000, { type: 'DEMO_MODE' }],
    [2_500, { type: 'DEMO_MODE' }],
  ],
  'the microphone fails on the ready card, the toast is shown': [
    [1_000, { type: 'TIMER', timer: 'micAutoRequest' }],
    [1_200, { type: 'MIC_GRANTED' }],
    [3_000, { type: 'MICROPHONE_ERROR', message: 'The microphone stopped working.' }],
    [3_100, { type: 'TOAST_SHOWN', id: 1 }],
  ],
  'events that belong to the test itself change nothing before it': [
    [200, { type: 'START_TEST' }],
    [300, { type: 'REPEAT_QUESTION' }],
    [400, { type: 'RETRY_RECOGNITION' }],
    [1_000, { type: 'TIMER', timer: 'micAutoRequest' }],
    [1_200, { type: 'MIC_GRANTED' }],
  ],
};

const DEVICES: Array<{ device: DeviceKind; recognition: boolean }> = [
  { device: 'desktop', recognition: true },
  { device: 'desktop', recognition: false },
  { device: 'android', recognition: true },
  { device: 'apple', recognition: true },
];

describe('the setup flow', () => {
  for (const [name, steps] of Object.entries(PATHS)) {
    it.each(DEVICES)(`${name} (%o): the same states, commands and screens as the whole flow`, ({ device, recognition }) => {
      let setup: SpeakingTestState = initialState({ questions: QUESTIONS, device, now: 0, recognition });
      let whole = setup;
      expect(selectSetupScreen(setup)).toEqual(selectScreen(whole));
      for (const [now, event] of steps) {
        const setupStepped = setupStep(setup, { ...event, now } as SpeakingTestEvent);
        const wholeStepped = speakingTestStep(whole, { ...event, now } as SpeakingTestEvent);
        expect(setupStepped).toEqual(wholeStepped);
        setup = setupStepped.state;
        whole = wholeStepped.state;
        expect(selectSetupScreen(setup)).toEqual(selectScreen(whole));
      }
    });
  }

  it('hands over at Start Test: the whole flow starts the test from the state the setup flow reached', () => {
    let state = initialState({ questions: QUESTIONS, device: 'desktop', now: 0 });
    state = setupStep(state, { type: 'TIMER', timer: 'micAutoRequest', now: 1_000 }).state;
    state = setupStep(state, { type: 'MIC_GRANTED', now: 1_200 }).state;
    expect(state.stage).toBe('ready');
    // The setup flow does not start the test itself...
    expect(setupStep(state, { type: 'START_TEST', now: 2_000 }).state.stage).toBe('ready');
    // ...the whole flow does, from its state.
    const started = speakingTestStep(state, { type: 'START_TEST', now: 2_000 });
    expect(started.state.stage).toBe('part1');
    expect(started.state.startedAt).toBe(2_000);
    expect(types(started.commands)).toEqual(['startRecording', 'startVoiceMeter', 'schedule:recordingCheck:5000', 'speak']);
    // The page chooses the questions as the test starts (the question bank comes with the running test).
    const chosen = { part1: ['Where do you live?'], part2: [{ topic: 'Describe a park', bullets: ['where it is'] }], part3: ['Why do cities need parks?'] };
    const withQuestions = speakingTestStep({ ...state, questions: { part1: [], part2: [], part3: [] } }, { type: 'START_TEST', now: 2_000, questions: chosen });
    expect(withQuestions.state.questions).toBe(chosen);
    expect(withQuestions.commands.find((c) => c.type === 'speak')).toMatchObject({ text: 'Where do you live?' });
  });
});
