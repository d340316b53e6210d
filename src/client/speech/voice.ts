/*
 * The examiner's voice: speechSynthesis in the caller's language, rate and pitch (spec sections 4
 * and 9), with a watchdog so speak() always resolves and the screen can always show the question.
 *
 * Known faults handled here: Chrome with no voices fails at once ('synthesis-failed'); Chrome
 * sometimes never fires 'end' (then the watchdog gives up after the estimated time); Chrome stops
 * an utterance after ~15 s (long texts are spoken sentence by sentence); Chrome garbage-collects an
 * utterance nothing refers to and then never fires its events (the current one is kept here).
 */
import { systemClock, type Clock } from './clock.js';
import { VOICES_LOAD_TIMEOUT_MS, type ExaminerVoiceSettings } from './constants.js';
import { estimateSpeakingMs, splitForSpeech, watchdogMs } from './speech-text.js';

export type SpeakOutcome = 'ended' | 'watchdog' | 'failed' | 'cancelled';

export interface SpeakResult {
  outcome: SpeakOutcome;
  /** The voice used, or null when the browser chose by language alone. */
  voiceName: string | null;
  /** The browser's error for 'failed' ('synthesis-failed', 'not-allowed', 'not-supported', ...). */
  error?: string;
  elapsedMs: number;
}

export interface VoiceLike {
  readonly name: string;
  readonly lang: string;
  readonly default: boolean;
}

export interface UtteranceLike {
  text: string;
  lang: string;
  rate: number;
  pitch: number;
  voice: VoiceLike | null;
  onstart: ((event: Event) => void) | null;
  onend: ((event: Event) => void) | null;
  onerror: ((event: { error?: string }) => void) | null;
}

export type UtteranceConstructor = new (text: string) => UtteranceLike;

export interface SpeechSynthesisLike {
  readonly speaking: boolean;
  readonly pending: boolean;
  getVoices(): readonly VoiceLike[];
  speak(utterance: UtteranceLike): void;
  cancel(): void;
  addEventListener(type: 'voiceschanged', listener: () => void): void;
  removeEventListener(type: 'voiceschanged', listener: () => void): void;
}

export interface ExaminerVoiceDependencies {
  /** Default: window.speechSynthesis. Null: no speech synthesis (speak() waits the estimate, 'failed'). */
  synthesis?: SpeechSynthesisLike | null;
  Utterance?: UtteranceConstructor | null;
  clock?: Clock;
  voicesTimeoutMs?: number;
}

export interface ExaminerVoice {
  /** Says `text` (replacing anything being said); always resolves, saying how it ended. */
  speak(text: string): Promise<SpeakResult>;
  /** Stops speaking; the pending speak() resolves 'cancelled'. */
  cancel(): void;
  readonly speaking: boolean;
  /** The voice speak() will use, once the browser's list has loaded (or the wait timed out). */
  ready(): Promise<VoiceLike | null>;
  /** Stops speaking and listening for voice-list changes. */
  dispose(): void;
}

function normaliseLang(lang: string): string {
  return lang.replace(/_/g, '-').toLowerCase();
}

/**
 * The best voice for `lang`, in one pass (headless Chromium lists ~13,000 espeak voices): an exact
 * language match, then the same language (en-GB for en-IN), then any English voice; within a rank a
 * name containing `preferredName` (case-insensitive), then the browser's default, then list order.
 * Null when there is no English voice: the browser then picks one by the utterance's language.
 */
export function chooseVoice<V extends VoiceLike>(voices: readonly V[], lang: string, preferredName?: string): V | null {
  const wanted = normaliseLang(lang);
  const primary = wanted.split('-')[0] ?? wanted;
  const preferred = preferredName?.toLowerCase();
  let best: V | null = null;
  let bestScore = -1;
  for (const voice of voices) {
    const voiceLang = normaliseLang(voice.lang);
    let score: number;
    if (voiceLang === wanted) score = 300;
    else if (voiceLang.split('-')[0] === primary) score = 200;
    else if (voiceLang.startsWith('en')) score = 100;
    else continue;
    if (preferred && voice.name.toLowerCase().includes(preferred)) score += 20;
    if (voice.default) score += 10;
    if (score > bestScore) {
      best = voice;
      bestScore = score;
    }
  }
  return best;
}

interface Run {
  startedAt: number;
  done: boolean;
  voiceName: string | null;
  resolve(result: SpeakResult): void;
  /** Ends whatever the run is waiting for (an utterance or a pause). */
  interrupt: (() => void) | null;
  /** The utterance being spoken, kept referenced so Chrome does not collect it mid-way. */
  utterance: UtteranceLike | null;
}

type UtteranceOutcome = { kind: 'ended' } | { kind: 'watchdog' } | { kind: 'cancelled' } | { kind: 'failed'; error: string };

function browserSynthesis(): SpeechSynthesisLike | null {
  return typeof speechSynthesis === 'undefined' ? null : (speechSynthesis as unknown as SpeechSynthesisLike);
}

function browserUtterance(): UtteranceConstructor | null {
  return typeof SpeechSynthesisUtterance === 'undefined' ? null : (SpeechSynthesisUtterance as unknown as UtteranceConstructor);
}

