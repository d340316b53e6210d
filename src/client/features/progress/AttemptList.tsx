import { Button, Stack, Text } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import type { ProgressAttempt } from '../../../shared/api/progress';
import { distinctAttemptTimes } from '../../components/attempt/list-times';
import { AttemptCard } from './AttemptCard';

/**
 * The cards shown at first and added by each press of the button: a year's practice is 150 attempts
 * and more, and every card at once made My progress some 45,000 px (50 screens) and 9,000 elements on
 * a phone, drawn before anything could be tapped. The charts above still show every attempt.
 */
export const ATTEMPTS_SHOWN_STEP = 20;

/** "Every attempt, newest first": the newest cards, then a button that shows the next older ones. */
export function AttemptList({ attempts }: { attempts: readonly ProgressAttempt[] }) {
  const [shown, setShown] = useState(ATTEMPTS_SHOWN_STEP);
  const list = useRef<HTMLDivElement>(null);
  const visible = attempts.slice(0, shown);
  // Over every attempt, so that a card's link keeps its name as older ones are shown.
  const whens = useMemo(() => distinctAttemptTimes(attempts.map((attempt) => attempt.completedAt)), [attempts]);
  const hidden = attempts.length - visible.length;
  const next = Math.min(ATTEMPTS_SHOWN_STEP, hidden);
  const showMore = () => {
    setShown(shown + ATTEMPTS_SHOWN_STEP);
    // The first newly shown card takes the focus, so a keyboard or screen-reader user goes on reading there.
    requestAnimationFrame(() => list.current?.querySelectorAll<HTMLElement>('li a')[shown]?.focus());
  };
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" m={0} p={0} ref={list}>
        {visible.map((attempt, i) => (
          <AttemptCard key={attempt.id} attempt={attempt} when={whens[i]} />
        ))}
      </Stack>
      {hidden > 0 ? (
        <Stack gap={4} align="flex-start">
          <Text size="sm" c="dimmed">
            Showing the newest {visible.length} of {attempts.length} attempts.
          </Text>
          <Button variant="light" onClick={showMore}>
            Show {next} older {next === 1 ? 'attempt' : 'attempts'}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
