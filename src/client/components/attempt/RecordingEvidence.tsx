import { Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { AttemptDetail } from '../../../shared/api/admin-attempts';
import type { RecordingAnalysis } from '../../../shared/api/recording-analysis';
import { PlainAlert } from '../PlainAlert';
import { analysisDone } from './analysis-part';
import { NoRecording } from './AttemptParts';
import { LaterPlayerDock } from './LaterPlayerDock';
import type { FigureAudience } from './recording-evidence';
import classes from './RecordingEvidence.module.css';

/** The analysis of the recording in whatever state it is; `audience` words the figures for the student (default) or their teacher. */
export function Analysis({
  analysis,
  audio,
  detail,
  audience = 'student',
}: {
  analysis: RecordingAnalysis;
  audio: HTMLAudioElement | null;
  detail: AttemptDetail;
  audience?: FigureAudience;
}) {
  if (analysis.status === 'pending') {
    return (
      <PlainAlert color="indigo" role="status" data-testid="analysis-pending">
        <Group gap="sm" wrap="nowrap">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">The recording is being analysed; figures appear here when it is done.</Text>
        </Group>
      </PlainAlert>
    );
  }
  if (analysis.status === 'failed') {
    return (
      <PlainAlert color="red" role="note" data-testid="analysis-failed">
        <Text size="sm">Analysis failed: {analysis.reason ?? 'no reason was given.'}</Text>
        <Text size="sm" mt={4}>
          The transcript and the scores do not depend on it: they stay as they are.
        </Text>
      </PlainAlert>
    );
  }
  if (analysis.status === 'unavailable') {
    return (
      <PlainAlert color="gray" role="note" data-testid="analysis-unavailable">
        <Text size="sm">The recording was not analysed: {analysis.reason ?? 'this server cannot analyse recordings.'}</Text>
      </PlainAlert>
    );
  }
  return <analysisDone.Part analysis={analysis} audio={audio} detail={detail} audience={audience} />;
}

/**
 * The attempt's player: the one element an attempt's recording is played with, on the student's
 * pages and the teacher's review alike; the timeline and the word-synced transcript follow and seek
 * it (`onAudio` gets it). Without a recording, the text saying why (expired, never saved).
 */
export function RecordingPlayer({
  detail,
  onAudio,
}: {
  detail: Pick<AttemptDetail, 'audioUrl' | 'recordingExpiredAt'>;
  onAudio: (audio: HTMLAudioElement | null) => void;
}) {
  if (!detail.audioUrl) return <NoRecording expiredAt={detail.recordingExpiredAt} />;
  return (
    <audio ref={onAudio} controls preload="metadata" src={detail.audioUrl} aria-label="Recording of the attempt" className={classes.player}>
      <a href={detail.audioUrl}>Download the recording</a>
    </audio>
  );
}

/**
 * The recording with what was measured in it: one player, shared by the timeline and the
 * word-synced transcript (and the dock that holds its controls once it is scrolled away), then the
 * analysis in whatever state it is. Without a recording, the text
 * saying why (expired, never saved); with a recording but no analysis, only the player.
 */
export function RecordingEvidence({ detail }: { detail: AttemptDetail }) {
  // State, not a ref: the timeline and transcript subscribe to the element once it exists.
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const player = <RecordingPlayer detail={detail} onAudio={setAudio} />;
  if (!detail.audioUrl) return player;
  return (
    <Stack gap="md">
      {player}
      {detail.recordingAnalysis ? <Analysis analysis={detail.recordingAnalysis} audio={audio} detail={detail} /> : null}
      <LaterPlayerDock audio={audio} />
    </Stack>
  );
}
