import { describe, expect, it } from 'vitest';
import { initialInterviewState } from './interview-state';
import { interviewStep } from './reducer';
import { welcomeGreeting } from './start-step';
import { formatCountdown, selectInterviewView } from './selectors';
import { InterviewSim, QUESTIONS } from './simulator.test-helpers';

describe('formatCountdown', () => {
  it('writes mm:ss, rounding up to whole seconds and never below zero', () => {
    expect(formatCountdown(1_800_000)).toBe('30:00');
    expect(formatCountdown(1_799_001)).toBe('30:00');
    expect(formatCountdown(1_799_000)).toBe('29:59');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(999)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
  });
});

describe('selectInterviewView', () => {
  it('shows the permission view first', () => {
    const state = initialInterviewState({ questions: QUESTIONS, studentName: 'Asha', now: 0 });
    expect(selectInterviewView(state)).toEqual({ view: 'permission', title: 'Microphone Access Required', buttonLabel: 'Allow Microphone Access' });
  });

  it('counts the progress and the countdown from the event clock', () => {
    const sim = new InterviewSim(QUESTIONS, 0);
    sim.dispatch({ type: 'MIC_GRANTED' });
    sim.dispatch({ type: 'START' });
    sim.finishSpeech();
    sim.advanceTo(3_000);
    sim.finishSpeech();
    sim.dispatch({ type: 'NEXT' });
    sim.advanceTo(4_500);
    expect(selectInterviewView(sim.state)).toMatchObject({
      view: 'active',
      title: 'Interview Simulation',
      questionLabel: 'Question 2 of 3',
      questionText: QUESTIONS[1]!.question,
      countdown: '29:56',
      remainingMs: 1_795_500,
      nextButtonLabel: 'Next Question',
    });
    expect(selectInterviewView(sim.state)).toHaveProperty('progressPercent', 67);
  });

  it('shows the ended view after the page was hidden', () => {
    const sim = new InterviewSim(QUESTIONS, 0);
    sim.dispatch({ type: 'MIC_GRANTED' });
    sim.dispatch({ type: 'START' });
    sim.dispatch({ type: 'PAGE_CLOSED' });
    expect(selectInterviewView(sim.state)).toEqual({ view: 'ended' });
  });
});

describe('reducer plumbing', () => {
  it("returns each event's commands only, in order, leaving the previous state as it was", () => {
    const initial = initialInterviewState({ questions: QUESTIONS, studentName: 'Asha', now: 0 });
    const granted = interviewStep(initial, { type: 'MIC_GRANTED', now: 1 });
    expect(initial.view).toBe('permission');
    const started = interviewStep(granted.state, { type: 'START', now: 2 });
    expect(started.commands.map((command) => command.type)).toEqual(['schedule', 'schedule', 'schedule', 'startVoiceMeter', 'speak']);
    const failed = interviewStep(started.state, { type: 'RECOGNITION_ERROR', now: 3, code: 'network', message: 'offline' });
    expect(failed.commands.map((command) => command.type)).toEqual(['toast']);
  });

  it('goes on after a failed greeting, logging it', () => {
    const sim = new InterviewSim(QUESTIONS, 0);
    sim.dispatch({ type: 'MIC_GRANTED' });
    sim.dispatch({ type: 'START' });
    sim.finishSpeech('failed');
    expect(sim.commandsOf('log')).toHaveLength(1);
    sim.advanceTo(3_000);
    expect(sim.lastSpeak().text).toBe(QUESTIONS[0]!.question);
  });

  it('leaves the name out of the greeting when there is none', () => {
    expect(welcomeGreeting('  ', 1)).toMatch(/^Hello, welcome to your mock interview\. I will ask you 1 question based/);
    expect(welcomeGreeting('Asha', 20)).toMatch(/^Hello Asha, welcome .* 20 questions/);
  });
});
