import { useCallback, useState } from 'react';
import type { AttemptDetail } from '../../../shared/api/admin-attempts';
import { laterPart } from '../../lib/later-part';
import { NoRecording } from './AttemptParts';
import classes from './RecordingEvidence.module.css';

/*
 * What the page says when the browser gives up on the recording (UnplayableNote.tsx), in a chunk of
 * its own that loads only then: most players never fail, and the teacher's review page has no bytes
 * to spare (decision 0040).
 */
const unplayable = laterPart<{ audioUrl: string; code: number }>(async () => (await import('./UnplayableNote')).UnplayableNote, null);

/**
 * The attempt's player: the one element an attempt's recording is played with, on the student's
 * pages and the teacher's review alike; the timeline and the word-synced transcript follow and seek
 * it (`onAudio` gets it). Without a recording, the text saying why (expired, never saved). When the
 * browser cannot play it (a format it does not decode, such as a WebM in an older Safari, or damaged
 * bytes), a note under the player says so and offers the file, where the player alone showed
 * nothing, or a greyed-out control, with no word why.
 */
export function RecordingPlayer({
  detail,
  onAudio,
}: {
  detail: Pick<AttemptDetail, 'audioUrl' | 'recordingExpiredAt'>;
  onAudio: (audio: HTMLAudioElement | null) => void;
}) {
  // The MediaError code of the last failure, null while the recording plays or loads.
  const [failure, setFailure] = useState<number | null>(null);
  const attach = useCallback(
    (audio: HTMLAudioElement | null) => {
      onAudio(audio);
      // The element starts loading as it is made, before the page is on the screen: on a slow device
      // (Chromium slowed tenfold) the browser refused the file before then, and that error event
      // reached a player not yet mounted, where React drops the update. What the element holds is read here.
      if (audio?.error) setFailure(audio.error.code);
    },
    [onAudio],
  );
  if (!detail.audioUrl) return <NoRecording expiredAt={detail.recordingExpiredAt} />;
  return (
    <>
      <audio
        ref={attach}
        controls
        preload="metadata"
        src={detail.audioUrl}
        aria-label="Recording of the attempt"
        className={classes.player}
        // Media events do not bubble: React listens on the element itself, from its creation; a failure
        // before the player was mounted is read in `attach`.
        onError={(event) => setFailure(event.currentTarget.error?.code ?? null)}
        onLoadedMetadata={() => setFailure(null)}>
        <a href={detail.audioUrl}>Download the recording</a>
      </audio>
      {failure ? <unplayable.Part audioUrl={detail.audioUrl} code={failure} /> : null}
    </>
  );
}
