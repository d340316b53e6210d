/*
 * Scripted stand-ins for the browser's speech objects and clock, for the unit tests of this
 * boundary (Vitest, node environment). Not imported by the app.
 */
import type { Clock } from '../clock.js';
import type { SpeechSynthesisLike, UtteranceLike, VoiceLike } from '../voice.js';
import type {
  SpeechRecognitionAvailability,
  SpeechRecognitionAvailabilityOptions,
  SpeechRecognitionConstructor,
  SpeechRecognitionErrorEventLike,
  SpeechRecognitionLike,
  SpeechRecognitionResultEventLike,
} from '../web-speech-types.js';

/** A clock whose time moves only when told; timers fire in order as it moves. */
export class FakeClock implements Clock {
  time = 0;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();

  now = (): number => this.time;

  setTimeout = (callback: () => void, ms: number): unknown => {
    const id = this.nextId;
    this.nextId += 1;
    this.timers.set(id, { at: this.time + Math.max(0, ms), callback });
    return id;
  };

  clearTimeout = (handle: unknown): void => {
    this.timers.delete(handle as number);
  };

  get pendingTimers(): number {
    return this.timers.size;
  }

  /** Moves time on by `ms`, firing due timers in order and letting promises settle after each. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await flush();
    for (;;) {
      let nextId: number | undefined;
      let next: { at: number; callback: () => void } | undefined;
      for (const [id, timer] of this.timers) {
        if (timer.at <= end && (!next || timer.at < next.at)) {
          nextId = id;
          next = timer;
        }
      }
      if (nextId === undefined || !next) break;
      this.timers.delete(nextId);
      this.time = next.at;
      next.callback();
      await flush();
    }
    this.time = end;
  }
}

/** Lets pending promise callbacks run. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export interface ScriptedResult {
  transcript: string;
  isFinal: boolean;
  confidence?: number;
}

function resultList(results: readonly ScriptedResult[]): SpeechRecognitionResultList {
  const list = results.map((result) => {
    const alternative = { transcript: result.transcript, confidence: result.confidence ?? 0 };
    return Object.assign([alternative], { isFinal: result.isFinal, item: () => alternative });
  });
  return Object.assign(list, { item: (index: number) => list[index] }) as unknown as SpeechRecognitionResultList;
}

export interface FakeRecognitionOptions {
  /** What SpeechRecognition.available() answers; undefined: the browser has no available(). */
  availability?: SpeechRecognitionAvailability | 'never';
  /** start() throws (as Chrome does when started twice). */
  throwOnStart?: boolean;
  /** stop() makes the session end (default true). */
  endOnStop?: boolean;
}

export interface FakeRecognitionClass extends SpeechRecognitionConstructor {
  new (): FakeRecognition;
  readonly instances: FakeRecognition[];
  readonly availabilityCalls: SpeechRecognitionAvailabilityOptions[];
}

/** One recognition session, driven by the test. */
export interface FakeRecognition extends SpeechRecognitionLike {
  started: boolean;
  stopCalls: number;
  abortCalls: number;
  results: ScriptedResult[];
  fireStart(): void;
  /** Adds a final result at the end of this session's list and delivers the list. */
  final(transcript: string, confidence?: number): void;
  /** Sets the trailing non-final result (replacing an earlier one) and delivers the list. */
  interim(transcript: string): void;
  /** Delivers exactly this list, with this resultIndex. */
  deliver(results: ScriptedResult[], resultIndex?: number): void;
  error(code: string, message?: string): void;
  end(): void;
}

