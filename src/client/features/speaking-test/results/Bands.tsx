import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { ratedRangeText } from '../../../../shared/band-estimate/agreement';
import { listed } from '../../../../shared/text/listed';
import { shortTestText } from '../../../../shared/band-estimate/short-test';
import type { SpeakingTestResult } from '../../../../shared/speaking-test/scoring';
import { band } from './criteria';
import classes from './Results.module.css';
import { criterionLines, nextStep, type NextStep } from './summary';

/** Where "Listen back" leads: the recording's section on the same page. */
export const LISTEN_BACK_ID = 'listen-back';

function listenBack(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(LISTEN_BACK_ID);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  (target.querySelector<HTMLElement>('audio') ?? target).focus({ preventScroll: true });
}

/**
 * The results' summary: the estimated overall band, each criterion in one line with its main
 * reason, the one thing to work on next and the way to the recording. How each band was worked out
 * is folded away below (Explained.tsx).
 */
export function Bands({ result, canListenBack }: { result: Extract<SpeakingTestResult, { assessable: true }>; canListenBack: boolean }) {
  const next = nextStep(result);
  const range = ratedRangeText(result.bands.overall, 'short');
  const short = shortTestText(result.metrics.wordCount, 'short');
  return (
    <Stack gap="sm" data-testid="results-summary">
      <Group gap="sm" align="baseline" wrap="wrap">
        <Text fw={600}>Estimated overall band</Text>
        <Text fz={40} fw={800} lh={1} c="indigo.8" data-testid="overall-band">
          {band(result.bands.overall)}
        </Text>
      </Group>
      {short ? (
        <Text size="sm" fw={600} data-testid="short-test">
          {short}
        </Text>
      ) : null}
      <ul className={classes.criteria} aria-label="Your four criteria">
        {criterionLines(result).map((line) => (
          <li key={line.criterion} data-testid={`${line.criterion}-line`}>
            <span className={classes.criterionName}>{line.name}</span>{' '}
            <strong className={line.measured ? classes.criterionBand : classes.followingBand} data-testid={`${line.criterion}-band`} data-measured={line.measured}>
              {band(line.band)}
            </strong>
            <span className={classes.reason}>{line.reason}</span>
          </li>
        ))}
      </ul>
      <NextStepNote next={next} />
      <Text size="xs" c="dimmed">
        An estimate, not an official IELTS score; your teacher can review it.
        {range ? <span data-testid="overall-range"> {range}</span> : null}
        {canListenBack ? (
          <>
            {' '}
            <Anchor href={`#${LISTEN_BACK_ID}`} onClick={listenBack} size="sm" fw={600} inherit={false} data-testid="listen-back">
              Listen back to your answers
            </Anchor>
          </>
        ) : null}
      </Text>
    </Stack>
  );
}

/** "Work on next" with the criterion named (and any level with it on the band) and its advice. */
function NextStepNote({ next }: { next: NextStep }) {
  const level = next.levelWith.length === 0 ? '' : `, same band as ${listed(next.levelWith)}`;
  return (
    <div className={classes.next} data-testid="next-step">
      <Text size="sm" fw={700} component="span">
        {`Work on next (${next.criterion}${level}):`}
      </Text>{' '}
      <Text size="sm" component="span">
        {next.advice}
      </Text>
    </div>
  );
}
