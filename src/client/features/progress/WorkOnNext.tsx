import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CRITERION_LABELS } from '../../../shared/api/admin-attempts-kinds';
import type { MeasuredCriterion, WorkOnNext } from '../../../shared/api/progress';
import { MEASURED_CRITERIA, meanAsShown } from '../../../shared/api/progress-limits';
import { BulletList } from '../../components/BulletList';
import { SHORT_TEST_WORDS } from '../../../shared/band-estimate/short-test';
import { listed } from '../../../shared/text/listed';

/*
 * My progress's first section: what to work on next over the student's latest speaking
 * tests (the server's work-on-next.ts), with the figures it was chosen from and the test its advice
 * comes from.
 */

/**
 * Why this criterion (or these, level): its mean beside the others, over how many tests, from whose
 * bands. A criterion as low or lower whose newest advice has nothing more to suggest was passed over
 * (work-on-next.ts): the reason says so rather than call the named one the lowest.
 */
export function workOnNextReason(work: WorkOnNext, dateOf: (iso: string) => string): string {
  const named = work.criteria.map(({ criterion }) => criterion);
  const asShown = (criterion: MeasuredCriterion) => meanAsShown(work.means[criterion] ?? 0);
  const shown = (criterion: MeasuredCriterion) => asShown(criterion).toFixed(1);
  // The named criteria share one mean as shown (lowest.ts): any of them gives it.
  const low = Math.min(...named.map(asShown));
  const others = MEASURED_CRITERIA.filter((criterion) => !named.includes(criterion));
  const passedOver = others.filter((criterion) => asShown(criterion) <= low);
  const beside = others.length === 0 ? '' : `, compared with ${others.map((criterion) => `${CRITERION_LABELS[criterion]} ${shown(criterion)}`).join(' and ')}`;
  const whose = work.teacherBands ? "your teacher's bands where your teacher gave them, else the estimate; Pronunciation is not included" : 'the estimate; Pronunciation is not included';
  const onAverage = work.tests === 1 ? '' : ' on average';
  const own = named.length === 1 ? `${namesOf(work)} ${low.toFixed(1)}${onAverage}` : `${namesOf(work)}, ${named.length === 2 ? 'both' : 'all'} ${low.toFixed(1)}${onAverage}`;
  const lowest = passedOver.length === 0 ? 'Your lowest' : 'Your lowest band with advice';
  // The advice's test: the latest, unless the latest's stored advice could not be read (work-on-next.ts).
  const adviceTest = work.from.latest ? 'your latest test' : 'that test';
  const passed = passedOver.length === 0 ? '' : ` ${passedOverSentence(passedOver, low, asShown, adviceTest)}`;
  const rough =
    work.shortTests === 0
      ? ''
      : work.tests === 1
        ? ` The test was short (under ${SHORT_TEST_WORDS} words), so take this as a rough guide.`
        : ` ${work.shortTests === work.tests ? (work.tests === 2 ? 'Both' : `All ${work.tests}`) : `${work.shortTests} of ${work.tests}`} were short (under ${SHORT_TEST_WORDS} words), so take this as a rough guide.`;
  const advice = named.length === 1 ? 'Its advice' : 'Their advice';
  if (work.tests === 1) return `${lowest} in your latest speaking test (${dateOf(work.from.completedAt)}): ${own}${beside} (${whose}).${passed}${rough} ${advice}:`;
  const older = work.from.latest ? '' : ` The advice of your latest test could not be read, so this advice is from your test of ${dateOf(work.from.completedAt)}.`;
  const lead = work.from.latest ? `The advice from your latest test (${dateOf(work.from.completedAt)}):` : 'The advice:';
  return `${lowest} over your last ${work.tests} speaking tests: ${own}${beside} (${whose}).${older}${passed}${rough} ${lead}`;
}

/** "Vocabulary is lower, but your latest test has no more advice for it." */
function passedOverSentence(passedOver: readonly MeasuredCriterion[], low: number, asShown: (criterion: MeasuredCriterion) => number, adviceTest: string): string {
  const lower = passedOver.filter((criterion) => asShown(criterion) < low).length;
  const how = lower === passedOver.length ? 'lower' : lower === 0 ? 'as low' : 'as low or lower';
  const one = passedOver.length === 1;
  return `${listed(passedOver.map((criterion) => CRITERION_LABELS[criterion]))} ${one ? 'is' : 'are'} ${how}, but ${adviceTest} has no more advice for ${one ? 'it' : 'them'}.`;
}

/** "Grammar", "Fluency and Grammar". */
const namesOf = (work: WorkOnNext) => listed(work.criteria.map(({ criterion }) => CRITERION_LABELS[criterion]));

export function WorkOnNextCard({ work, dateOf }: { work: WorkOnNext; dateOf: (iso: string) => string }) {
  const [only, ...level] = work.criteria;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="work-on-next-title" bg="indigo.0" data-testid="work-on-next">
      <Stack gap="xs">
        <Title order={2} size="h3" id="work-on-next-title">
          Work on next: {namesOf(work)}
        </Title>
        <Text size="sm">{workOnNextReason(work, dateOf)}</Text>
        {level.length === 0 ? (
          <Text fw={600}>{only?.advice}</Text>
        ) : (
          <BulletList data-testid="work-on-next-advice">
            {work.criteria.map(({ criterion, advice }) => (
              <li key={criterion}>
                <strong>{CRITERION_LABELS[criterion]}:</strong> {advice}
              </li>
            ))}
          </BulletList>
        )}
        <Anchor component={Link} to={`/progress/attempts/${work.from.id}`} size="sm" c="indigo.9" fw={600} w="fit-content" className="touch-target">
          Open that test
        </Anchor>
      </Stack>
    </Paper>
  );
}
