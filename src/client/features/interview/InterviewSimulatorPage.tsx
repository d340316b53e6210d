import { Button, Container, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  buildInterviewTranscriptText,
  generateInterviewQuestions,
  interviewAudioFileName,
  interviewTranscriptFileName,
  type InterviewQuestion,
} from '../../../shared/interview';
import { savedRecordingAttemptId } from '../../components/attempt/saved-recording';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadError } from '../../components/LoadError';
import { useCurrentUser } from '../../lib/auth/current-user';
import { saveFile } from '../../lib/download';
import { toastError } from '../../lib/notify';
import { recordingExtension, recordingToWav } from '../../speech';
import { useInterviewProfile } from './api/interview-profile';
import { useStudentProfile } from '../../lib/student-profile';
import { scoreAnswers, selectInterviewView } from './flow';
import { ActiveView } from './simulator/ActiveView';
import { CompletedView } from './simulator/CompletedView';
import { LEAVE_CONFIRMATION, reloadedDuringInterview } from './simulator/leave-guard';
import { PermissionView } from './simulator/PermissionView';
import { useInterviewSession } from './simulator/use-interview-session';
import { WelcomeView } from './simulator/WelcomeView';

const DASHBOARD_PATH = '/interview-dashboard';

export default function InterviewSimulatorPage() {
  const navigate = useNavigate();
  const [ended] = useState(reloadedDuringInterview);
  const user = useCurrentUser();
  const profile = useInterviewProfile();
  const student = useStudentProfile();

  useEffect(() => {
    if (ended) void navigate('/', { replace: true });
  }, [ended, navigate]);

  const studentName = student.data?.student.studentName ?? '';
  const questions = useMemo(() => (profile.data ? generateInterviewQuestions(profile.data, studentName) : []), [profile.data, studentName]);

  if (ended || profile.isPending || student.isPending || user.isPending) return <FullPageLoader label="Preparing your interview…" />;
  const error = profile.error ?? student.error ?? user.error;
  if (error || !user.data) {
    return (
      <Container size="sm" py="xl">
        <LoadError
          what="interview"
          error={error ?? new Error('You are not signed in.')}
          retry={() => void Promise.all([profile.refetch(), student.refetch(), user.refetch()])}
          retrying={profile.isFetching || student.isFetching}
        />
      </Container>
    );
  }
  return <Simulator questions={questions} studentName={studentName} userId={user.data.id} />;
}

function Simulator({ questions, studentName, userId }: { questions: readonly InterviewQuestion[]; studentName: string; userId: number }) {
  const navigate = useNavigate();
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
        <CompletedView
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
      <Modal opened={blocked} onClose={() => blocker.reset?.()} title="Leave the interview?" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
        <Stack gap="md">
          <Text size="sm">{LEAVE_CONFIRMATION}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
              Stay in the interview
            </Button>
            <Button color="red.9" onClick={() => blocker.proceed?.()}>
              Leave and end the interview
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
