import { Anchor, Badge, Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AttemptDetail } from '../../../../shared/api/admin-attempts';
import { KIND_LABELS } from '../../../../shared/api/admin-attempts-kinds';
import { Fact, Section } from '../../../components/attempt/AttemptParts';
import { RecordingEvidence } from '../../../components/attempt/RecordingEvidence';
import { ScoresSection } from '../../../components/attempt/ScoresSection';
import { laterPart } from '../../../lib/later-part';
import { useBackLink } from './back-link';
import { WhenNearViewport } from './WhenNearViewport';
import { formatAttemptTime, formatDuration } from './format';
import { LOWER_SECTIONS } from './lower-sections';

/* The attempt as the teacher reviews it: loaded by AttemptReviewPage in parallel with the attempt itself (decision 0023). */

/**
 * Where the sections below the fold stand until they have loaded: their headings (so the page's
 * outline is whole) and a line saying what is coming, about as tall as what replaces them.
 */
function LowerPlaceholder() {
  return (
    <Stack gap="lg" aria-busy="true">
      {Object.values(LOWER_SECTIONS).map(({ title, loading, minHeight }) => (
        <Section key={title} title={title}>
          <Box mih={minHeight}>
            <Text size="sm" c="dimmed">
              Loading {loading}…
            </Text>
          </Box>
        </Section>
      ))}
    </Stack>
  );
}

/**
 * Below Scores on both a 1280x800 laptop and a 390x844 phone, even with no recording: loaded as the
 * reader comes within half a screen of it, not on the first visit (decision 0023).
 */
const lower = laterPart<{ detail: AttemptDetail }>(async () => (await import('./LowerSections')).LowerSections, <LowerPlaceholder />);

export function Review({ detail }: { detail: AttemptDetail }) {
  const back = useBackLink(detail);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={back.to} size="sm" w="fit-content">
        {back.label}
      </Anchor>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {KIND_LABELS[detail.kind].attempt}: {detail.student.studentName}
        </Title>
        <Group gap="xs">
          {detail.release ? (
            <Badge variant="light" color="indigo" c="indigo.9" size="lg">
              Released to the student
            </Badge>
          ) : null}
          {detail.releasePending ? (
            <Badge variant="light" color="orange" c="dark.7" size="lg">
              {detail.release ? 'Changes not released' : 'Not released'}
            </Badge>
          ) : null}
          {!detail.release && !detail.reviewedAt ? (
            <Badge variant="light" color="gray" c="gray.8" size="lg">
              Awaiting review
            </Badge>
          ) : null}
        </Group>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
          <Fact label="Student">
            {detail.student.studentName}
            {detail.student.status === 'Deactivated' ? ' (deactivated)' : ''}
          </Fact>
          <Fact label="Course">{detail.course}</Fact>
          <Fact label="Mobile">{detail.student.mobileNumberDisplay}</Fact>
          <Fact label="Date">
            <time dateTime={detail.completedAt}>{formatAttemptTime(detail.completedAt)}</time>
          </Fact>
          <Fact label="Duration">{formatDuration(detail.durationMs)}</Fact>
        </SimpleGrid>
        {detail.kind === 'ielts' && detail.demo ? (
          <Text size="sm" c="dimmed" mt="sm">
            Taken in demo mode, without a microphone.
          </Text>
        ) : null}
      </Paper>
      <Section title="Recording">
        <RecordingEvidence detail={detail} />
      </Section>
      <Section title="Scores">
        <ScoresSection detail={detail} />
      </Section>
      <WhenNearViewport placeholder={<LowerPlaceholder />}>
        <lower.Part detail={detail} />
      </WhenNearViewport>
    </Stack>
  );
}
