import { Group, Loader, Text } from '@mantine/core';
import { useEffect, useState, type ComponentType } from 'react';
import type { AttemptDetail } from '../../../shared/api/admin-attempts';
import { laterPart } from '../../lib/later-part';
import type { AnalysisDoneProps } from './AnalysisDone';
import type { PronunciationEvidenceProps } from './PronunciationEvidence';

/*
 * A finished analysis (timeline, figures, words to listen to, transcript: AnalysisDone.tsx) is a later
 * part of the attempt pages (decision 0023): an attempt without one, or whose analysis is pending,
 * failed or unavailable, never downloads it. The teacher's review page waits for it behind its loader
 * when the attempt comes with a finished analysis (useAnalysisReady), so nothing moves once drawn;
 * elsewhere (an analysis finishing while the page is open, the student's pages) a line saying it is
 * loading stands in its place for the moment it takes.
 */

let loaded: ComponentType<AnalysisDoneProps> | undefined;
let loading: Promise<ComponentType<AnalysisDoneProps>> | undefined;
let evidence: ComponentType<PronunciationEvidenceProps> | undefined;

function load(): Promise<ComponentType<AnalysisDoneProps>> {
  loading ??= import('./AnalysisDone').then(
    (module) => {
      evidence = module.PronunciationEvidence;
      return (loaded = module.AnalysisDone);
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export const analysisDone = laterPart<AnalysisDoneProps>(
  load,
  <Group gap="sm" wrap="nowrap" aria-busy="true">
    <Loader size="xs" aria-hidden="true" />
    <Text size="sm" c="dimmed">
      Loading the recording&apos;s figures…
    </Text>
  </Group>,
);

/** Pronunciation's evidence from a finished analysis (ScoresSection): in the same chunk, loaded with it. */
export const pronunciationEvidence = laterPart<PronunciationEvidenceProps>(async () => {
  await load();
  if (!evidence) throw new Error('the analysis part has no pronunciation evidence');
  return evidence;
}, null);

/** An attempt whose recording has a finished analysis to show. */
const showsAnalysis = (detail: AttemptDetail) => detail.audioUrl !== null && detail.recordingAnalysis?.status === 'done';

/**
 * False until the page can draw `detail` whole: when it came with a finished analysis, once that part
 * has loaded (or failed to: its placeholder then stands, and it tries again). Decided on the attempt
 * as it first came, so a page already drawn never goes back to its loader.
 */
export function useAnalysisReady(detail: AttemptDetail | undefined): boolean {
  const [waitFor, setWaitFor] = useState<boolean | undefined>(undefined);
  const waiting = waitFor ?? (detail !== undefined && showsAnalysis(detail) && loaded === undefined);
  if (detail !== undefined && waitFor === undefined) setWaitFor(waiting);
  const [arrived, setArrived] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    const done = () => {
      if (live) setArrived(true);
    };
    // The part's own preload first: its `then` comes before ours on the one promise, so the part is
    // ready to draw at once (no fallback frame) when the page draws it.
    analysisDone.preload();
    pronunciationEvidence.preload();
    load().then(done, done);
    return () => {
      live = false;
    };
  }, [waiting]);
  return detail !== undefined && (!waiting || arrived);
}
