import type { SpeakingTestAnswer } from '../../../../shared/speaking-test/answer';
import type { QuestionSet } from '../../../../shared/speaking-test/questions';
import type { SpeakingTestResult } from '../../../../shared/speaking-test/scoring';
import {
  audioDescriptionFileName,
  buildAudioDescriptionText,
  buildTranscriptText,
  recordingFileName,
  transcriptFileName,
} from '../../../../shared/speaking-test/transcript';
import { recordingExtension } from '../../../speech';

/* The results' downloads (spec section 9) as files: built here, saved by the panel. */

export const NO_AUDIO_TITLE = 'No Audio';
export const NO_AUDIO_TEXT = 'No test data available to generate audio.';
export const AUDIO_FAILED_TITLE = 'Audio Generation Failed';

export interface DownloadFile {
  blob: Blob;
  fileName: string;
}

export interface TestFacts {
  studentName: string;
  answers: readonly SpeakingTestAnswer[];
  questions: QuestionSet;
  startedAt: number;
  completedAt: number;
  timeZone: string;
  /** Recorded, but the browser transcribed nothing (no speech recognition). */
  noTranscript?: boolean;
}

const text = (content: string) => new Blob([content], { type: 'text/plain;charset=utf-8' });

export function transcriptFile(facts: TestFacts, result: SpeakingTestResult): DownloadFile {
  const completedAt = new Date(facts.completedAt);
  return {
    blob: text(
      buildTranscriptText({
        studentName: facts.studentName,
        completedAt,
        timeZone: facts.timeZone,
        durationSeconds: Math.max(0, (facts.completedAt - facts.startedAt) / 1000),
        result,
        answers: facts.answers,
        cueCard: facts.questions.part2[0],
        noTranscript: facts.noTranscript === true,
      }),
    ),
    fileName: transcriptFileName(completedAt, facts.timeZone),
  };
}

/** The complete-audio description (the timeline estimate); null when there is nothing to describe. */
export function audioDescriptionFile(facts: TestFacts): DownloadFile | null {
  if (facts.answers.length === 0) return null;
  const completedAt = new Date(facts.completedAt);
  return {
    blob: text(
      buildAudioDescriptionText({
        studentName: facts.studentName,
        completedAt,
        timeZone: facts.timeZone,
        answers: facts.answers,
        cueCard: facts.questions.part2[0],
        noTranscript: facts.noTranscript === true,
      }),
    ),
    fileName: audioDescriptionFileName(completedAt, facts.timeZone),
  };
}

/** Spec: the download is mp4 on Apple devices (mp4 or AAC recordings) and webm elsewhere. */
export function downloadExtension(mimeType: string): 'mp4' | 'webm' {
  const extension = recordingExtension(mimeType);
  return extension === 'mp4' || extension === 'aac' ? 'mp4' : 'webm';
}

/** The response recording; null when there is none or it is empty. */
export function recordingFile(recording: { blob: Blob; mimeType: string } | null, completedAt: number, timeZone: string): DownloadFile | null {
  if (recording === null || recording.blob.size === 0) return null;
  return { blob: recording.blob, fileName: recordingFileName(new Date(completedAt), timeZone, downloadExtension(recording.mimeType)) };
}
