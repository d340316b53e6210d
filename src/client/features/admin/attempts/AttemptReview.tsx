import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { AttemptDetail, ReviewPresence as ReviewPresenceData } from '../../../../shared/api/admin-attempts';
import { KIND_LABELS } from '../../../../shared/api/admin-attempts-kinds';
import { NOTHING_TO_SCORE_LABEL } from '../../../../shared/api/no-result-texts';
import { Fact, Facts, Section } from '../../../components/attempt/AttemptParts';
import { LaterPlayerDock } from '../../../components/attempt/LaterPlayerDock';
import { Analysis } from '../../../components/attempt/Analysis';
import { RecordingPlayer } from '../../../components/attempt/RecordingPlayer';
import { ScoresSection } from '../../../components/attempt/ScoresSection';
import { laterPart } from '../../../lib/later-part';
import { useHeadingFocusOnArrival } from '../../../lib/heading-focus';
import classes from './AttemptReview.module.css';
import { useBackLink } from './back-link';
import { QueueNav, useReviewQueue } from './QueueNav';
import { ReviewForm } from './ReviewForm';
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
 * The answers and the trail, below the bands and the recording's analysis on a laptop and a phone
 * alike: loaded as the reader comes within half a screen of them, not on the first visit (decision 0023).
 */
const lower = laterPart<{ detail: AttemptDetail }>(async () => (await import('./LowerSections')).LowerSections, <LowerPlaceholder />);

/**
 * The way on to the next attempt awaiting review, under a released review: in a chunk of its own,
 * shown only once the review is released (the recording's unplayable note took its bytes on the first
 * visit, decision 0040).
 */
const afterRelease = laterPart<{ id: string; from: string | undefined; takeFocus: boolean }>(async () => (await import('./AfterRelease')).AfterRelease, null);

/** Who else has the attempt open (decision 0050): loaded only once another teacher has. */
const presence = laterPart<{ others: ReviewPresenceData['others'] }>(async () => (await import('./ReviewPresence')).ReviewPresence, null);

function OtherTeachers({ id }: { id: string }) {
  const others = useReviewQueue(id).data?.others;
  return others?.length ? <presence.Part others={others} /> : null;
}

function Badges({ detail }: { detail: AttemptDetail }) {
  return (
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
        detail.nothingToScore ? (
          <Badge variant="light" color="red" c="red.9" size="lg">
            {NOTHING_TO_SCORE_LABEL}
          </Badge>
        ) : (
          <Badge variant="light" color="gray" c="gray.8" size="lg">
            Awaiting review
          </Badge>
        )
      ) : null}
    </Group>
  );
}

/**
 * The review page: the player and the bands with the review form beside them (below them on a phone),
 * so the teacher listens, reads the evidence and writes the review on one screen; the recording's
 * analysis, the answers and the trail follow.
 */
export function Review({ detail }: { detail: AttemptDetail }) {
  const back = useBackLink(detail);
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  // One player, shared by the timeline and the word-synced transcript further down.
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  // The attempt whose review was released on this page (not one opened already released).
  const [releasedHere, setReleasedHere] = useState<string | null>(null);
  const heading = useHeadingFocusOnArrival<HTMLHeadingElement>(detail.id);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Anchor component={Link} to={back.to} size="sm" w="fit-content" className="touch-target">
          {back.label}
        </Anchor>
        <QueueNav id={detail.id} from={typeof from === 'string' ? from : undefined} />
      </Group>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2" ref={heading} tabIndex={-1}>
          {KIND_LABELS[detail.kind].attempt}: {detail.student.studentName}
        </Title>
        <Badges detail={detail} />
      </Group>
      <OtherTeachers id={detail.id} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Facts cols={{ base: 2, sm: 3, lg: 5 }}>
          <Fact label="Student">
            {/* The student's page: everything else they saved. */}
            <Anchor component={Link} to={`/admin/students/${detail.student.id}`} className="touch-target">
              {detail.student.studentName}
            </Anchor>
            {detail.student.status === 'Deactivated' ? ' (deactivated)' : ''}
          </Fact>
          <Fact label="Course">{detail.course}</Fact>
          <Fact label="Mobile">{detail.student.mobileNumberDisplay}</Fact>
          <Fact label="Date">
            <time dateTime={detail.completedAt}>{formatAttemptTime(detail.completedAt)}</time>
          </Fact>
          <Fact label="Duration">{formatDuration(detail.durationMs)}</Fact>
        </Facts>
        {detail.kind === 'ielts' && detail.demo ? (
          <Text size="sm" c="dimmed" mt="sm">
            Taken in demo mode, without a microphone.
          </Text>
        ) : null}
      </Paper>
      {/* On a phone the form follows some 3,000 px of bands, and the analysis comes after it: the way to both from the top. */}
      <Group gap="xs" wrap="wrap" component="nav" aria-label="On this page" hiddenFrom="md">
        <Button component="a" href="#teacher-review" size="xs" variant="light">
          Review form ↓
        </Button>
        {detail.audioUrl && detail.recordingAnalysis ? (
          <Button component="a" href="#recording-analysis" size="xs" variant="light">
            Recording analysis ↓
          </Button>
        ) : null}
      </Group>
      <div className={classes.layout}>
        <Stack gap="lg" className={classes.evidence}>
          <Section title="Recording">
            <RecordingPlayer detail={detail} onAudio={setAudio} />
          </Section>
          <Section title="Scores">
            <ScoresSection detail={detail} reader="teacher" />
          </Section>
        </Stack>
        <div className={classes.review} id="teacher-review">
          <Section title="Teacher review">
            <ReviewForm key={detail.id} detail={detail} onReleased={() => setReleasedHere(detail.id)} />
            {detail.release && !detail.releasePending ? (
              <afterRelease.Part id={detail.id} from={typeof from === 'string' ? from : undefined} takeFocus={releasedHere === detail.id} />
            ) : null}
          </Section>
        </div>
        <Stack gap="lg" className={classes.more}>
          {detail.audioUrl && detail.recordingAnalysis ? (
            <div id="recording-analysis">
              <Section title="Recording analysis">
                <Analysis analysis={detail.recordingAnalysis} audio={audio} detail={detail} audience="teacher" />
              </Section>
            </div>
          ) : null}
          <WhenNearViewport placeholder={<LowerPlaceholder />}>
            <lower.Part detail={detail} />
          </WhenNearViewport>
          {/* On a phone the form stands above the answers: back up to it once they are read. */}
          <Button component="a" href="#teacher-review" size="xs" variant="light" hiddenFrom="md" w="fit-content">
            Review form ↑
          </Button>
        </Stack>
      </div>
      <LaterPlayerDock audio={audio} />
    </Stack>
  );
}
