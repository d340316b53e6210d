import { Button, Group } from '@mantine/core';
import type { SpeakingTestAnswer } from '../../../../shared/speaking-test/answer';
import type { QuestionSet } from '../../../../shared/speaking-test/questions';
import type { SpeakingTestResult } from '../../../../shared/speaking-test/scoring';
import { useCurrentUser } from '../../../lib/auth/current-user';
import { deviceTimeZone, saveFile } from '../../../lib/download';
import { toastError } from '../../../lib/notify';
import { readStudentInfo } from '../../../lib/student-info';
import { AUDIO_FAILED_TITLE, audioDescriptionFile, NO_AUDIO_TEXT, NO_AUDIO_TITLE, recordingFile, transcriptFile, type TestFacts } from './downloads';

export interface DownloadButtonsProps {
  answers: SpeakingTestAnswer[];
  questions: QuestionSet;
  startedAt: number;
  completedAt: number;
  recording: { blob: Blob; mimeType: string } | null;
  result: SpeakingTestResult;
  /** Recorded, but the browser transcribed nothing: the downloads say so of each empty answer. */
  noTranscript?: boolean;
}

/** Download Transcript, Download Audio (the raw recording) and the audio timeline (spec sections 8 and 9). */
export function DownloadButtons({ answers, questions, startedAt, completedAt, recording, result, noTranscript = false }: DownloadButtonsProps) {
  const { data: user } = useCurrentUser();
  const studentName = user?.actingStudent?.studentName ?? readStudentInfo()?.studentName ?? user?.displayName ?? 'Student';
  const facts: TestFacts = { studentName, answers, questions, startedAt, completedAt, timeZone: deviceTimeZone(), noTranscript };

  const downloadTranscript = () => {
    const file = transcriptFile(facts, result);
    saveFile(file.blob, file.fileName);
  };
  const downloadAudio = () => {
    const file = recordingFile(recording, completedAt, facts.timeZone);
    if (file === null) {
      toastError(NO_AUDIO_TITLE, NO_AUDIO_TEXT);
      return;
    }
    saveFile(file.blob, file.fileName);
  };
  const downloadAudioDescription = () => {
    let file;
    try {
      file = audioDescriptionFile(facts);
    } catch {
      const raw = recordingFile(recording, completedAt, facts.timeZone);
      toastError(AUDIO_FAILED_TITLE, raw ? 'The complete audio could not be described, so your recording is downloaded instead.' : NO_AUDIO_TEXT);
      if (raw) saveFile(raw.blob, raw.fileName);
      return;
    }
    if (file === null) {
      toastError(NO_AUDIO_TITLE, NO_AUDIO_TEXT);
      return;
    }
    saveFile(file.blob, file.fileName);
  };

  return (
    <Group gap="sm" wrap="wrap">
      <Button variant="light" onClick={downloadTranscript}>
        Download Transcript
      </Button>
      <Button variant="light" onClick={downloadAudio}>
        Download Audio
      </Button>
      <Button variant="subtle" onClick={downloadAudioDescription}>
        Download Audio Timeline
      </Button>
    </Group>
  );
}
