import { Button, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { formatClock } from './recording-evidence';
import classes from './PlayerDock.module.css';
import { useAudioClock } from './useAudioClock';

/** Room the dock takes at the bottom of the screen, kept free below the page so it covers nothing at the end. */
const DOCK_ROOM = '88px';

/** Whether `element` is at least partly on the screen; true until it is known not to be. */
function useOnScreen(element: Element | null): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? true));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return onScreen;
}

/** Whether the recording plays now, and whether it has been played at all on this page. */
function usePlayback(audio: HTMLAudioElement | null): { playing: boolean; started: boolean } {
  const [state, setState] = useState({ playing: false, started: false });
  useEffect(() => {
    if (!audio) return undefined;
    const update = () => setState((was) => ({ playing: !audio.paused, started: was.started || !audio.paused }));
    const events = ['play', 'playing', 'pause', 'ended', 'emptied'] as const;
    for (const type of events) audio.addEventListener(type, update);
    update();
    return () => {
      for (const type of events) audio.removeEventListener(type, update);
    };
  }, [audio]);
  return state;
}

/**
 * Pause, play and the time of the recording, held at the bottom of the screen once it has been played
 * and its player is scrolled out of sight: a word tapped in the transcript or a place on the timeline
 * plays it thousands of pixels below the player, and a teacher on a phone could not stop it without
 * scrolling back up. While it shows, the page keeps room below its end (and for a focused field) so
 * the dock covers nothing.
 */
export function PlayerDock({ audio }: { audio: HTMLAudioElement | null }) {
  const onScreen = useOnScreen(audio);
  const { playing, started } = usePlayback(audio);
  const clock = useAudioClock(audio, useCallback((ms: number) => formatClock(ms), []));
  const shown = audio !== null && started && !onScreen;
  useEffect(() => {
    if (!shown) return undefined;
    const { body, documentElement } = document;
    const before = { padding: body.style.paddingBottom, scrollPadding: documentElement.style.scrollPaddingBottom };
    body.style.paddingBottom = DOCK_ROOM;
    documentElement.style.scrollPaddingBottom = DOCK_ROOM;
    return () => {
      body.style.paddingBottom = before.padding;
      documentElement.style.scrollPaddingBottom = before.scrollPadding;
    };
  }, [shown]);
  if (!shown) return null;
  const duration = Number.isFinite(audio.duration) ? formatClock(audio.duration * 1000) : null;
  const toggle = () => {
    if (audio.paused) void audio.play().catch(() => undefined);
    else audio.pause();
  };
  return (
    <section className={classes.dock} aria-label="Recording controls" data-testid="player-dock">
      <Button h={44} miw={88} onClick={toggle} aria-label={playing ? 'Pause the recording' : 'Play the recording'}>
        {playing ? 'Pause' : 'Play'}
      </Button>
      <Text size="sm" className={classes.clock}>
        {clock}
        {duration ? ` / ${duration}` : ''}
      </Text>
      <Button h={44} variant="subtle" className={classes.toPlayer} onClick={() => audio.scrollIntoView({ block: 'center' })}>
        Go to the player
      </Button>
    </section>
  );
}
