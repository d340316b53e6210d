import { useEffect, useState } from 'react';

/**
 * What `select` makes of the audio element's current time (ms), kept up to date: on `timeupdate`,
 * seeks and metadata, and on every animation frame while playing (`timeupdate` alone comes only
 * about four times a second: too coarse for a word). The component re-renders only when the selected
 * value changes, so a transcript of 2,000 words re-renders when the current word changes, not 60 times
 * a second. `select` must be stable (useCallback) or the listeners are re-attached on every render.
 */
export function useAudioClock<T extends number | string | boolean | null>(audio: HTMLAudioElement | null, select: (ms: number) => T): T {
  const [value, setValue] = useState<T>(() => select(0));
  useEffect(() => {
    if (!audio) return undefined;
    let frame = 0;
    const update = () => setValue(select(audio.currentTime * 1000));
    const tick = () => {
      update();
      frame = requestAnimationFrame(tick);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      update();
    };
    const updates = ['timeupdate', 'seeking', 'seeked', 'loadedmetadata', 'emptied'] as const;
    for (const type of updates) audio.addEventListener(type, update);
    audio.addEventListener('playing', start);
    audio.addEventListener('pause', stop);
    audio.addEventListener('ended', stop);
    audio.addEventListener('waiting', stop);
    if (audio.paused) update();
    else start();
    return () => {
      cancelAnimationFrame(frame);
      for (const type of updates) audio.removeEventListener(type, update);
      audio.removeEventListener('playing', start);
      audio.removeEventListener('pause', stop);
      audio.removeEventListener('ended', stop);
      audio.removeEventListener('waiting', stop);
    };
  }, [audio, select]);
  return value;
}

/** Moves the player to `ms`; with `play`, plays from there (a refused play, e.g. no audio output, is left silent). */
export function seekAudio(audio: HTMLAudioElement | null, ms: number, { play = false }: { play?: boolean } = {}): void {
  if (!audio) return;
  audio.currentTime = Math.max(0, ms / 1000);
  if (play && audio.paused) void audio.play().catch(() => undefined);
}
