import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
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
import { MICROPHONE_ISSUE_TITLE, recordingExtension, recordingToWav, withoutMicrophonePrefix } from '../../../speech';
import { primeSpeech } from '../../../speech/prime-voice';
import { readDeviceInfo } from '../../../lib/device';
import { isInterviewRunning, selectInterviewView } from '../flow';
import { ActiveView } from './ActiveView';
import type { CompletedViewProps } from './CompletedView';
import type { LeaveInterviewDialog } from './LeaveInterviewDialog';
import type { MicrophoneProblem } from './PermissionView';
import { useAskBeforeSignOut } from '../../../lib/leave-guard';
import { useInterviewSession } from './use-interview-session';
import { WelcomeView } from './WelcomeView';

const DASHBOARD_PATH = '/interview-dashboard';

/*
 * The simulator's part of /interview-simulator: the interview itself (the flow, the speech and
 * recording code, the outbox), loaded by the page once the student starts using it (decision 0023).
 * Its first view, the microphone permission, is the page's own (../InterviewSimulatorPage), drawn
 * before this part has loaded and kept in place while it runs: this part asks for the microphone
 * each time the page's button is pressed, tells the page when a request has been answered, and
 * draws the views after it. The completed view (scores, recording evidence) and the "Leave the
 * interview?" dialog load when the interview starts, not before.
 */
const completedView = laterPart<CompletedViewProps>(async () => (await import('./CompletedView')).CompletedView, <FullPageLoader label="Working out your scores…" />);
// A laterPart, not a bare lazy(): a failed download is tried again instead of taking the page down (TestSession.tsx).
const leaveDialog = laterPart<ComponentProps<typeof LeaveInterviewDialog>>(async () => (await import('./LeaveInterviewDialog')).LeaveInterviewDialog, null);

export interface SimulatorProps {
  profile: InterviewProfile | undefined;
  studentName: string;
  userId: number;
  /** How many times the permission view's button has been pressed: each press asks for the microphone once. */
  microphoneAsks: number;
  /** A request for the microphone was answered with a refusal (the button works again), with why and what to do (the spec's microphone text). */
  onMicrophoneRefused: (problem: MicrophoneProblem | null) => void;
  /** Whether the permission view (the page's) is the view to show. */
  onPermissionView: (shown: boolean) => void;
}

export function Simulator({ profile, studentName, userId, microphoneAsks, onMicrophoneRefused, onPermissionView }: SimulatorProps) {
  const navigate = useNavigate();
  const questions = useMemo(() => (profile ? generateInterviewQuestions(profile, studentName) : []), [profile, studentName]);
  const { state, dispatch, attemptId, saveStatus, recording, blocker, allowLeaving } = useInterviewSession({ questions, studentName, userId });
  const model = selectInterviewView(state);
  const [preparingAudio, setPreparingAudio] = useState(false);
  const wav = useRef<Promise<Blob> | null>(null);

  const completed = state.view === 'completed';
  const { answers } = state;
  // The report the flow computed when the interview completed; shown only when there were answers and a live transcript.
  const report = completed && answers.length > 0 && state.transcription === 'live' ? state.report : null;

  // Each press of the page's "Allow Microphone Access" asks once (a ref, so that StrictMode's second run does not ask again).
  const asked = useRef(0);
  useEffect(() => {
    if (microphoneAsks <= asked.current) return;
    asked.current = microphoneAsks;
    dispatch({ type: 'REQUEST_MICROPHONE' });
  }, [microphoneAsks, dispatch]);
  // Before the paint, so that the permission view and the next one are never on screen together.
  const permissionShown = state.view === 'permission';
  useLayoutEffect(() => onPermissionView(permissionShown), [permissionShown, onPermissionView]);
  const running = isInterviewRunning(state);
  // The header's Sign out asks in the same dialog as a link would.
  const signOutQuestion = useAskBeforeSignOut(running);
  useEffect(() => {
    if (running) completedView.preload();
  }, [running]);
  // A refusal keeps the permission screen (with its toast): the button works again.
  const refusals = state.microphoneRefusals;
  const problem = state.microphoneProblem;
  useEffect(() => {
    if (refusals > 0) onMicrophoneRefused(problem === null ? null : { title: MICROPHONE_ISSUE_TITLE, text: withoutMicrophonePrefix(problem) });
  }, [refusals, problem, onMicrophoneRefused]);

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
      // The page draws it (see above).
      break;
    case 'welcome':
      view = (
        <WelcomeView
          model={model}
          onStart={() => {
            primeSpeech(readDeviceInfo());
            dispatch({ type: 'START' });
          }}
        />
      );
      break;
    case 'active':
      view = (
        <ActiveView
          model={model}
          onToggleRecording={() => dispatch({ type: 'TOGGLE_RECORDING' })}
          onNext={() => dispatch({ type: 'NEXT' })}
          onResume={() => dispatch({ type: 'RESUME_INTERVIEW' })}
        />
      );
      break;
    case 'completed':
      view = (
        <completedView.Part
          model={model}
          report={report}
          saveStatus={saveStatus}
          attemptId={attemptId}
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
  const stay = () => (signOutQuestion.asking ? signOutQuestion.answer(false) : blocker.reset?.());
  const leave = () => {
    if (!signOutQuestion.asking) return blocker.proceed?.();
    allowLeaving();
    signOutQuestion.answer(true);
  };
  return (
    <>
      {view}
      {/* Mounted (and loaded) once the interview runs, so that it opens as it always did. */}
      {running || blocked ? (
        <leaveDialog.Part opened={blocked || signOutQuestion.asking} onStay={stay} onLeave={leave} />
      ) : null}
    </>
  );
}
