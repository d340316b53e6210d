import { Container } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { InterviewProfile } from '../../../../shared/api/interview';
import {
  buildInterviewTranscriptText,
  generateInterviewQuestions,
  interviewAudioFileName,
  interviewTranscriptFileName,
} from '../../../../shared/interview';
import { savedRecordingAttemptId } from '../../../components/attempt/saved-recording';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { saveFile } from '../../../lib/download';
import { laterPart } from '../../../lib/later-part';
import { toastError } from '../../../lib/notify';
import { recordingExtension, recordingToWav } from '../../../speech';
import { isInterviewRunning, scoreAnswers, selectInterviewView } from '../flow';
import { ActiveView } from './ActiveView';
import type { CompletedViewProps } from './CompletedView';
import { PermissionView } from './PermissionView';
import { useInterviewSession } from './use-interview-session';
import { WelcomeView } from './WelcomeView';

const DASHBOARD_PATH = '/interview-dashboard';

/*
 * The simulator's part of /interview-simulator, loaded by the page in parallel with the profile it is
 * built from (decision 0023). The completed view (scores, recording evidence) and the "Leave the
 * interview?" dialog load when the interview starts, not before.
 */
const completedView = laterPart<CompletedViewProps>(async () => (await import('./CompletedView')).CompletedView, <FullPageLoader label="Working out your scores…" />);
const LeaveInterviewDialog = lazy(async () => ({ default: (await import('./LeaveInterviewDialog')).LeaveInterviewDialog }));

export interface SimulatorProps {
  profile: InterviewProfile | undefined;
  studentName: string;
  userId: number;
}

export function Simulator({ profile, studentName, userId }: SimulatorProps) {
  const navigate = useNavigate();
  const questions = useMemo(() => (profile ? generateInterviewQuestions(profile, studentName) : []), [profile, studentName]);
  const { state, dispatch, attemptId, saveStatus, recording, blocker } = useInterviewSession({ questions, studentName, userId });
  const model = selectInterviewView(state);
  const [requesting, setRequesting] = useState(false);
  const [preparingAudio, setPreparingAudio] = useState(false);
  const wav = useRef<Promise<Blob> | null>(null);

  const completed = state.view === 'completed';
  const { answers } = state;
  const report = useMemo(
    () =>
      completed && answers.length > 0 && state.transcription === 'live'
        ? scoreAnswers(answers)
        : null,
    [completed, answers, state.transcription],
  );

  useEffect(() => {
    if (state.view !== 'permission') setRequesting(false);
  }, [state.view]);
  const running = isInterviewRunning(state);
  useEffect(() => {
    if (running) completedView.preload();
  }, [running]);
  // A refusal keeps the permission screen (with its toast): the button works again.
  useEffect(() => {
    if (state.commands.some((command) => command.type === 'toast')) setRequesting(false);
  }, [state.commands]);

  // The WAV is made once, in the background, as soon as the recording has stopped.
  useEffect(() => {
    if (!recording) return;
    wav.current = recordingToWav(recording.blob);
    wav.current.catch(() => undefined);
  }, [recording]);

  const downloadTranscript = () => {
    const text = buildInterviewTranscriptText(answers);
    saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), interviewTranscriptFileName(new Date()));
  };

  const downloadAudio = async () => {
    if (!recording) return;
    setPreparingAudio(true);
    try {
      const blob = await (wav.current ??= recordingToWav(recording.blob));
      saveFile(blob, interviewAudioFileName(new Date()));
    } catch (error) {
      wav.current = null;
      toastError('Audio Generation Failed', `${error instanceof Error ? error.message : String(error)} The original recording is downloaded instead.`);
      saveFile(recording.blob, interviewAudioFileName(new Date()).replace(/\.wav$/, `.${recordingExtension(recording.mimeType)}`));
    } finally {
      setPreparingAudio(false);
    }
  };

  let view = null;
  switch (model.view) {
    case 'permission':
      view = (
        <PermissionView
          model={model}
          requesting={requesting}
          onAllow={() => {
            setRequesting(true);
            dispatch({ type: 'REQUEST_MICROPHONE' });
          }}
        />
      );
      break;
    case 'welcome':
      view = <WelcomeView model={model} onStart={() => dispatch({ type: 'START' })} />;
      break;
    case 'active':
      view = <ActiveView model={model} onToggleRecording={() => dispatch({ type: 'TOGGLE_RECORDING' })} onNext={() => dispatch({ type: 'NEXT' })} />;
      break;
    case 'completed':
      view = (
        <completedView.Part
          model={model}
          report={report}
          saveStatus={saveStatus}
          onDownloadTranscript={downloadTranscript}
          onDownloadAudio={() => void downloadAudio()}
          preparingAudio={preparingAudio}
          onBack={() => void navigate(DASHBOARD_PATH)}
          recordingAttemptId={savedRecordingAttemptId(attemptId, saveStatus, recording !== null && recording.blob.size > 0)}
        />
      );
      break;
    case 'ended':
      view = <FullPageLoader label="The interview has ended." />;
      break;
  }

  const blocked = blocker.state === 'blocked';
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
      {view}
      {/* Mounted (and loaded) once the interview runs, so that it opens as it always did. */}
      {running || blocked ? (
        <Suspense fallback={null}>
          <LeaveInterviewDialog opened={blocked} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
        </Suspense>
      ) : null}
    </Container>
  );
}
