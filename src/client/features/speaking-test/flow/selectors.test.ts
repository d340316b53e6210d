import { describe, expect, it } from 'vitest';
import { selectProgress, selectScreen } from './selectors.js';
import { Driver, QUESTIONS } from './test-helpers.js';

describe('progress', () => {
  it('is 0 before the test, part / 3 during it and 100 when complete', () => {
    const d = new Driver();
    expect(selectProgress(d.state)).toMatchObject({ label: 'Part 1 of 3', percent: 0 });
    d.start(10_000);
    const p1 = selectProgress(d.state);
    expect(p1.label).toBe('Part 1 of 3');
    expect(p1.percent).toBe(33);
    expect(p1.markers).toEqual([
      { part: 1, label: 'Part 1', current: true, done: false },
      { part: 2, label: 'Part 2', current: false, done: false },
      { part: 3, label: 'Part 3', current: false, done: false },
    ]);
    expect(selectProgress({ ...d.state, stage: 'part2' })).toMatchObject({ label: 'Part 2 of 3', percent: 67 });
    const p3 = selectProgress({ ...d.state, stage: 'part3' });
    expect(p3).toMatchObject({ label: 'Part 3 of 3', percent: 100 });
    expect(p3.markers.map((m) => m.done)).toEqual([true, true, false]);
    const done = selectProgress({ ...d.state, stage: 'complete' });
    expect(done).toMatchObject({ label: 'Complete', percent: 100 });
    expect(done.markers.every((m) => m.done && !m.current)).toBe(true);
  });
});

describe('screen', () => {
  it('shows the part title, the question and the live transcript on desktop', () => {
    const d = new Driver();
    expect(selectScreen(d.state)).toMatchObject({ stage: 'setup', microphone: 'idle', startEnabled: false, partTitle: null, question: null });
    d.start(10_000);
    expect(selectScreen(d.state)).toMatchObject({ stage: 'part1', partTitle: 'Introduction & Interview', startEnabled: false, answering: false });
    expect(selectScreen(d.state).question).toEqual({ text: QUESTIONS.part1[0], number: 1, of: 10 });
    d.speechDone(12_000);
    d.timer(12_500, 'afterQuestion');
    expect(selectScreen(d.state).answering).toBe(true);
    d.send(13_000, { type: 'FINAL', text: 'My name is Asha.' });
    d.send(13_500, { type: 'INTERIM', text: 'I am from' });
    expect(selectScreen(d.state)).toMatchObject({ showTranscript: true, transcript: 'My name is Asha. I am from' });
  });

  it('shows the cue card and the countdown in Part 2', () => {
    const d = new Driver();
    d.start(0);
    const state = { ...d.state, stage: 'part2' as const, phase: 'part2Preparation' as const, countdownSeconds: 42 };
    expect(selectScreen(state)).toMatchObject({ partTitle: 'Cue Card', part2Phase: 'preparation', countdownSeconds: 42, question: null, cueCard: QUESTIONS.part2[0] });
  });

  it('shows a recognition error message', () => {
    const d = new Driver();
    d.start(0);
    d.send(10, { type: 'RECOGNITION_ERROR', code: 'network', message: 'Network error. Please check your internet connection.' });
    expect(selectScreen(d.state).recognitionError).toBe('Network error. Please check your internet connection.');
  });

  it('turns recording and microphone failures into toasts', () => {
    const apple = new Driver('apple');
    apple.start(0);
    apple.send(10, { type: 'RECORDING_ERROR' });
    expect(selectScreen(apple.state).toasts).toEqual([
      { id: 1, title: 'Recording Error', description: 'Audio recording setup failed. Please ensure microphone permissions are granted in Safari settings.', variant: 'destructive' },
    ]);
    const desktop = new Driver();
    desktop.start(0);
    desktop.send(10, { type: 'RECORDING_ERROR' });
    desktop.send(20, { type: 'MICROPHONE_ERROR', message: 'Track ended' });
    expect(selectScreen(desktop.state).toasts.map((t) => `${t.title}: ${t.description}`)).toEqual([
      'Recording Error: Audio recording may not be available in this browser.',
      'Microphone Error: Track ended',
    ]);
  });
});
