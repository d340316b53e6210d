/*
 * Seeking in the teacher's player in a browser driven without Playwright (Firefox over BiDi, WebKit
 * over WebDriver): `seekAll` runs in the page (it is sent as text, so it is self-contained), and
 * `expectLandings` checks what it gives back in the test.
 */
import { expect } from 'vitest';

export interface Landing {
  target: number;
  landed: number;
  /** Where the player was after playing on for a moment from there. */
  playedOn: number;
}

export interface SeekResult {
  duration: number;
  landings: Landing[];
  /** Why a wait never ended, with what the player was doing; undefined when every seek went through. */
  stuck?: string;
}

/**
 * Runs in the page: the page's player set to each target, read after its 'seeked' event, then
 * played (muted) until its time moves on, and read again. A wait that never ends (no metadata, no
 * 'seeked', play() never settling) gives up after 15 s and says what the player was doing.
 */
export async function seekAll(targets: number[]): Promise<SeekResult> {
  const audio = document.querySelector('audio');
  if (!audio) throw new Error('no audio element');
  const state = () => `readyState ${audio.readyState}, networkState ${audio.networkState}, currentTime ${audio.currentTime}, error ${audio.error?.code ?? 'none'} ${audio.error?.message ?? ''}`;
  const within = <T>(promise: Promise<T>, what: string) =>
    Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: ${state()}`)), 15_000))]);
  audio.muted = true;
  const landings: Landing[] = [];
  try {
    if (audio.readyState < 1) await within(new Promise((resolve) => audio.addEventListener('loadedmetadata', resolve, { once: true })), 'no metadata');
    for (const target of targets) {
      audio.pause();
      const seeked = new Promise((resolve) => audio.addEventListener('seeked', resolve, { once: true }));
      audio.currentTime = target;
      await within(seeked, `no 'seeked' after currentTime = ${target}`);
      const landed = audio.currentTime;
      // WebKitGTK sometimes leaves play()'s promise pending while it plays: watch the time instead.
      audio.play().catch(() => {});
      const movedOn = new Promise<void>((resolve) => {
        const askedAt = Date.now();
        let askedAgain = false;
        const check = () => {
          if (audio.currentTime > landed + 0.2) return resolve();
          // WebKitGTK's player on a loaded machine has stalled after a seek (readyState 2, the seek
          // itself right) until play is pressed again, as a listener would: once, after 6 s.
          if (!askedAgain && Date.now() - askedAt > 6_000) {
            askedAgain = true;
            audio.pause();
            audio.play().catch(() => {});
          }
          setTimeout(check, 50);
        };
        check();
      });
      await within(movedOn, `it did not play on from ${target}`);
      audio.pause();
      landings.push({ target, landed, playedOn: audio.currentTime });
    }
  } catch (error) {
    return { duration: audio.duration, landings, stuck: String(error) };
  }
  return { duration: audio.duration, landings };
}

/** Every target was reached, landing within `toleranceS` of it, and the player played on from there. */
export function expectLandings(result: SeekResult, targets: number[], toleranceS = 0.5): void {
  expect(result.stuck).toBeUndefined();
  expect(result.landings.map((l) => l.target)).toEqual(targets);
  for (const { target, landed, playedOn } of result.landings) {
    expect(Math.abs(landed - target), `seek to ${target} s landed at ${landed} s`).toBeLessThanOrEqual(toleranceS);
    // It plays on from where it landed (not from 0:00, not from the last downloaded part).
    expect(playedOn, `after the seek to ${target} s it played from ${playedOn} s`).toBeGreaterThanOrEqual(target - toleranceS);
    expect(playedOn).toBeLessThan(target + 5);
  }
}