export function createFakeRecognitionClass(options: FakeRecognitionOptions = {}): FakeRecognitionClass {
  const instances: FakeRecognition[] = [];
  const availabilityCalls: SpeechRecognitionAvailabilityOptions[] = [];

  class Fake implements FakeRecognition {
    lang = '';
    continuous = false;
    interimResults = false;
    maxAlternatives = 1;
    processLocally?: boolean;
    onstart: ((event: Event) => void) | null = null;
    onend: ((event: Event) => void) | null = null;
    onaudiostart: ((event: Event) => void) | null = null;
    onresult: ((event: SpeechRecognitionResultEventLike) => void) | null = null;
    onerror: ((event: SpeechRecognitionErrorEventLike) => void) | null = null;
    started = false;
    stopCalls = 0;
    abortCalls = 0;
    results: ScriptedResult[] = [];

    constructor() {
      instances.push(this);
    }

    start(): void {
      if (options.throwOnStart) throw new Error('InvalidStateError');
      this.started = true;
    }

    stop(): void {
      this.stopCalls += 1;
      if (options.endOnStop ?? true) queueMicrotask(() => this.end());
    }

    abort(): void {
      this.abortCalls += 1;
      queueMicrotask(() => {
        this.error('aborted');
        this.end();
      });
    }

    fireStart(): void {
      this.onstart?.(new Event('start'));
    }

    final(transcript: string, confidence = 0.9): void {
      const withoutInterim = this.results.filter((result) => result.isFinal);
      this.results = [...withoutInterim, { transcript, isFinal: true, confidence }];
      this.deliver(this.results, withoutInterim.length);
    }

    interim(transcript: string): void {
      const finals = this.results.filter((result) => result.isFinal);
      this.results = [...finals, { transcript, isFinal: false }];
      this.deliver(this.results, finals.length);
    }

    deliver(results: ScriptedResult[], resultIndex = 0): void {
      this.onresult?.({ resultIndex, results: resultList(results) });
    }

    error(code: string, message = ''): void {
      this.onerror?.({ error: code, message });
    }

    end(): void {
      this.onend?.(new Event('end'));
    }
  }

  const available =
    options.availability === undefined
      ? undefined
      : (request: SpeechRecognitionAvailabilityOptions): Promise<SpeechRecognitionAvailability> => {
          availabilityCalls.push(request);
          const answer = options.availability;
          return answer === 'never' || answer === undefined ? new Promise(() => {}) : Promise.resolve(answer);
        };
  return Object.assign(Fake, { instances, availabilityCalls, ...(available ? { available } : {}) }) as unknown as FakeRecognitionClass;
}

export function voice(name: string, lang: string, isDefault = false): VoiceLike {
  return { name, lang, default: isDefault };
}

export class FakeUtterance implements UtteranceLike {
  lang = '';
  rate = 1;
  pitch = 1;
  voice: VoiceLike | null = null;
  onstart: ((event: Event) => void) | null = null;
  onend: ((event: Event) => void) | null = null;
  onerror: ((event: { error?: string }) => void) | null = null;

  constructor(public text: string) {}
}

/** speechSynthesis whose utterances end only when the test says so. */
export class FakeSynthesis implements SpeechSynthesisLike {
  voices: VoiceLike[] = [];
  spoken: FakeUtterance[] = [];
  cancelCalls = 0;
  private readonly listeners = new Set<() => void>();

  constructor(voices: VoiceLike[] = []) {
    this.voices = voices;
  }

  get speaking(): boolean {
    return this.current !== undefined;
  }

  get pending(): boolean {
    return false;
  }

  /** The utterance being spoken: the last one handed to speak() that has not ended. */
  current: FakeUtterance | undefined;

  getVoices(): readonly VoiceLike[] {
    return this.voices;
  }

  speak(utterance: UtteranceLike): void {
    const fake = utterance as FakeUtterance;
    this.spoken.push(fake);
    this.current = fake;
  }

  cancel(): void {
    this.cancelCalls += 1;
    const current = this.current;
    this.current = undefined;
    current?.onerror?.({ error: 'interrupted' });
  }

  /** The current utterance ends normally. */
  finish(): void {
    const current = this.current;
    this.current = undefined;
    current?.onend?.(new Event('end'));
  }

  fail(error = 'synthesis-failed'): void {
    const current = this.current;
    this.current = undefined;
    current?.onerror?.({ error });
  }

  loadVoices(voices: VoiceLike[]): void {
    this.voices = voices;
    for (const listener of [...this.listeners]) listener();
  }

  addEventListener(_type: 'voiceschanged', listener: () => void): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'voiceschanged', listener: () => void): void {
    this.listeners.delete(listener);
  }
}
