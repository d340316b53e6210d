import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { agreementText } from '../../../../shared/band-estimate/agreement';
import type { SpeakingTestAnswer } from '../../../../shared/speaking-test/answer';
import type { SpeakingTestResult } from '../../../../shared/speaking-test/scoring';
import { CriterionCard, FiguresTable, formatPercent, speechFigures, tallyMarks, tallyText, timingFigures, timingsOnlyText, TIMINGS_CAPTION } from '../../../components/scores';
import { criterionAnalyses, nonAnswerOf } from './criteria';
import classes from './Results.module.css';

/** The disclosure's label: the detail under the summary is folded until asked for. */
export const WORKED_OUT_LABEL = 'How this was worked out';

/** Without a transcript only the timings were measured (from the microphone's level). */
export function TimingFigures({ result, recorded = true }: { result: SpeakingTestResult; recorded?: boolean }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="results-explained">
      <Stack gap="md">
        <Title order={2} size="h3" id="results-explained">
          What was measured
        </Title>
        <Text size="sm">{timingsOnlyText('student', recorded)}</Text>
        <FiguresTable caption={TIMINGS_CAPTION.student} rows={timingFigures(result.metrics)} />
      </Stack>
    </Paper>
  );
}

export function Explained({ result, answers }: { result: SpeakingTestResult; answers: readonly SpeakingTestAnswer[] }) {
  // The figures are over the answers that count: so are the fillers and slips listed with them.
  const tally = useMemo(
    () => tallyMarks(answers.filter((answer) => nonAnswerOf(result.nonAnswers, answer) === undefined).map((answer) => answer.answer)),
    [answers, result.nonAnswers],
  );
  const fillerNote = tallyText(tally.fillers);
  const slipNote = tallyText(tally.slips);
  const figureNotes: Partial<Record<string, string>> = {
    fillerRatio: `${result.metrics.fillerWords} ${result.metrics.fillerWords === 1 ? 'filler' : 'fillers'}${fillerNote ? `: ${fillerNote}` : ''}`,
    // The ratio counts the two slips of the spec's rule; the answers mark more kinds (slips.ts), named apart so "0 slips: he say ×1" is never read.
    grammarErrorRatio: `${result.metrics.grammarErrors} counted ("she are", "the the")${slipNote ? `; marked in your answers: ${slipNote}` : ''}`,
    uniqueWordRatio: `${result.metrics.uniqueWords} different words`,
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={WORKED_OUT_LABEL}>
      {/* Folded by default: the summary above is what a student acts on; the rules and figures are here when wanted. */}
      <details className={classes.details} data-testid="worked-out">
        <summary className={classes.disclosure}>{WORKED_OUT_LABEL}</summary>
        <Stack gap="md" mt="md">
          <Title order={2} size="h3" id="results-explained">
            How your bands were worked out
          </Title>
          {result.assessable ? (
            <>
              <Text size="sm" c="dimmed">
                {agreementText('student')} Your overall band is the average of the four, rounded to the nearest half band.
              </Text>
              <Text size="sm">
                Each band starts at the band of the average learner in our data (the starting band). Then each thing measured in your answers moves it
                up or down; beside your figure is the average learner&apos;s. Under each band: more figures from your test, and the one change that would
                raise it most.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {criterionAnalyses(result).map((criterion) => (
                  <CriterionCard key={criterion.criterion} criterion={criterion} figureNotes={figureNotes} />
                ))}
              </SimpleGrid>
            </>
          ) : null}
          <FiguresTable
            caption={result.nonAnswers.length > 0 ? 'The figures from the answers that were counted' : 'The figures from your whole test'}
            rows={speechFigures(result.metrics, tally)}
          />
          {result.metrics.fillerWords > 0 ? (
            <Text size="sm">
              Fillers were {formatPercent(result.metrics.fillerRatio)} of your words; they are highlighted in your answers below.
            </Text>
          ) : null}
        </Stack>
      </details>
    </Paper>
  );
}
