import { Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { RecordingAnalysis } from '../../../shared/api/recording-analysis';
import { countedPauses, formatClock, pauseBars, shortAnswerLabel, spanBars, timeTicks, timeToX, xToTime } from './recording-evidence';
import classes from './RecordingEvidence.module.css';
import { stopIndexAt, timelineStops } from './timeline-stops';
import { seekAudio, useAudioClock } from './useAudioClock';

/* Rows of the drawing, in px: answers on top, the speech track, hint marks, the time axis. */
const ANSWERS = { top: 0, height: 18 };
const TRACK = { top: 22, height: 26 };
const PAUSE = { top: TRACK.top + 8, height: TRACK.height - 16 };
const HINTS = { top: TRACK.top + TRACK.height + 3, height: 7 };
const AXIS = { top: HINTS.top + HINTS.height + 2, label: HINTS.top + HINTS.height + 16 };
const HEIGHT = AXIS.label + 4;
/** Room a timeline label needs per character at 11 px. */
const CHAR_PX = 6.5;

function Playhead({ audio, durationMs, width }: { audio: HTMLAudioElement | null; durationMs: number; width: number }) {
  const x = useAudioClock(
    audio,
    useCallback((ms: number) => timeToX(ms, durationMs, width), [durationMs, width]),
  );
  return (
    <g className={classes.playhead} transform={`translate(${x} 0)`} data-testid="timeline-playhead">
      <line x1={0} x2={0} y1={ANSWERS.top} y2={AXIS.top} />
      <circle cx={0} cy={TRACK.top - 2} r={3.5} />
    </g>
  );
}

const KEY_STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The recording as a picture: each answer's stretch, speech as bars, pauses between them, the words
 * to listen to, and a playhead following the player. A click plays from there. For the keyboard and
 * a screen reader, the answers on it are its stops (timeline-stops.ts), as a player's chapters are:
 * one tab stop for the whole timeline (a roving tabindex, as the transcript's words), the arrow keys,
 * Home and End move between answers, each read with where it is and its long pauses, and Enter or
 * Space plays from its start; while the keyboard is elsewhere, the tab stop follows the answer being
 * played. The drawing itself is hidden from screen readers: the stops and the caption say it. Drawn
 * in the container's real pixels, so that the labels stay readable on a phone.
 */
export function RecordingTimeline({ analysis, audio, summary }: { analysis: RecordingAnalysis; audio: HTMLAudioElement | null; summary: string }) {
  const { ref, width } = useElementSize<HTMLDivElement>();
  const durationMs = analysis.durationMs ?? analysis.segments.at(-1)?.endMs ?? 0;
  const drawing = useMemo(() => {
    if (width <= 0 || durationMs <= 0) return null;
    return {
      answers: spanBars(analysis.answers, durationMs, width).map((bar, i) => ({ bar, label: shortAnswerLabel(analysis.answers[i] ?? { part: null, questionNumber: i + 1 }) })),
      speech: spanBars(analysis.segments, durationMs, width),
      pauses: pauseBars(countedPauses(analysis), durationMs, width),
      hints: analysis.hints.map((hint) => ({ hint, x: timeToX(hint.startMs, durationMs, width) })),
      ticks: timeTicks(durationMs, width).map((ms) => ({ ms, x: timeToX(ms, durationMs, width) })),
    };
  }, [analysis, durationMs, width]);

  const stops = useMemo(() => timelineStops(analysis, durationMs), [analysis, durationMs]);
  const svg = useRef<SVGSVGElement>(null);
  const playing = useAudioClock(
    audio,
    useCallback((ms: number) => stopIndexAt(stops, ms), [stops]),
  );
  const [focusedStop, setFocusedStop] = useState<number | null>(null);
  const tabStop = Math.min(focusedStop ?? Math.max(0, playing), stops.length - 1);
  const focusStop = (index: number) => svg.current?.querySelector<SVGElement>(`[data-stop="${index}"]`)?.focus();

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const step = KEY_STEPS[event.key];
    const last = stops.length - 1;
    let next: number | null = null;
    if (step !== undefined) next = Math.min(last, Math.max(0, tabStop + step));
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const stop = stops[tabStop];
      if (stop) seekAudio(audio, stop.startMs, { play: true });
      return;
    }
    if (next === null) return;
    event.preventDefault();
    focusStop(next);
  };

  const seek = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    seekAudio(audio, xToTime(event.clientX - box.left, box.width, durationMs), { play: true });
  };

  return (
    <figure className={classes.timelineFigure}>
      <div ref={ref} className={classes.timelineBox} style={{ height: HEIGHT }}>
        {drawing ? (
          <svg
            ref={svg}
            className={classes.timeline}
            width={width}
            height={HEIGHT}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            role="group"
            aria-label={summary}
            onClick={seek}
            onKeyDown={onKeyDown}
            data-testid="recording-timeline"
          >
            <g aria-hidden="true">
              {drawing.answers.map(({ bar, label }, i) => (
                <g key={`${bar.startMs}-${i}`}>
                  <rect className={i % 2 === 0 ? classes.answerEven : classes.answerOdd} x={bar.x} y={ANSWERS.top} width={bar.width} height={ANSWERS.height} />
                  {bar.width >= label.length * CHAR_PX + 6 ? (
                    <text className={classes.axisLabel} x={bar.x + 3} y={ANSWERS.top + 13}>
                      {label}
                    </text>
                  ) : null}
                </g>
              ))}
              <rect className={classes.silence} x={0} y={TRACK.top} width={width} height={TRACK.height} />
              {drawing.pauses.map((bar) => (
                <rect key={`p${bar.startMs}`} className={bar.long ? classes.longPause : classes.pause} x={bar.x} y={PAUSE.top} width={bar.width} height={PAUSE.height} data-pause-ms={bar.endMs - bar.startMs} />
              ))}
              {drawing.speech.map((bar) => (
                <rect key={`s${bar.startMs}`} className={classes.speech} x={bar.x} y={TRACK.top} width={bar.width} height={TRACK.height} />
              ))}
              {drawing.hints.map(({ hint, x }) => (
                <path key={`h${hint.startMs}-${hint.word}`} className={classes.hintMark} d={`M${x} ${HINTS.top}l4 ${HINTS.height}h-8z`} />
              ))}
              {drawing.ticks.map(({ ms, x }, i) => (
                <g key={ms}>
                  <line className={classes.tick} x1={x} x2={x} y1={AXIS.top} y2={AXIS.top + 4} />
                  <text className={classes.axisLabel} x={x} y={AXIS.label} textAnchor={i === 0 ? 'start' : x > width - 20 ? 'end' : 'middle'}>
                    {formatClock(ms)}
                  </text>
                </g>
              ))}
              <Playhead audio={audio} durationMs={durationMs} width={width} />
            </g>
            {spanBars(stops, durationMs, width).map((bar, i) => (
              <rect
                key={`f${bar.startMs}`}
                className={classes.stop}
                x={bar.x}
                y={ANSWERS.top}
                width={bar.width}
                height={AXIS.top - ANSWERS.top}
                role="button"
                aria-label={stops[i]?.name}
                aria-current={i === playing ? 'true' : undefined}
                tabIndex={i === tabStop ? 0 : -1}
                data-stop={i}
                onFocus={() => setFocusedStop(i)}
                onBlur={() => setFocusedStop(null)}
              />
            ))}
          </svg>
        ) : null}
      </div>
      <Text size="sm" component="figcaption" mt={4}>
        {summary}. Tap or click the timeline to play from there.{' '}
        {stops.length > 1 ? 'With a keyboard, the arrow keys move between its answers and Enter plays one.' : 'With a keyboard, Enter plays it from the start.'}
      </Text>
      <Group gap="md" mt={4} wrap="wrap" aria-hidden="true" className={classes.legend}>
        <span>
          <span className={`${classes.swatch} ${classes.speech}`} /> speech
        </span>
        <span>
          <span className={`${classes.swatch} ${classes.pause}`} /> pause
        </span>
        <span>
          <span className={`${classes.swatch} ${classes.longPause}`} /> pause of 1 s or more
        </span>
        {analysis.hints.length ? (
          <span>
            <span className={classes.hintSwatch}>▲</span> word to listen to
          </span>
        ) : null}
      </Group>
    </figure>
  );
}
