import { Alert, Anchor, Container, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { AttemptDetail } from '../../../shared/api/admin-attempts';
import { Fact, Facts, Section } from '../../components/attempt/AttemptParts';
import { RecordingEvidence } from '../../components/attempt/RecordingEvidence';
import { useAnalysisReady } from '../../components/attempt/analysis-part';
import { AnswersSection } from '../../components/attempt/AnswersSection';
import { formatAttemptTime, formatDuration } from '../../components/attempt/format';
import { ScoresSection } from '../../components/attempt/ScoresSection';
import { FullPageLoader } from '../../components/FullPageLoader';
import { PlainAlert } from '../../components/PlainAlert';
import { isApiError, serverMessageOr } from '../../lib/api';
import { useOwnAttempt } from './api';
import { KIND_TITLES } from './AttemptCard';
import { AttemptResult, shortTestSentence } from './AttemptResult';

/**
 * An estimate from fewer words than its agreement with raters was measured on, said before the
 * estimate's working, which states that agreement (the teacher's page does not need it, nor carry it).
 */
function ShortTestNote({ detail }: { detail: AttemptDetail }) {
  const short = shortTestSentence(detail);
  if (!short) return null;
  return (
    <PlainAlert color="yellow" title="A short test" role="note" data-testid="short-test">
      {short}
    </PlainAlert>
  );
}

function Page({ detail }: { detail: AttemptDetail }) {
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/progress" size="sm" w="fit-content" className="touch-target">
        ← Back to My progress
      </Anchor>
      <Title order={1} size="h2">
        {KIND_TITLES[detail.kind]}, {formatAttemptTime(detail.completedAt)}
      </Title>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Facts cols={{ base: 2, sm: 3 }}>
          <Fact label="Course">{detail.course}</Fact>
          <Fact label="Date">
            <time dateTime={detail.completedAt}>{formatAttemptTime(detail.completedAt)}</time>
          </Fact>
          <Fact label="Duration">{formatDuration(detail.durationMs)}</Fact>
        </Facts>
      </Paper>
      <Section title={detail.release ? "Your result: your teacher's review" : 'Your result'}>
        <AttemptResult detail={detail} />
      </Section>
      {/* How each band was reached comes before the recording's figures and the word-by-word answers, which run to many screens on a phone. */}
      <Section title="The estimate and how it was reached">
        <Stack gap="md">
          <ShortTestNote detail={detail} />
          <ScoresSection detail={detail} reader="student" />
        </Stack>
      </Section>
      <Section title="Recording">
        <RecordingEvidence detail={detail} />
      </Section>
      <Section title="Your answers">
        <AnswersSection detail={detail} audience="student" />
      </Section>
    </Stack>
  );
}

/** /progress/attempts/:id: one of the student's own attempts. */
export default function AttemptPage() {
  const { id = '' } = useParams();
  const { data, error, isPending } = useOwnAttempt(id);
  // With a finished analysis of its recording, the page shows once that part has loaded too.
  const analysisReady = useAnalysisReady(data);
  let body: ReactNode;
  if (isPending) body = <FullPageLoader label="Loading the attempt…" />;
  else if (error)
    body = (
      <Stack gap="lg">
        <Anchor component={Link} to="/progress" size="sm" w="fit-content" className="touch-target">
          ← Back to My progress
        </Anchor>
        <Title order={1} size="h2">
          Attempt
        </Title>
        <Alert color="red" variant="light" title={isApiError(error, 404) ? 'No such attempt' : 'Could not load the attempt'} role="alert">
          {serverMessageOr(error, error.message)}
        </Alert>
      </Stack>
    );
  else if (!analysisReady) body = <FullPageLoader label="Loading the attempt…" />;
  else body = <Page detail={data} />;
  return <Container size="lg">{body}</Container>;
}
