import { Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Fragment, memo, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { formatClock, missingAfter, wordIndexAt, type AlignedWord, type MissingWord, type WordGroup } from './recording-evidence';
import classes from './RecordingEvidence.module.css';
import { seekAudio, useAudioClock } from './useAudioClock';

interface WordProps {
  word: AlignedWord;
  index: number;
  current: boolean;
  tabbable: boolean;
  /** Why to listen to this word, when it is a hint. */
  why: string | undefined;
  onPlay: (index: number) => void;
  onFocusWord: (index: number) => void;
}

/** One word; memoised, so that moving the current word re-renders two words, not the whole transcript. */
const Word = memo(function Word({ word, index, current, tabbable, why, onPlay, onFocusWord }: WordProps) {
  return (
    <button
      type="button"
      className={classes.word}
      data-word-index={index}
      data-start-ms={word.startMs}
      data-hint={why ? 'true' : undefined}
      aria-current={current ? 'true' : undefined}
      tabIndex={tabbable ? 0 : -1}
      title={why ? `${formatClock(word.startMs)}: ${why}` : formatClock(word.startMs)}
      onClick={() => onPlay(index)}
      onFocus={() => onFocusWord(index)}
    >
      {word.word}
    </button>
  );
});

/** Words the aligner did not find, in grey where they were said in the transcript: not playable, never dropped. */
function Missing({ words }: { words: readonly MissingWord[] | undefined }) {
  if (!words) return null;
  return words.map((hint, i) => (
    <Fragment key={`${hint.startMs}-${hint.word}-${i}`}>
      <span className={classes.missingWord} title={hint.why} data-missing-word="true">
        {hint.word}
        <VisuallyHidden> (not found in the recording)</VisuallyHidden>
      </span>{' '}
    </Fragment>
  ));
}

const KEY_STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The transcript's words on the recording, per answer. One tab stop for the whole transcript (a
 * roving tabindex: the arrow keys, Home and End move between words; Enter or a click plays from the
 * word), so a 2,000-word test does not put 2,000 stops in the way. While the recording plays, the word
 * being said is marked (`aria-current` and a highlight) and kept in view inside the transcript's box.
 */
export function WordTranscript({
  audio,
  words,
  groups,
  hintWhy,
  missing,
}: {
  audio: HTMLAudioElement | null;
  words: readonly AlignedWord[];
  groups: readonly WordGroup[];
  hintWhy: ReadonlyMap<string, string>;
  missing: readonly MissingWord[];
}) {
  const box = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const current = useAudioClock(
    audio,
    useCallback((ms: number) => wordIndexAt(words, ms), [words]),
  );
  const [tabStop, setTabStop] = useState(0);
  const stop = Math.min(tabStop, words.length - 1);
  const missingAt = useMemo(() => missingAfter(words, missing), [words, missing]);

  const play = useCallback((index: number) => {
    const word = words[index];
    if (word) seekAudio(audio, word.startMs, { play: true });
  }, [audio, words]);

  // The tab stop follows the word being said while the keyboard is elsewhere; the current word stays in view while playing.
  useEffect(() => {
    const container = box.current;
    if (current < 0 || !container) return;
    if (!container.contains(document.activeElement)) setTabStop(current);
    if (!audio || audio.paused) return;
    const element = container.querySelector<HTMLElement>(`[data-word-index="${current}"]`);
    if (!element) return;
    const top = element.offsetTop;
    if (top < container.scrollTop || top + element.offsetHeight > container.scrollTop + container.clientHeight) {
      container.scrollTop = Math.max(0, top - container.clientHeight / 3);
    }
  }, [audio, current]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key];
    let next: number | null = null;
    if (step !== undefined) next = Math.min(words.length - 1, Math.max(0, stop + step));
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = words.length - 1;
    if (next === null) return;
    event.preventDefault();
    setTabStop(next);
    box.current?.querySelector<HTMLElement>(`[data-word-index="${next}"]`)?.focus();
  };

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" id={helpId}>
        Tap or click a word to play the recording from there; the word being said is highlighted. With the keyboard, Tab into the transcript, move between words with
        the arrow keys and press Enter to play. Words to listen to are underlined; words not found in the recording are in grey.
      </Text>
      <div ref={box} className={classes.transcript} role="group" aria-label="Transcript, word by word" aria-describedby={helpId} onKeyDown={onKeyDown} data-testid="word-transcript">
        {groups.map((group) => (
          <section key={group.key} aria-label={group.label} className={classes.transcriptGroup}>
            <Title order={4} size="h6" mb={2}>
              {group.label}
              {group.answer ? (
                <Text span size="xs" c="dimmed" fw={400}>
                  {' '}
                  from {formatClock(group.answer.startMs)}
                </Text>
              ) : null}
            </Title>
            <p className={classes.words}>
              {group === groups[0] ? <Missing words={missingAt.get(-1)} /> : null}
              {group.words.map(({ word, index }) => (
                <Fragment key={index}>
                  <Word
                    word={word}
                    index={index}
                    current={index === current}
                    tabbable={index === stop}
                    why={hintWhy.get(`${word.startMs}:${word.word}`)}
                    onPlay={play}
                    onFocusWord={setTabStop}
                  />{' '}
                  <Missing words={missingAt.get(index)} />
                </Fragment>
              ))}
            </p>
          </section>
        ))}
      </div>
    </Stack>
  );
}
