/* SPEC.md section 4, 'Microphone (speaking test)' (flow/microphone.ts). */
import { describe, expect, it } from 'vitest';
import { FIRST_COMMANDS, initialState } from './machine.js';
import { selectScreen } from './selectors.js';
import { Driver, QUESTIONS, types } from './test-helpers.js';

describe('microphone', () => {
  it('asks for the microphone 1 s after the setup card appears', () => {
    const s = initialState({ questions: QUESTIONS, device: 'desktop', now: 0 });
    expect(s.stage).toBe('setup');
    expect(s.microphone.status).toBe('idle');
    expect(types(FIRST_COMMANDS)).toEqual(['schedule:micAutoRequest:1000']);
    const d = new Driver();
    expect(types(d.timer(1_000, 'micAutoRequest'))).toEqual(['requestMicrophone']);
    expect(d.state.microphone.status).toBe('requesting');
    d.send(1_200, { type: 'MIC_GRANTED' });
    expect(d.state.microphone.status).toBe('granted');
    expect(d.state.stage).toBe('ready');
    expect(selectScreen(d.state).startEnabled).toBe(true);
  });

  it('does not auto-request when the student already asked', () => {
    const d = new Driver();
    expect(types(d.send(500, { type: 'REQUEST_MICROPHONE' }))).toEqual(['requestMicrophone']);
    expect(d.timer(1_000, 'micAutoRequest')).toEqual([]);
  });

  it('denied, then Try Again requests again', () => {
    const d = new Driver();
    d.timer(1_000, 'micAutoRequest');
    d.send(1_100, { type: 'MIC_DENIED', message: 'Microphone access issue. Denied.' });
    expect(d.state.microphone).toEqual({ status: 'denied', demo: false, error: 'Microphone access issue. Denied.' });
    expect(d.state.stage).toBe('setup');
    expect(selectScreen(d.state).startEnabled).toBe(false);
    expect(types(d.send(5_000, { type: 'REQUEST_MICROPHONE' }))).toEqual(['requestMicrophone']);
    expect(d.state.microphone.status).toBe('requesting');
    expect(d.state.microphone.error).toBeNull();
    d.send(5_100, { type: 'MIC_GRANTED' });
    expect(d.state.stage).toBe('ready');
  });

  it('demo mode after a denial: granted with demo=true and an empty stream', () => {
    const d = new Driver();
    d.timer(1_000, 'micAutoRequest');
    d.send(1_100, { type: 'MIC_DENIED', message: 'x' });
    expect(types(d.send(2_000, { type: 'DEMO_MODE' }))).toEqual(['createDemoStream']);
    expect(d.state.microphone).toEqual({ status: 'granted', demo: true, error: null });
    expect(d.state.stage).toBe('ready');
  });

  it('Start Test does nothing before the microphone is granted', () => {
    const d = new Driver();
    expect(d.send(100, { type: 'START_TEST' })).toEqual([]);
    expect(d.state.stage).toBe('setup');
  });
});
