import { Stack } from '@mantine/core';
import { useState } from 'react';
import type { AttemptDetail } from '../../../shared/api/admin-attempts';
import { Analysis } from './Analysis';
import { LaterPlayerDock } from './LaterPlayerDock';
import { RecordingPlayer } from './RecordingPlayer';

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
