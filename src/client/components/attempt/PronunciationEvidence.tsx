import { Anchor, Stack, Text } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import type { AttemptDetail } from '../../../shared/api/admin-attempts';
import { HINTS_ANCHOR_ID, LIMITS_ANCHOR_ID } from './analysis-status';

export interface PronunciationEvidenceProps {
  analysis: NonNullable<AttemptDetail['recordingAnalysis']>;
  /** Who can judge what the estimate cannot, in the reader's words (ScoresSection's READER_TEXT). */
  listening: string;
}

/** A link to a part of the recording's evidence on the same page (scrolled to, not navigated). */
function EvidenceLink({ target, children }: { target: string; children: ReactNode }) {
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    const element = document.getElementById(target);
    if (!element) return;
    event.preventDefault();
    element.scrollIntoView({ behavior: 'smooth', block: 'center' });
    element.focus({ preventScroll: true });
  };
  return (
    <Anchor href={`#${target}`} onClick={go} underline="always" inherit>
      {children}
    </Anchor>
  );
}

/**
 * Pronunciation's evidence from the recording: the articulation rate and the words to
 * listen to. The band does not read them (decision 0030); the card says what the estimate
 * cannot judge and links to the recording's own sentence on it instead of repeating it. Shown only
 * with a finished analysis, so it loads with AnalysisDone (analysis-part.tsx), not in the first visit.
 */
export function PronunciationEvidence({ analysis, listening }: PronunciationEvidenceProps) {
  if (analysis.status !== 'done') return null;
  const hints = analysis.hints.length;
  return (
    <Stack gap={4}>
      {analysis.articulationRateSps !== null ? (
        <Text size="sm" inherit>
          The recording: {analysis.articulationRateSps.toFixed(1)} syllables a second while speaking (articulation rate, pauses left out). Shown as evidence; it does not
          change this band.
        </Text>
      ) : null}
      {hints > 0 ? (
        <Text size="sm" inherit>
          <EvidenceLink target={HINTS_ANCHOR_ID}>
            Listen to {hints === 1 ? 'the word' : `the ${hints} words`} that were hard to place on the recording
          </EvidenceLink>
          : a hint to check, not a score.
        </Text>
      ) : analysis.alignment.status === 'done' ? (
        <Text size="sm" inherit>
          Every word of the transcript was found in the recording.
        </Text>
      ) : null}
      <Text size="sm" inherit>
        This estimate cannot judge individual sounds, word stress or intonation:{' '}
        <EvidenceLink target={LIMITS_ANCHOR_ID}>what the recording can and cannot tell</EvidenceLink>. {listening}
      </Text>
    </Stack>
  );
}