export function createExaminerVoice(settings: ExaminerVoiceSettings, dependencies: ExaminerVoiceDependencies = {}): ExaminerVoice {
  const synthesis = dependencies.synthesis === undefined ? browserSynthesis() : dependencies.synthesis;
  const Utterance = dependencies.Utterance === undefined ? browserUtterance() : dependencies.Utterance;
  const clock = dependencies.clock ?? systemClock;
  const voicesTimeoutMs = dependencies.voicesTimeoutMs ?? VOICES_LOAD_TIMEOUT_MS;

  let voices: readonly VoiceLike[] = [];
  let chosen: VoiceLike | null | undefined;
  let run: Run | null = null;

  const onVoicesChanged = () => {
    voices = synthesis?.getVoices() ?? [];
    chosen = undefined;
  };
  const choice = (): VoiceLike | null => (chosen ??= chooseVoice(voices, settings.lang, settings.preferredVoiceName));

  // The list starts loading now, so it is normally there before the first question.
  const voicesLoaded: Promise<void> = new Promise((resolve) => {
    if (!synthesis) return resolve();
    synthesis.addEventListener('voiceschanged', onVoicesChanged);
    voices = synthesis.getVoices();
    if (voices.length > 0) return resolve();
    const timer = clock.setTimeout(() => {
      synthesis.removeEventListener('voiceschanged', first);
      resolve();
    }, voicesTimeoutMs);
    const first = () => {
      clock.clearTimeout(timer);
      synthesis.removeEventListener('voiceschanged', first);
      resolve();
    };
    synthesis.addEventListener('voiceschanged', first);
  });

  function settle(current: Run, outcome: SpeakOutcome, error?: string): void {
    if (current.done) return;
    current.done = true;
    if (run === current) run = null;
    current.utterance = null;
    current.resolve({ outcome, voiceName: current.voiceName, ...(error ? { error } : {}), elapsedMs: clock.now() - current.startedAt });
  }

  function pause(current: Run, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = clock.setTimeout(done, ms);
      function done() {
        clock.clearTimeout(timer);
        current.interrupt = null;
        resolve();
      }
      current.interrupt = done;
    });
  }

  function say(current: Run, text: string, voice: VoiceLike | null): Promise<UtteranceOutcome> {
    return new Promise((resolve) => {
      if (!synthesis || !Utterance) return resolve({ kind: 'failed', error: 'not-supported' });
      let utterance: UtteranceLike;
      try {
        utterance = new Utterance(text);
      } catch {
        return resolve({ kind: 'failed', error: 'not-supported' });
      }
      utterance.lang = settings.lang;
      utterance.rate = settings.rate;
      utterance.pitch = settings.pitch;
      if (voice) utterance.voice = voice;
      const timer = clock.setTimeout(() => finish({ kind: 'watchdog' }), watchdogMs(text, settings.rate));
      function finish(outcome: UtteranceOutcome) {
        clock.clearTimeout(timer);
        utterance.onend = null;
        utterance.onerror = null;
        current.interrupt = null;
        resolve(outcome);
      }
      utterance.onend = () => finish({ kind: 'ended' });
      utterance.onerror = (event) => {
        const error = event.error ?? 'synthesis-failed';
        finish(error === 'interrupted' || error === 'canceled' ? { kind: 'cancelled' } : { kind: 'failed', error });
      };
      current.interrupt = () => finish({ kind: 'cancelled' });
      current.utterance = utterance;
      try {
        synthesis.speak(utterance);
      } catch {
        finish({ kind: 'failed', error: 'synthesis-failed' });
      }
    });
  }

  async function drive(current: Run, text: string): Promise<void> {
    await voicesLoaded;
    if (current.done) return;
    const voice = choice();
    current.voiceName = voice?.name ?? null;
    const pieces = splitForSpeech(text);
    // A queue left stuck by an earlier fault would hold this utterance back for ever.
    if (synthesis && (synthesis.speaking || synthesis.pending)) synthesis.cancel();
    for (let index = 0; index < pieces.length; index += 1) {
      const outcome = await say(current, pieces[index] ?? '', voice);
      if (current.done) return;
      switch (outcome.kind) {
        case 'ended':
          continue;
        case 'cancelled':
          settle(current, 'cancelled');
          return;
        case 'watchdog':
          synthesis?.cancel();
          settle(current, 'watchdog');
          return;
        case 'failed':
          // The question is on the screen: give the student about the time it would have taken to hear it.
          await pause(current, estimateSpeakingMs(pieces.slice(index).join(' '), settings.rate));
          settle(current, 'failed', outcome.error);
          return;
      }
    }
    settle(current, 'ended');
  }

  function cancel(): void {
    const current = run;
    if (!current) return;
    settle(current, 'cancelled');
    current.interrupt?.();
    synthesis?.cancel();
  }

  function speak(text: string): Promise<SpeakResult> {
    cancel();
    return new Promise((resolve) => {
      const current: Run = { startedAt: clock.now(), done: false, voiceName: null, resolve, interrupt: null, utterance: null };
      run = current;
      void drive(current, text);
    });
  }

  return {
    speak,
    cancel,
    get speaking() {
      return run !== null;
    },
    ready: () => voicesLoaded.then(choice),
    dispose() {
      cancel();
      synthesis?.removeEventListener('voiceschanged', onVoicesChanged);
    },
  };
}
